""" "Meine Liga": one page for everyone with a league role — the groups a user leads, the
venues their club hosts and the teams they captain, with the match reports still open to
their captain (to sign, or to protest in) — with the way to each task."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from league.models import LeagueGroup, LeagueTeam, MatchReport, ReportSignature, Venue
from league.services import invitations, reports
from league.services import roles as league_roles
from tournaments.models import Tournament
from tournaments.services import roles


def landing_page(user) -> str | None:
    """Where a group leader or a captain lands after the login (registered with the
    login page of tournaments/web/director/auth.py)."""
    if (
        league_roles.leads_any_group(user)
        or league_roles.captains_any_team(user)
        or invitations.venues_directed_today(user).exists()
    ):
        return reverse("league:mine")
    return None


def dashboard_link(user) -> tuple[str, str] | None:
    """ "Meine Liga" on the director's dashboard, for the association's administrator and
    whoever lands on that page after the login (registered with
    tournaments/web/dashboard_links.py)."""
    if roles.is_association_admin(user) or landing_page(user):
        return gettext("My league"), reverse("league:mine")
    return None


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
    administers = league_roles.may_administer(user)
    if not (groups or venues or teams or administers):
        raise PermissionDenied
    return render(
        request,
        "league/manage/mine.html",
        {
            "groups": groups,
            "venues": venues,
            "teams": teams,
            "open_reports": _open_reports(teams),
            "administers": administers,
        },
    )


def _open_reports(teams) -> list[dict]:
    """The reports at the captain's teams' venues that are not binding yet: to sign before
    they are published, to protest in until the window closes."""
    found = (
        MatchReport.objects.filter(venue__venue_teams__team__in=teams)
        .select_related("venue__match_day__group__league", "venue__host")
        .order_by("-venue__match_day__date", "venue__number")
        .distinct()
    )
    signed = set(
        ReportSignature.objects.filter(report__in=found, team__in=teams).values_list(
            "report", flat=True
        )
    )
    return [
        {
            "report": report,
            "state": reports.state_label(state),
            "to_sign": report.pk not in signed and report.status != MatchReport.Status.PUBLISHED,
            "protest_until": reports.protest_deadline(report),
        }
        for report in found
        if (state := reports.state_of(report)) != reports.BINDING
    ]
