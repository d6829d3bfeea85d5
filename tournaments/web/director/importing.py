"""Importing participants from a CSV or Excel file: upload, preview, apply."""

import dataclasses

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from tournaments.models import (
    Tournament,
)
from tournaments.services import (
    player_import,
)
from tournaments.services.errors import Rejected
from tournaments.services.input import ascii_whole_number
from tournaments.web import forms
from tournaments.web.director.auth import director_required
from tournaments.web.director.participants import registration_text

IMPORT_SESSION_KEY = "director-import-{id}"


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_upload(request, tournament_id):
    """Upload a CSV/XLSX player list; the rows are kept in the session for the preview."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        form = forms.ImportUploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                rows = player_import.read_player_rows(upload.name, upload.read())
            except Rejected as rejected:
                forms.add_problems(form, rejected)
            else:
                request.session[IMPORT_SESSION_KEY.format(id=tournament.id)] = {
                    "file": upload.name,
                    "rows": [dataclasses.asdict(row) for row in rows],
                }
                return redirect("web:director-import-preview", tournament.id)
    else:
        form = forms.ImportUploadForm()
    return render(
        request,
        "director/import_upload.html",
        {
            "tournament": tournament,
            "form": form,
            "registration_problem": registration_text(tournament),
        },
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_preview(request, tournament_id):
    """What importing each row would do; confirming registers the importable rows."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    key = IMPORT_SESSION_KEY.format(id=tournament.id)
    stored = request.session.get(key)
    if not stored:
        messages.info(request, gettext("Upload a player list first."))
        return redirect("web:director-import", tournament.id)
    rows = [player_import.ImportRow(**row) for row in stored["rows"]]
    errors = []
    resolutions = _import_resolutions(request.POST) if request.method == "POST" else {}
    if request.method == "POST":
        if "cancel" in request.POST:
            del request.session[key]
            messages.info(request, gettext("The import has been cancelled; nothing was changed."))
            return redirect("web:director-participants", tournament.id)
        try:
            result = player_import.commit_import(
                tournament, rows, resolutions=resolutions, user=request.user
            )
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            del request.session[key]
            messages.success(request, _import_message(result))
            return redirect("web:director-participants", tournament.id)
    preview = player_import.preview_import(tournament, rows, resolutions)
    return render(
        request,
        "director/import_preview.html",
        {
            "tournament": tournament,
            "file": stored["file"],
            "preview": preview,
            "lines": [
                {
                    "line": line,
                    "problems": [problem.text(gettext) for problem in line.problems],
                    "notes": [note.text(gettext) for note in line.notes],
                    "resolution": resolutions.get(line.row.line, ""),
                }
                for line in preview.lines
            ],
            "errors": errors,
            "resolution_choices": player_import.Resolution.choices,
        },
    )


def _import_resolutions(data) -> dict[int, str]:
    """The director's choices for conflicting rows, from the fields ``resolution-<line>``."""
    choices = {}
    for name, value in data.items():
        line = ascii_whole_number(name.removeprefix("resolution-"))
        if name.startswith("resolution-") and line is not None:
            if value in player_import.Resolution.values:
                choices[line] = value
    return choices


def _import_message(result) -> str:
    text = ngettext(
        "%(count)d player has been registered.",
        "%(count)d players have been registered.",
        result.registered,
    ) % {"count": result.registered}
    if result.matched_players:
        text += " " + gettext("(%(new)d new, %(existing)d already known)") % {
            "new": result.created_players,
            "existing": result.matched_players,
        }
    if result.skipped:
        text += " " + ngettext(
            "%(count)d row was skipped.", "%(count)d rows were skipped.", result.skipped
        ) % {"count": result.skipped}
    return text
