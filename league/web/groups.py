"""The group leader's page of a group: teams, fixtures with each venue's state, and a new
match day entered on the page (its venues' tournaments are created at once)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from league.models import LeagueGroup, MatchReport
from league.services import fixtures, reports
from tournaments.services.errors import Rejected

from .access import league_page

MAX_VENUES = 8


def _group(group_id) -> LeagueGroup:
    return get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)


@league_page("may_follow_group")
@require_http_methods(["GET", "HEAD", "POST"])
def group_admin(request, group_id):
    group = _group(group_id)
    errors, entered = [], {}
    if request.method == "POST":
        entered = request.POST
        try:
            day = fixtures.create_match_day(group, match_day_data(request.POST), user=request.user)
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            messages.success(
                request,
                gettext("Match day %(number)d has been created with its venues.")
                % {"number": day.number},
            )
            return redirect("league:group-admin", group.pk)
    return render(
        request,
        "league/manage/group.html",
        {**group_context(group), "errors": errors, "entered": entered},
        status=400 if errors else 200,
    )


def match_day_data(post) -> dict:
    """The match day form as the fixtures service reads it: venue rows with a host chosen."""
    venues = []
    for index in range(1, MAX_VENUES + 1):
        host = post.get(f"venue-{index}-host", "")
        teams = post.getlist(f"venue-{index}-teams")
        if not host and not teams:
            continue
        teams = teams if host in teams else [host, *teams]
        venues.append({"host": host, "teams": [team for team in teams if team]})
    return {
        "number": post.get("number", ""),
        "date": post.get("date", ""),
        "central": post.get("central") == "on",
        "venues": venues,
    }


def group_context(group: LeagueGroup) -> dict:
    teams = list(group.teams.select_related("club", "captain").prefetch_related("roster"))
    days = list(
        group.match_days.prefetch_related("venues__venue_teams__team", "venues__host")
        .select_related("group__league")
        .order_by("number")
    )
    report_of = {
        report.venue_id: report
        for report in MatchReport.objects.filter(venue__match_day__group=group).select_related(
            "venue__match_day__group__league"
        )
    }
    schedule = [
        {
            "day": day,
            "venues": [
                {
                    "venue": venue,
                    "teams": sorted(entry.team.name for entry in venue.venue_teams.all()),
                    "report": report_of.get(venue.pk),
                    "state": reports.state_label(reports.state_of(report_of[venue.pk]))
                    if venue.pk in report_of
                    else "",
                }
                for venue in day.venues.all()
            ],
        }
        for day in days
    ]
    venue_slots = max(1, min(MAX_VENUES, (len(teams) + 3) // 4))
    return {
        "group": group,
        "teams": teams,
        "schedule": schedule,
        "venue_slots": range(1, venue_slots + 1),
        "next_number": (days[-1].number + 1) if days else 1,
    }
