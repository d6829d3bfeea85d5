"""The season's end on pages: the group leader confirms the promotion and relegation marks
of the table, the association admin makes the next season from them
(league/services/season_rollover.py)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from league.models import LeagueGroup, Season
from league.services import results, season_rollover
from tournaments.services.errors import Rejected

from .access import league_page
from .association_forms import SEASON_FIELDS, error_texts, posted


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def confirm_marks(request, group_id):
    """The table's marks, each changeable by the leader (with a reason) until confirmed;
    confirming again later replaces them."""
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    rows = results.group_table(group, published_only=True, confirmed=False).rows
    confirmed = group.confirmed_marks or {}
    chosen = {row.team: confirmed.get(str(row.team), row.mark) for row in rows}
    reason, errors = "", []
    if request.method == "POST":
        # A team without a field (a form from before the marks could change): the table's.
        chosen = {row.team: request.POST.get(f"mark-{row.team}", row.mark) for row in rows}
        reason = request.POST.get("reason", "")
        try:
            season_rollover.confirm_marks(group, changes=chosen, reason=reason, user=request.user)
        except Rejected as rejected:
            errors = [_error_text(problem) for problem in rejected.problems]
        else:
            messages.success(request, gettext("Promotion and relegation have been confirmed."))
            return redirect("league:group-admin", group.pk)
    return render(
        request,
        "league/manage/confirm_marks.html",
        {
            "group": group,
            "rows": [(row, chosen.get(row.team) or "") for row in rows],
            "reason": reason,
            "errors": errors,
        },
        status=400 if errors else 200,
    )


def _error_text(problem) -> str:
    labels = {"reason": gettext("Reason"), "marks": gettext("Mark")}
    label = labels.get(problem.field)
    return f"{label}: {problem.text(gettext)}" if label else problem.text(gettext)


@league_page("may_administer")
@require_http_methods(["GET", "HEAD", "POST"])
def next_season(request, season_id):
    season = get_object_or_404(Season, pk=season_id)
    values, errors = {}, []
    if request.method == "POST":
        values = posted(request.POST, SEASON_FIELDS)
        try:
            new = season_rollover.next_season(season, values["name"], user=request.user)
        except Rejected as rejected:
            errors = error_texts(rejected, SEASON_FIELDS)
        else:
            messages.success(
                request, gettext("The season %(name)s has been made.") % {"name": new.name}
            )
            return redirect("league:association-season", new.pk)
    groups = (
        LeagueGroup.objects.filter(league__season=season)
        .select_related("league", "marks_confirmed_by")
        .order_by("league__level", "league__name", "name")
    )
    return render(
        request,
        "league/manage/next_season.html",
        {"season": season, "groups": groups, "entered": values, "errors": errors},
        status=400 if errors else 200,
    )
