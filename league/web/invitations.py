"""Invitation links on pages: making one (the admin for group leaders and club
directors, a group leader for captains and a venue's director) and following one
(``/einladung/<token>/``: choose a login, set a password once). league/services/invitations.py
holds the rules."""

from django.contrib.auth import login
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from league.models import Invitation, LeagueGroup, LeagueTeam, Venue
from league.services import invitations
from tournaments.models import Club
from tournaments.services.errors import Rejected

from .access import league_page

FIELD_LABELS = {
    "name": gettext_lazy("Name of the invited person"),
    "username": gettext_lazy("Login name"),
    "password1": gettext_lazy("Password"),
    "password2": gettext_lazy("Password (again)"),
}


def _texts(rejected) -> list[str]:
    texts = []
    for problem in rejected.problems:
        label = FIELD_LABELS.get(problem.field)
        text = problem.text(gettext)
        texts.append(f"{label}: {text}" if label else text)
    return texts


def _invite_page(request, target, back: str):
    """The form to invite a person to ``target``; after sending, the link, shown once."""
    errors, link, entered = [], "", ""
    if request.method == "POST":
        entered = request.POST.get("name", "")
        try:
            _invitation, token = invitations.invite(target, entered, user=request.user)
        except Rejected as rejected:
            errors = _texts(rejected)
        else:
            link = request.build_absolute_uri(reverse("league:invitation", args=[token]))
            entered = ""
    role, fields = invitations.target_fields(target)
    field, value = next(iter(fields.items()))
    earlier = Invitation.objects.filter(role=role, **{field: value}).select_related("user")
    return render(
        request,
        "league/manage/invite.html",
        {
            "target": target,
            "role": Invitation.Role(role).label,
            "link": link,
            "entered": entered,
            "errors": errors,
            "earlier": earlier[:20],
            "back": back,
        },
        status=400 if errors else 200,
    )


@league_page("may_administer")
@require_http_methods(["GET", "HEAD", "POST"])
def invite_leader(request, group_id):
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    return _invite_page(request, group, reverse("league:association-group", args=[group.pk]))


@league_page("may_administer")
@require_http_methods(["GET", "HEAD", "POST"])
def invite_club_director(request, club_id):
    club = get_object_or_404(Club, pk=club_id)
    return _invite_page(request, club, reverse("league:association-club", args=[club.pk]))


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def invite_captain(request, team_id):
    team = get_object_or_404(LeagueTeam.objects.select_related("group__league"), pk=team_id)
    return _invite_page(request, team, reverse("league:group-admin", args=[team.group_id]))


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def invite_venue_director(request, venue_id):
    venue = get_object_or_404(Venue.objects.select_related("match_day__group"), pk=venue_id)
    return _invite_page(request, venue, reverse("league:venue", args=[venue.pk]))


STATUS = {"invitation_unknown": 404, "invitation_used": 410, "invitation_expired": 410}


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def follow_invitation(request, token):
    """The invited person's page: what the login will be for, and the form for it."""
    try:
        invitation = invitations.pending(token)
    except Rejected as rejected:
        problem = rejected.problems[0]
        return render(
            request,
            "league/invitation.html",
            {"closed": problem.text(gettext)},
            status=STATUS.get(problem.code, 400),
        )
    errors = []
    if request.method == "POST":
        try:
            person = invitations.accept(token, request.POST)
        except Rejected as rejected:
            errors = _texts(rejected)
        else:
            login(request, person, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("league:mine")
    return render(
        request,
        "league/invitation.html",
        {
            "invitation": invitation,
            "role": invitation.get_role_display(),
            "target": invitation.team or invitation.venue or invitation.club or invitation.group,
            "entered": request.POST.get("username", ""),
            "errors": errors,
        },
        status=400 if errors else 200,
    )
