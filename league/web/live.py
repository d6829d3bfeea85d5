"""The group leader's live page of a match day: every venue's series progress, the lists
still open, and each venue's match report."""

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from league.models import MatchDay
from league.services import day_players
from league.services.live import match_day_progress

from .access import league_page

REFRESH_SECONDS = 30


@league_page("may_follow_group")
@require_safe
def match_day_live(request, match_day_id):
    day = get_object_or_404(MatchDay.objects.select_related("group__league"), pk=match_day_id)
    return render(
        request,
        "league/manage/live.html",
        {
            "day": day,
            "group": day.group,
            "venues": match_day_progress(day),
            "day_best": day_players.best_of_day(day)[: day_players.SHOWN],
            "refresh": REFRESH_SECONDS,
        },
    )
