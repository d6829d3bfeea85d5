"""The group leader's page for a central match day (RULES 6.1): the day's groups proposed
from the published table (places 1–4, 5–8, …), each team's group changeable by hand; the
groups are created as venues without a host, organised by the group leader."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_http_methods

from league.models import LeagueGroup
from league.services import central_days, fixtures, results
from tournaments.services.errors import Rejected

from .access import league_page


@league_page("may_follow_group")
@require_http_methods(["GET", "HEAD", "POST"])
def central_day(request, group_id):
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    proposed = central_days.groups_from_table(group)
    rows = [(team, number) for number, teams in enumerate(proposed, start=1) for team in teams]
    errors, entered = [], {}
    if request.method == "POST":
        entered = request.POST
        try:
            day = fixtures.create_match_day(
                group, central_day_data(request.POST, [team for team, _ in rows]), user=request.user
            )
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            messages.success(
                request,
                gettext("Central match day %(number)d has been created with %(groups)d groups.")
                % {"number": day.number, "groups": day.venues.count()},
            )
            return redirect("league:group-admin", group.pk)
    chosen = {team.pk: str(number) for team, number in rows}
    chosen.update({team.pk: entered.get(f"team-{team.pk}", "") for team, _ in rows if entered})
    places = {row.team: row.place for row in results.group_table(group).rows}
    return render(
        request,
        "league/manage/central_day.html",
        {
            "group": group,
            "rows": [
                {"team": team, "place": places.get(team.pk), "group": chosen[team.pk]}
                for team, _ in rows
            ],
            "group_numbers": [str(n) for n in range(1, max(2, len(proposed) + 1) + 1)],
            "next_number": (
                group.match_days.order_by("-number").values_list("number", flat=True).first() or 0
            )
            + 1,
            "errors": errors,
            "entered": entered,
        },
        status=400 if errors else 200,
    )


def central_day_data(post, teams) -> dict:
    """The form as the fixtures service reads it: one venue per group number chosen, in
    the order of the numbers; a team without a group is refused by name."""
    groups = {}
    for team in teams:
        number = post.get(f"team-{team.pk}", "")
        if not (number.isascii() and number.isdigit()):
            raise Rejected.because(
                f"team-{team.pk}",
                "team_without_group",
                gettext_noop("%(team)s has no group: choose one for every team."),
                team=team.name,
            )
        groups.setdefault(int(number), []).append(team.pk)
    return {
        "number": post.get("number", ""),
        "date": post.get("date", ""),
        "central": True,
        "venues": [{"teams": groups[number]} for number in sorted(groups)],
    }
