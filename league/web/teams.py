"""Registering a team on a page (the group leader): first the club, then the team's name,
its roster (the club's players as regular players or substitutes, or new ones typed in),
the captain and the captain's login — through services/team_registration.py, the same
refusals as the API's ``POST groups/{id}/teams/``."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.views.decorators.http import require_http_methods

from league.models import LeagueGroup, LeagueTeam, RosterEntry
from league.services import team_registration
from tournaments.models import Club
from tournaments.services.errors import Rejected
from tournaments.services.input import ascii_whole_number

from .access import league_page

NEW_ROWS = 4  # empty rows for new players on the form
REGISTERED = gettext_noop("The team %(name)s is registered.")
CHANGED = gettext_noop("The team %(name)s has been changed.")

# Each refusal is shown with the form field it is about.
FIELD_LABELS = {
    "club": gettext_lazy("Club"),
    "name": gettext_lazy("Team name"),
    "players": gettext_lazy("Regular players"),
    "substitutes": gettext_lazy("Substitutes"),
    "captain": gettext_lazy("Captain"),
    "captain_login": gettext_lazy("The captain's login (optional)"),
}
NEW_PLAYER_LABELS = {
    "first": gettext_lazy("New player %(row)s: first name"),
    "last": gettext_lazy("New player %(row)s: last name"),
}


def _error_text(problem) -> str:
    label = FIELD_LABELS.get(problem.field)
    if label is None and problem.field.startswith("new-"):
        _new, row, part = problem.field.split("-", 2)
        label = NEW_PLAYER_LABELS.get(part, "") % {"row": row} if part in NEW_PLAYER_LABELS else ""
    text = problem.text(gettext)
    return f"{label}: {text}" if label else text


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def team_new(request, group_id):
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    clubs = Club.objects.order_by("name")
    source = request.POST if request.method == "POST" else request.GET
    club_id = ascii_whole_number(source.get("club", ""))
    club = clubs.filter(pk=club_id).first() if club_id else None
    errors = []
    if request.method == "POST" and club is not None:
        errors = _save(request, REGISTERED, team_registration.register_team, group)
        if not errors:
            return redirect("league:group-admin", group.pk)
    context = {**_form_context(group, club, source, errors), "clubs": clubs}
    return _page(request, context, errors)


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def team_edit(request, team_id):
    """The same form for a registered team, filled with its roster, captain and login."""
    team = get_object_or_404(
        LeagueTeam.objects.select_related("group__league__season", "club", "captain_user"),
        pk=team_id,
    )
    errors = []
    if request.method == "POST":
        errors = _save(request, CHANGED, team_registration.update_team, team)
        if not errors:
            return redirect("league:group-admin", team.group_id)
    source = request.POST if request.method == "POST" else _as_entered(team)
    context = {**_form_context(team.group, team.club, source, errors, team), "team": team}
    return _page(request, context, errors)


def _save(request, done: str, save, target) -> list[str]:
    """``save(target, data)`` with the form; the refusals' texts, or none after the
    success message ``done`` (a msgid with ``%(name)s``)."""
    try:
        team = save(target, team_data(request.POST), user=request.user)
    except Rejected as rejected:
        return [_error_text(problem) for problem in rejected.problems]
    messages.success(request, gettext(done) % {"name": team.name})
    return []


def _page(request, context, errors):
    return render(request, "league/manage/team_new.html", context, status=400 if errors else 200)


def _as_entered(team: LeagueTeam) -> dict:
    """The team as the form would send it back: its roster's roles, captain and login."""
    entered = {"name": team.name, "captain": str(team.captain_id or "")}
    entered["captain_login"] = team.captain_user.get_username() if team.captain_user else ""
    for entry in team.roster.all():
        entered[f"role-{entry.player_id}"] = "substitute" if entry.substitute else "player"
    return entered


def _form_context(group, club, source, errors, team=None) -> dict:
    taken = {}
    if club is not None:
        taken = dict(
            RosterEntry.objects.filter(league=group.league, player__club=club)
            .exclude(team=team)
            .values_list("player", "team__name")
        )
    return {
        "group": group,
        "club": club,
        "players": [
            (player, taken.get(player.pk, ""), source.get(f"role-{player.pk}", ""))
            for player in (club.players.order_by("last_name", "first_name") if club else [])
        ],
        "entered": source,
        # Typed rows come back after a refusal: nothing the leader typed is lost.
        "new_rows": [
            {
                "number": number,
                "first": source.get(f"new-{number}-first", ""),
                "last": source.get(f"new-{number}-last", ""),
                "role": source.get(f"new-{number}-role", ""),
                "captain": source.get("captain") == f"new-{number}",
            }
            for number in range(1, NEW_ROWS + 1)
        ],
        "errors": errors,
    }


def team_data(post) -> dict:
    """The form as the registration service reads it: each club player's choice
    (``role-<id>``: ``player``/``substitute``) and the filled rows for new players."""
    chosen = [
        (key.removeprefix("role-"), value)
        for key, value in post.items()
        if key.startswith("role-") and value in ("player", "substitute")
    ]
    new_players = []
    for number in range(1, NEW_ROWS + 1):
        first, last = post.get(f"new-{number}-first", ""), post.get(f"new-{number}-last", "")
        if first.strip() or last.strip():
            new_players.append(
                {
                    "first_name": first,
                    "last_name": last,
                    "substitute": post.get(f"new-{number}-role") == "substitute",
                    "row": number,
                }
            )
    return {
        "club": post.get("club"),
        "name": post.get("name", ""),
        "players": [pk for pk, role in chosen if role == "player"],
        "substitutes": [pk for pk, role in chosen if role == "substitute"],
        "new_players": new_players,
        "captain": post.get("captain") or None,
        "captain_login": post.get("captain_login", ""),
    }
