"""Who opens a league page: a thin adapter over league/services/roles.py.

A page names its roles question; the object comes from the address (a group, a match
day, a venue, a report, a team). Anonymous users go to the login page, others who may
not are refused (403).
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.cache import never_cache

from league.models import League, LeagueGroup, LeagueTeam, MatchDay, MatchReport, Season, Venue
from league.services import roles

OBJECTS = (
    ("season_id", Season),
    ("league_id", League),
    ("group_id", LeagueGroup),
    ("match_day_id", MatchDay),
    ("venue_id", Venue),
    ("report_id", MatchReport),
    ("team_id", LeagueTeam),
)


def page_object(kwargs):
    for argument, model in OBJECTS:
        if argument in kwargs:
            return get_object_or_404(model, pk=kwargs[argument])
    return None


def league_page(rule: str):
    """Open the page to users for whom ``roles.<rule>(user, object)`` holds."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path(), reverse("web:login"))
            if not getattr(roles, rule)(request.user, page_object(kwargs)):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return never_cache(wrapped)

    return decorate
