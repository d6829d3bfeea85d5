"""Fixtures from a file on the group leader's pages: upload, preview per row, save all."""

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from league.models import LeagueGroup
from league.services import fixture_import
from tournaments.services.errors import Rejected

from .access import league_page

SESSION_KEY = "league-fixtures-{id}"


class FixtureUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Fixture list (CSV or Excel)"),
        help_text=gettext_lazy(
            "One row per venue: Spieltag, Datum, Ausrichter, Gast 1, Gast 2, Gast 3."
        ),
    )


def _group(group_id) -> LeagueGroup:
    return get_object_or_404(LeagueGroup.objects.select_related("league"), pk=group_id)


@league_page("may_follow_group")
@require_http_methods(["GET", "HEAD", "POST"])
def fixture_upload(request, group_id):
    group = _group(group_id)
    errors = []
    form = FixtureUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            name, records = fixture_import.read_fixture_records(upload.name, upload.read())
            fixture_import.preview_records(group, name, records)
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            request.session[SESSION_KEY.format(id=group.pk)] = {"file": name, "rows": records}
            return redirect("league:fixture-preview", group.pk)
    return render(
        request,
        "league/manage/fixture_upload.html",
        {"group": group, "form": form, "errors": errors},
        status=400 if errors else 200,
    )


@league_page("may_follow_group")
@require_http_methods(["GET", "HEAD", "POST"])
def fixture_preview(request, group_id):
    group = _group(group_id)
    key = SESSION_KEY.format(id=group.pk)
    stored = request.session.get(key)
    if not stored:
        messages.info(request, gettext("Upload a fixture list first."))
        return redirect("league:fixture-upload", group.pk)
    records = [(line, cells) for line, cells in stored["rows"]]
    errors = []
    if request.method == "POST":
        if "cancel" in request.POST:
            del request.session[key]
            messages.info(request, gettext("The import has been cancelled; nothing was changed."))
            return redirect("league:group-admin", group.pk)
        try:
            days = fixture_import.commit_records(group, stored["file"], records, user=request.user)
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            del request.session[key]
            messages.success(
                request,
                ngettext(
                    "%(count)d match day has been created.",
                    "%(count)d match days have been created.",
                    len(days),
                )
                % {"count": len(days)},
            )
            return redirect("league:group-admin", group.pk)
    preview = fixture_import.preview_records(group, stored["file"], records)
    lines = [
        {"line": line, "problems": [problem.text(gettext) for problem in line.problems]}
        for line in preview.lines
    ]
    return render(
        request,
        "league/manage/fixture_preview.html",
        {
            "group": group,
            "file": stored["file"],
            "preview": preview,
            "lines": lines,
            "errors": errors,
        },
    )
