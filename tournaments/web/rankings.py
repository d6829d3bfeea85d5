"""The public live rankings (series, tournament, teams): cheap for hundreds of phones.

Every answer is keyed by the tournament version (``services/versions.py``): a browser that
asks again gets ``304 Not Modified`` (``web/conditional.py``), a new visitor gets the
ranking table rendered once per version from the cache, and a long ranking comes in pages
of 100 with "find my name" (``web/paging.py``). While a series is running,
``static/js/live.js`` polls ``…/version`` and fetches ``?fragment=1`` only when the
version moved; that table is rendered at most every few seconds (``web/live_table.py``).
"""

import hashlib

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from tournaments.models import Participant, Series, Tournament
from tournaments.services import money, ranking_cache
from tournaments.services.result_access import Access, refuse_withheld

from .conditional import live_page, request_version
from .live_table import live_table
from .paging import NAME_PARAMETER, PAGE_PARAMETER, ranking_page

LIVE_INTERVAL_SECONDS = 30
TEAM_PAGE_SIZE = 25
FRAGMENT_CACHE_SECONDS = 6 * 60 * 60


@live_page
@require_safe
@live_table
def tournament_ranking(request, tournament_id):
    """The tournament ranking (sum of all series); live while the tournament is running."""
    tournament = _tournament(tournament_id, request)
    return _ranking_page(
        request,
        tournament,
        rows_of=lambda version: ranking_cache.tournament_ranking(tournament, version),
        live=tournament.status == Tournament.Status.RUNNING,
        series=None,
        finished_at=_finished_at(tournament),
    )


@live_page
@require_safe
@live_table
def series_ranking(request, tournament_id, number):
    """The ranking of one series; live while that series is running."""
    tournament = _tournament(tournament_id, request)
    series = get_object_or_404(Series, tournament=tournament, number=number)
    series.tournament = tournament
    live = (
        series.status == Series.Status.RUNNING and tournament.status != Tournament.Status.FINISHED
    )
    return _ranking_page(
        request,
        tournament,
        rows_of=lambda version: ranking_cache.series_ranking(series, version),
        live=live,
        series=series,
        finished_at=_finished_at(series),
    )


@live_page
@require_safe
@live_table
def team_ranking(request, tournament_id):
    """The team ranking: a team's total is the sum of its members' totals."""
    tournament = _tournament(tournament_id, request)
    version, changed_at = request_version(request, tournament.pk)
    page = ranking_page(
        request,
        ranking_cache.team_ranking(tournament, version),
        name_of=lambda row: " ".join([row.name, *(member.public.name for member in row.members)]),
        size=TEAM_PAGE_SIZE,
    )
    context = {
        "tournament": tournament,
        "series_list": _series_list(tournament),
        "page": page,
        "results_provisional": tournament.results_provisional,
        **_live_context(
            request, page, tournament.status == Tournament.Status.RUNNING, version, changed_at
        ),
    }

    def render_fragment():
        people = _people(member.participant for row, _ in page.rows for member in row.members)
        teams = [
            (row, marked, [(member, people[member.participant][0]) for member in row.members])
            for row, marked in page.rows
        ]
        return render_to_string("public/_team_ranking_table.html", {**context, "teams": teams})

    key = ("teams", tournament.pk, version)
    return _answer(request, "public/team_ranking.html", context, key, render_fragment)


def _ranking_page(request, tournament, *, rows_of, live, series, finished_at=None):
    version, changed_at = request_version(request, tournament.pk)  # before the rows
    scope = ("series", series.pk) if series else ("tournament", tournament.pk)
    page, show_team = _screen(request, scope, version, rows_of)
    context = {
        "finished_at": finished_at,
        "tournament": tournament,
        "series": series,
        "series_list": _series_list(tournament),
        "page": page,
        "show_team": show_team,
        "results_provisional": tournament.results_provisional,
        "series_prizes": money.series_prizes(tournament, series.number) if series else {},
        **_live_context(request, page, live, version, changed_at),
    }

    def render_fragment():
        people = _people(row.participant for row, _ in page.rows)
        ranked = [(row, *people[row.participant], marked) for row, marked in page.rows]
        return render_to_string("public/_ranking_table.html", {**context, "ranked": ranked})

    return _answer(request, "public/ranking.html", context, (*scope, version), render_fragment)


def _screen(request, scope, version: int, rows_of):
    """The page of rows the request asks for, and whether any row shows a team.

    Kept ready per version and asked page or name: a phone opening the ranking gets its
    100 rows without the whole ranking (2,000 rows at a big open) being read from the
    cache and unpickled to cut them out."""
    asked = "\n".join(request.GET.get(name, "") for name in (PAGE_PARAMETER, NAME_PARAMETER))
    digest = hashlib.sha256(asked.encode()).hexdigest()[:16]
    key = "ranking-screen:" + ":".join(str(part) for part in (*scope, version, digest))

    def cut():
        rows = rows_of(version)
        # "Find my name" looks in the names the public sees, never behind them.
        return ranking_page(request, rows, name_of=lambda row: row.public.name), any(
            row.team for row in rows
        )

    return ranking_cache.pages_cache().get_or_set(key, cut, FRAGMENT_CACHE_SECONDS)


def _answer(request, template, context, key, render_fragment):
    """The ranking table from the cache (rendered once per version, page, search and
    language), alone for the live refresh or inside the full page."""
    page = context["page"]
    search = hashlib.sha256(page.query.encode()).hexdigest()[:16] if page.query else ""
    cache_key = "ranking-html:" + ":".join(
        str(part) for part in (*key, get_language(), context["live"], page.number, search)
    )
    fragment = ranking_cache.pages_cache().get_or_set(
        cache_key, render_fragment, FRAGMENT_CACHE_SECONDS
    )
    if request.GET.get("fragment") == "1":
        return HttpResponse(fragment)
    return render(request, template, {**context, "fragment": mark_safe(fragment)})


def _finished_at(event):
    """When a finished series or tournament was finished: its ranking is the final standings."""
    return event.finished_at if event.status == Tournament.Status.FINISHED else None


def _tournament(tournament_id, request) -> Tournament:
    """The tournament, unless its results are withheld from the visitor (403); marked
    ``results_provisional`` where they are shown before they are final."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    access = refuse_withheld(request.user, tournament.pk)
    tournament.results_provisional = access is Access.PROVISIONAL
    return tournament


def _series_list(tournament) -> list[Series]:
    return list(tournament.series.order_by("number"))


def _people(participant_ids) -> dict[int, tuple[int, bool]]:
    """Participant id → (player id, withdrawn) for the rows shown: names link to the
    players' pages, and one who withdrew is marked as on the participants' page."""
    rows = Participant.objects.filter(id__in=set(participant_ids)).values_list(
        "id", "player_id", "withdrawn"
    )
    return {participant: (player, withdrawn) for participant, player, withdrawn in rows}


def _live_context(request, page, live: bool, version: int, changed_at) -> dict:
    query = {"fragment": "1", PAGE_PARAMETER: page.number}
    if page.query:
        query[NAME_PARAMETER] = page.query
    return {
        "live": live,
        "version": version,
        "live_interval": LIVE_INTERVAL_SECONDS,
        "updated_at": timezone.localtime(changed_at),
        "fragment_url": f"{request.path}?{urlencode(query)}",
        "version_url": reverse(
            "web:tournament-version", args=[request.resolver_match.kwargs["tournament_id"]]
        ),
        "page_query": urlencode({NAME_PARAMETER: page.query}) if page.query else "",
    }
