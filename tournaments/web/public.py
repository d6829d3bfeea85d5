"""Public pages without login: tournaments, live rankings, table plans and start cards.

Players check these on their phones at the table, so the pages are small and fast: every
page runs a fixed number of queries whatever the number of players, and every number on
them comes from a service (ranking, tables, statistics) — the views only choose what to
show. The live rankings are in ``web/rankings.py``.
"""

from collections import defaultdict

from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.models import Participant, Player, Publication, Seat, Series, Team, Tournament
from tournaments.services import statistics
from tournaments.services.errors import Rejected
from tournaments.services.input import ascii_whole_number
from tournaments.services.lists.overview import table_overviews
from tournaments.services.public_names import public_name, shows_player_page
from tournaments.text import sort_key
from tournaments.web.director.auth import director_required


@require_safe
def tournament_list(request):
    """All tournaments, grouped: running first, then upcoming (soonest first), then finished."""
    tournaments = Tournament.objects.select_related("club").annotate(
        participant_count=Count("participants")
    )
    groups = {status: [] for status in Tournament.Status}
    for tournament in tournaments:
        groups[Tournament.Status(tournament.status)].append(tournament)
    groups[Tournament.Status.PLANNED].sort(key=lambda t: (t.date, t.name))
    context = {
        "running": groups[Tournament.Status.RUNNING],
        "planned": groups[Tournament.Status.PLANNED],
        "finished": groups[Tournament.Status.FINISHED],
    }
    return render(request, "public/tournament_list.html", context)


@require_safe
def tournament_detail(request, tournament_id):
    """A tournament at a glance: its series, where to find the rankings, who takes part."""
    tournament = _tournament(tournament_id)
    series_list = _series_list(tournament, with_tables=True)
    people = list(
        tournament.participants.select_related("player__club", "team").order_by("start_number")
    )
    members = defaultdict(list)
    for participant in people:
        if participant.team_id is not None and not participant.withdrawn:
            members[participant.team_id].append(participant)
    teams = [
        {"team": team, "members": members[team.id]}
        for team in Team.objects.filter(tournament=tournament).select_related("club")
    ]
    context = {
        "tournament": tournament,
        "series_list": series_list,
        "participants": people,
        "teams": teams,
    }
    return render(request, "public/tournament_detail.html", context)


@require_safe
def table_plan(request, tournament_id, number):
    """Who sits where in a series (Tischplan), to hang up in the hall or to print on A4."""
    tournament = _tournament(tournament_id)
    series = get_object_or_404(Series, tournament=tournament, number=number)
    series.tournament = tournament
    tables = list(series.tables.order_by("number"))
    for table in tables:
        table.series = series
    overviews = table_overviews(tables, public=True)
    # The finder goes by last name, as people look for themselves; a player who hides it
    # is sorted by the name shown, so the order tells nothing about the hidden one.
    names = {
        pk: sort_name if publication == Publication.FULL else None
        for pk, sort_name, publication in Participant.objects.filter(
            seats__series=series
        ).values_list("pk", "player__sort_name", "player__publication")
    }
    finder = sorted(
        (
            {**seat, "table": overview["number"]}
            for overview in overviews
            for seat in overview["seats"]
        ),
        key=lambda seat: (
            names.get(seat["participant"]) or sort_key(seat["name"]),
            seat["start_number"],
            seat["from_game"],
        ),
    )
    context = {
        "tournament": tournament,
        "series": series,
        "tables": overviews,
        "finder": finder,
    }
    return render(request, "public/table_plan.html", context)


@director_required
@require_safe
def start_cards(request, tournament_id):
    """Start cards (Startkarten) with the PIN that confirms lists: for its directors only."""
    tournament = _tournament(tournament_id)
    places = defaultdict(list)
    for seat in (
        Seat.objects.filter(series__tournament=tournament)
        .values("participant", "number", "series__number", "table__number")
        .order_by("series__number")
    ):
        places[seat["participant"]].append(
            {
                "series": seat["series__number"],
                "table": seat["table__number"],
                "seat": seat["number"],
            }
        )
    cards = [
        {"participant": participant, "places": places[participant.id]}
        for participant in tournament.participants.filter(withdrawn=False)
        .select_related("player__club", "team")
        .order_by("start_number")
    ]
    context = {"tournament": tournament, "cards": cards}
    return render(request, "public/start_cards.html", context)


@require_safe
def player_detail(request, player_id):
    """A player's statistics and history over all tournaments, or over one year (``?jahr=``).
    Named as the player consented; a player who consented to no name has no page."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    if not shows_player_page(player):
        raise Http404
    year, status, errors = _year(request.GET.get("jahr")), 200, []
    try:
        numbers = statistics.player_statistics(player, year=year)
    except Rejected as rejected:
        status, year = 400, None
        errors = [problem.text(gettext) for problem in rejected.problems]
        numbers = statistics.player_statistics(player)
    context = {
        "player": player,
        "shown": public_name(player),
        "statistics": numbers,
        "win_percent": None if numbers.win_rate is None else round(numbers.win_rate * 100, 1),
        "year": year,
        "years": [
            day.year
            for day in Tournament.objects.filter(participants__player=player).dates(
                "date", "year", order="DESC"
            )
        ],
        "errors": errors,
    }
    return render(request, "public/player_detail.html", context, status=status)


def _year(text):
    """The ``?jahr=`` parameter: None when absent; anything else goes to the service to check."""
    if not text:
        return None
    number = ascii_whole_number(text)
    return text if number is None else number


def _tournament(tournament_id) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)


def _series_list(tournament, with_tables=False) -> list[Series]:
    series_list = tournament.series.order_by("number")
    if with_tables:
        series_list = series_list.annotate(table_count=Count("tables"))
    return list(series_list)
