"""The director's tournaments: the list, a new one from a preset, its settings, its dashboard."""

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from tournaments.models import (
    Table,
    Tournament,
)
from tournaments.services import (
    money,
    more_downloads,
    ranking,
    roles,
)
from tournaments.web import dashboard_links, forms
from tournaments.web.director.auth import director_required
from tournaments.web.director.page_links import tournament_links
from tournaments.web.director.participants import registration_text
from tournaments.web.director.tables import table_rows

LIVE_RANKING_SIZE = 10
OPEN_TASKS_SHOWN = 12  # tables named in the to-do list; the grids below mark all of them


@director_required
@require_http_methods(["GET", "HEAD"])
def home(request):
    """The tournaments the user directs, newest first, and the presets to start a new one."""
    tournaments = (
        roles.directed_tournaments(request.user, Tournament.objects.select_related("club"))
        .annotate(
            participant_count=Count("participants", distinct=True),
            series_count=Count("series", distinct=True),
        )
        .order_by("-date", "name")
    )
    return render(
        request,
        "director/home.html",
        {
            "tournaments": tournaments,
            "presets": forms.PRESETS.values(),
            "has_demo": any(tournament.is_demo for tournament in tournaments),
            "app_links": dashboard_links.dashboard_links(request.user),
        },
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_new(request):
    """A new tournament from a preset (club evening, open tournament), adjusted before saving."""
    slug = request.GET.get("vorlage", forms.DEFAULT_PRESET)
    preset = forms.PRESETS.get(slug, forms.PRESETS[forms.DEFAULT_PRESET])
    if request.method == "POST":
        form = _own_clubs(request, forms.TournamentForm(request.POST))
        if form.is_valid():
            tournament = form.save()
            messages.success(
                request,
                gettext("The tournament %(name)s has been created.") % {"name": tournament.name},
            )
            return redirect("web:director-tournament", tournament.id)
    else:
        form = _own_clubs(request, forms.TournamentForm(initial=preset.initial()))
    return render(
        request,
        "director/tournament_form.html",
        {"form": form, "preset": preset, "presets": forms.PRESETS.values(), "tournament": None},
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_edit(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        form = _own_clubs(request, forms.TournamentForm(request.POST, instance=tournament))
        if form.is_valid():
            form.save()
            messages.success(request, gettext("The settings have been saved."))
            return redirect("web:director-tournament", tournament.id)
    else:
        form = _own_clubs(request, forms.TournamentForm(instance=tournament))
    return render(
        request,
        "director/tournament_form.html",
        {"form": form, "tournament": tournament, "preset": None, "presets": ()},
    )


def _own_clubs(request, form):
    """Offer only the clubs the user may organise events for (services/roles.py)."""
    form.fields["club"].queryset = roles.organisable_clubs(
        request.user, form.fields["club"].queryset
    )
    return form


@director_required
@require_http_methods(["GET", "HEAD"])
def dashboard(request, tournament_id):
    """Everything about one tournament at a glance, in a constant number of queries."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    return render(request, "director/dashboard.html", _dashboard_context(tournament))


def _dashboard_context(tournament: Tournament) -> dict:
    series_list = list(tournament.series.order_by("number"))
    series_by_id = {series.id: series for series in series_list}
    for series in series_list:
        series.tournament = tournament
        series.table_rows = []
    tables = list(
        Table.objects.filter(series__tournament=tournament).order_by("series__number", "number")
    )
    for table in tables:
        table.series = series_by_id[table.series_id]
    rows = table_rows(tables)
    for row in rows:
        series_by_id[row["series"]].table_rows.append(row)
    for series in series_list:
        series.games_entered = sum(row["games_entered"] for row in series.table_rows)
        series.games_planned = sum(row["games_planned"] for row in series.table_rows)
    unfinished = [s for s in series_list if s.status != s.Status.FINISHED]
    # Who still owes money, asked only when the finish is the next step (docs/money.md).
    ready_to_finish = not unfinished and tournament.status != Tournament.Status.FINISHED
    counts = tournament.participants.aggregate(
        registered=Count("id"), withdrawn=Count("id", filter=Q(withdrawn=True))
    )
    return {
        "tournament": tournament,
        "app_links": tournament_links(tournament),
        "series_list": series_list,
        "participant_count": counts["registered"],
        "withdrawn_count": counts["withdrawn"],
        "tables_missing_games": [row for row in rows if row["missing"] and row["is_open"]],
        "unsigned_lists": [row for row in rows if row["awaiting_signatures"]],
        "two_lists": tournament.two_lists,
        "tables_with_differences": [row for row in rows if row["open_differences"]],
        "ranking": ranking.rank_tournament(tournament)[:LIVE_RANKING_SIZE],
        "registration_problem": registration_text(tournament),
        "downloads": _tournament_downloads(tournament),
        "todo_count": OPEN_TASKS_SHOWN,
        "todo_limit": f":{OPEN_TASKS_SHOWN}",
        "unfinished_series": unfinished,
        "open_money": money.open_money(tournament) if ready_to_finish else [],
        "reopen_form": forms.ReasonForm(prefix="reopen"),
        # The reopen confirmation shows the payouts that stay recorded (docs/money.md).
        "paid_places": [place for place in money.prize_places(tournament) if place.paid_out]
        if tournament.status == Tournament.Status.FINISHED
        else [],
    }


def _tournament_downloads(tournament: Tournament) -> list[dict]:
    base = f"/api/v1/tournaments/{tournament.id}"
    return [
        {"label": gettext("Ranking (PDF)"), "url": f"{base}/ranking.pdf"},
        {"label": gettext("Ranking (Excel)"), "url": f"{base}/ranking.xlsx"},
        {"label": gettext("Ranking (CSV)"), "url": f"{base}/ranking.csv"},
        {"label": gettext("Start cards (PDF)"), "url": f"{base}/start-cards.pdf"},
        *more_downloads.downloads_of(tournament),
    ]
