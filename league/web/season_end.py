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
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    if request.method == "POST":
        season_rollover.confirm_marks(group, user=request.user)
        messages.success(request, gettext("Promotion and relegation have been confirmed."))
        return redirect("league:group-admin", group.pk)
    return render(
        request,
        "league/manage/confirm_marks.html",
        {"group": group, "rows": results.group_table(group, published_only=True).rows},
    )


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
