"""A series of a tournament: adding it, its page, the draw and the table codes."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import (
    Series,
    Tournament,
)
from tournaments.services import (
    draw,
    draw_preview,
    participants,
    table_access,
)
from tournaments.services.errors import Rejected
from tournaments.web import forms
from tournaments.web.director.auth import director_required
from tournaments.web.director.tables import table_rows


def series_downloads(series: Series) -> list[dict]:
    base = f"/api/v1/series/{series.id}"
    return [
        {
            "label": gettext("Table cards with codes, to cut out (PDF)"),
            "url": f"{base}/table-cards.pdf",
        },
        {"label": gettext("All lists (PDF)"), "url": f"{base}/lists.pdf"},
        {"label": gettext("All lists (Excel)"), "url": f"{base}/lists.xlsx"},
        {"label": gettext("Table plan (PDF)"), "url": f"{base}/table-plan.pdf"},
        {"label": gettext("Series ranking (PDF)"), "url": f"{base}/ranking.pdf"},
        {"label": gettext("Series ranking (Excel)"), "url": f"{base}/ranking.xlsx"},
        {"label": gettext("Series ranking (CSV)"), "url": f"{base}/ranking.csv"},
    ]


@director_required
@require_POST
def series_add(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        series = participants.add_series(tournament)
    except Rejected as rejected:
        forms.message_problems(request, rejected)
        return redirect("web:director-tournament", tournament.id)
    messages.success(
        request, gettext("Series %(number)d has been added.") % {"number": series.number}
    )
    return redirect("web:director-series", series.id)


@director_required
@require_http_methods(["GET", "HEAD"])
def series_detail(request, series_id):
    series = _series(series_id)
    return _series_page(request, series)


def _series(series_id) -> Series:
    return get_object_or_404(Series.objects.select_related("tournament__club"), pk=series_id)


def _series_page(request, series, *, draw_form=None, draw_notice=""):
    tables = list(series.tables.order_by("number"))
    for table in tables:
        table.series = series
    rows = table_rows(tables)
    has_games = any(row["games_entered"] for row in rows)
    if draw_form is None:
        draw_form = forms.DrawForm(
            initial={
                "mode": series.draw_mode or forms.DrawForm.base_fields["mode"].initial,
                "prefer_three": series.draw_prefer_three,
                "separate_clubs": series.draw_separate_clubs,
                "seen_draw": draw.draw_token(series),
            }
        )
    present = series.tournament.participants.filter(withdrawn=False).count()
    conflicts = []
    if rows and series.drawn_at is not None:
        conflicts = [conflict.text(gettext) for conflict in draw.stored_draw(series).conflicts]
    context = {
        "tournament": series.tournament,
        "series": series,
        "rows": rows,
        "has_games": has_games,
        # Codes only for lists a device may still keep (services/table_access.py).
        "missing_codes": series.status != Series.Status.FINISHED
        and any(
            row["is_open"]
            and (not row["code"] or (series.tournament.two_lists and not row["table"].second_code))
            for row in rows
        ),
        "conflicts": conflicts,
        "draw_form": draw_form,
        "draw_notice": draw_notice,
        "present": present,
        "downloads": series_downloads(series),
        "open_lists": [row for row in rows if row["is_open"]],
        "reopen_form": forms.ReasonForm(prefix="reopen"),
    }
    return render(request, "director/series.html", context)


@director_required
@require_POST
def series_draw(request, series_id):
    """Draw (or redraw) the tables of a series; conflicts that remain are shown as warnings.

    When two wishes cannot both be met (a seeded draw keeping club mates apart), the page
    first says which one gives way and why, with the seed of that draw; drawing then
    stores exactly the previewed tables (services/draw_preview.py)."""
    series = _series(series_id)
    form = forms.DrawForm(request.POST)
    if form.is_valid():
        options = dict(form.cleaned_data)
        if not options.pop("accept_preview"):
            preview = draw_preview.preview_draw(
                series,
                mode=options["mode"],
                seed=options["seed"],
                prefer_three=options["prefer_three"],
                separate_clubs=options["separate_clubs"],
            )
            if preview.gave_way:
                return _series_page(
                    request,
                    series,
                    draw_form=_previewed_form(form, preview.seed),
                    draw_notice=preview.text(gettext),
                )
        try:
            result = draw.draw_series(series, **options, user=request.user)
        except Rejected as rejected:
            form = _draw_form_now(form, series)
            forms.add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("Series %(number)d has been drawn (seed %(seed)d).")
                % {"number": series.number, "seed": result.seed},
            )
            for conflict in result.conflicts:
                messages.warning(request, conflict.text(gettext))
            return redirect("web:director-series", series.id)
    return _series_page(request, series, draw_form=form)


def _previewed_form(form, seed):
    """The form as typed, with the previewed seed, accepting the preview when sent again."""
    data = form.data.copy()
    data["seed"] = str(seed)
    data["accept_preview"] = "on"
    previewed = forms.DrawForm(data)
    previewed.is_valid()
    return previewed


def _draw_form_now(form, series):
    """The refused form again, as typed, but for the draw the series has now: "Draw again"
    on the page that says what changed replaces the tables the director now sees."""
    data = form.data.copy()
    data["seen_draw"] = draw.draw_token(series)
    refreshed = forms.DrawForm(data)
    refreshed.is_valid()
    return refreshed


@director_required
@require_POST
def series_codes(request, series_id):
    """Issue a table code for every table of the series that has none yet."""
    series = _series(series_id)
    issued = 0
    lists = [table_access.LIST_A]
    if series.tournament.two_lists:
        lists.append(table_access.LIST_B)
    for table in series.tables.order_by("number"):
        missing = [kept for kept in lists if not table_access.code_of(table, kept)]
        try:
            for kept_list in missing:
                table_access.issue_code(table, request.user, kept_list=kept_list)
        except Rejected as rejected:
            forms.message_problems(request, rejected)
            break
        issued += len(missing)
    if issued:
        messages.success(
            request,
            ngettext(
                "%(count)d table code has been issued.",
                "%(count)d table codes have been issued.",
                issued,
            )
            % {"count": issued},
        )
    return redirect("web:director-series", series.id)
