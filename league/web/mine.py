""" "Meine Liga": one page for everyone with a league role — the groups a user leads, the
venues their club hosts and the teams they captain — with the way to each task."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from league.models import LeagueGroup, LeagueTeam, Venue
from tournaments.models import Tournament
from tournaments.services import roles


@never_cache
@require_safe
def my_league(request):
    user = request.user
    if not user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("web:login"))
    groups = LeagueGroup.objects.select_related("league__season").order_by("league", "name")
    if not roles.is_association_admin(user):
        groups = groups.filter(leaders=user)
    directed = roles.directed_tournaments(user, Tournament.objects.all()).values("pk")
    venues = (
        Venue.objects.filter(tournament__in=directed)
        .select_related("match_day__group__league", "host", "tournament")
        .order_by("-match_day__date", "number")[:30]
    )
    teams = LeagueTeam.objects.filter(captain_user=user).select_related("group__league__season")
    if not (groups or venues or teams):
        raise PermissionDenied
    return render(
        request,
        "league/manage/mine.html",
        {"groups": groups, "venues": venues, "teams": teams},
    )
