"""The league's public pages: every league and group, a group's table with each match
day's results and the movement marks, the individual ranking, a team's page, the
projector, and checking a match report's seal. Published match days only, except for
those who lead the group (they see every match day as it stands)."""

import datetime

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from league.models import LeagueGroup, LeagueTeam, Season
from league.services import day_players, results, team_results
from league.services import roles as league_roles
from league.services.report_document import verify_report_seal
from tournaments.services.input import query_number

PROJECTOR_ROWS = (4, 30, 10)  # least, most, default rows per projector page
PROJECTOR_SECONDS = (5, 120, 15)


def _group(group_id) -> LeagueGroup:
    return get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)


def _published_only(request, group) -> bool:
    return not league_roles.leads_group(request.user, group)


@require_safe
def league_index(request):
    seasons = Season.objects.prefetch_related("leagues__groups").order_by("-name")
    return render(request, "league/index.html", {"seasons": seasons})


@require_safe
def group_table(request, group_id):
    group = _group(group_id)
    published_only = _published_only(request, group)
    table = results.group_table(group, published_only=published_only)
    last_day = (
        group.match_days.filter(number=table.match_days[-1]).first() if table.match_days else None
    )
    context = {
        "group": group,
        "last_day": last_day,
        "day_best": (
            day_players.best_of_day(last_day, published_only=published_only)[: day_players.SHOWN]
            if last_day
            else []
        ),
        "current": "table",
        "table": table,
        "published_only": published_only,
        "days": table.match_days,
        "rows": [(row, [row.days.get(n) for n in table.match_days]) for row in table.rows],
    }
    return render(request, "league/table.html", context)


@require_safe
def player_ranking(request, group_id):
    group = _group(group_id)
    published_only = _published_only(request, group)
    rows = results.player_ranking(group, published_only=published_only)
    context = {
        "group": group,
        "current": "players",
        "published_only": published_only,
        "ranked": [row for row in rows if row.ranked],
        "below": [row for row in rows if not row.ranked],
    }
    return render(request, "league/player_ranking.html", context)


@require_safe
def team_page(request, team_id):
    team = get_object_or_404(
        LeagueTeam.objects.select_related("group__league__season", "club", "captain"), pk=team_id
    )
    captain = league_roles.captains_team(request.user, team)
    leader = league_roles.leads_group(request.user, team.group)
    published_only = not (leader or captain)
    season = team_results.team_season(team, published_only=published_only)
    context = {
        "team": team,
        "season": season,
        "group": team.group,
        "published_only": published_only,
        # The note above the page speaks to the reader: the group's leader or the captain.
        "reader": "leader" if leader else "captain" if captain else "",
    }
    return render(request, "league/team.html", context)


@require_safe
def projector(request, group_id):
    """The league table in large type for the hall's projector, paging by itself."""
    group = _group(group_id)
    table = results.group_table(group)
    low, high, default = PROJECTOR_ROWS
    size = query_number(request.GET.get("zeilen"), default=default, low=low, high=high)
    low, high, default = PROJECTOR_SECONDS
    seconds = query_number(request.GET.get("sekunden"), default=default, low=low, high=high)
    pages = [table.rows[start : start + size] for start in range(0, len(table.rows), size)]
    return render(
        request,
        "league/projector.html",
        {"group": group, "table": table, "pages": pages or [[]], "seconds": seconds},
    )


@require_safe
def verify_report(request, seal):
    result = verify_report_seal(seal)
    day = (result.facts or {}).get("match_day") or {}
    try:
        played = datetime.date.fromisoformat(day.get("date", ""))
    except (TypeError, ValueError):
        played = None
    return render(
        request,
        "league/verify.html",
        {"result": result, "message": gettext(result.message), "played": played},
        status=200 if result.reason != "malformed" else 400,
    )
