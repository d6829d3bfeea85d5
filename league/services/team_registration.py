"""A group leader registers a team on the group's page
(/liga/leitung/staffel/<id>/mannschaft/neu/) and edits it
(/liga/leitung/mannschaft/<id>/bearbeiten/): the roster picked from the club's players or
typed in as new players (created in the club, or the stored player if one of the club has
that name), the captain among them and the captain's login by its name.

Everything else — the roster's size, each player once, the captain on the roster, one team
per player per league and season — is :func:`structure.create_team`'s, the same service
the API uses, inside the same transaction: a refused team leaves no new player behind.
Editing reads the roster the same way (``structure.read_roster``); a player who has played
for the team stays on its roster (the lists name him for it).
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import LeagueGroup, LeagueTeam
from tournaments.models import Club, Player, Seat
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.services.input import free_text
from tournaments.services.participants.registration import find_duplicate_player

from . import reading, structure

MAX_NEW_PLAYERS = 8
NAME_LIMIT = Player._meta.get_field("last_name").max_length


@transaction.atomic
def register_team(group: LeagueGroup, data: dict, *, user=None) -> LeagueTeam:
    """``data``: ``club``, ``name``, ``players`` and ``substitutes`` (ids of the club's
    players), ``new_players`` (``{"first_name", "last_name", "substitute"}`` each),
    ``captain`` (a player id or ``"new-<n>"``: the new player of row n, its ``row`` or
    place in the list) and ``captain_login``
    (the name of an existing login, optional)."""
    club = reading.object_of(
        Club.objects.all(), data.get("club"), field="club", missing=structure.NO_CLUB
    )
    return structure.create_team(group, {**_roster_data(club, data), "club": club.pk}, user=user)


@transaction.atomic
def update_team(team: LeagueTeam, data: dict, *, user=None) -> LeagueTeam:
    """Change ``team``'s name, roster, captain and captain's login (``data`` as for
    :func:`register_team`, without ``club``: a team stays its club's)."""
    team = LeagueTeam.objects.select_for_update().select_related("group__league").get(pk=team.pk)
    name = reading.name(data.get("name"))
    players, substitutes, captain, captain_user = structure.read_roster(
        _roster_data(team.club, data)
    )
    if team.group.teams.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise Rejected.because(
            "name",
            "name_taken",
            gettext_noop("This group already has a team called %(name)s."),
            conflict=True,
            name=name,
        )
    before = _snapshot(team)
    kept = {p.pk for p in players + substitutes}
    played = (
        Seat.objects.filter(participant__team__league_entry__team=team)
        .exclude(participant__player__in=kept)
        .select_related("participant__player")
        .first()
    )
    if played is not None:
        raise Rejected.because(
            "players",
            "played_for_the_team",
            gettext_noop(
                "%(player)s has played for the team and stays on its roster; mark him as "
                "substitute instead."
            ),
            conflict=True,
            player=played.participant.player.full_name,
        )
    team.name, team.captain, team.captain_user = name, captain, captain_user
    team.save(update_fields=["name", "captain", "captain_user"])
    structure.write_roster(team, players, substitutes)
    audit.record("league_team_changed", user=user, obj=team, before=before, after=_snapshot(team))
    return team


def _snapshot(team: LeagueTeam) -> dict:
    roster = list(team.roster.order_by("position").values_list("player", "substitute"))
    return {
        "name": team.name,
        "players": [player for player, substitute in roster if not substitute],
        "substitutes": [player for player, substitute in roster if substitute],
        "captain": team.captain_id,
        "captain_user": team.captain_user_id,
    }


def _roster_data(club: Club, data: dict) -> dict:
    """The roster of ``data`` with its new players made (players of ``club``) and the
    captain's login read, as ``structure`` reads a roster."""
    players = list(data.get("players") or [])
    substitutes = list(data.get("substitutes") or [])
    captain = data.get("captain") or None
    for index, new in enumerate(data.get("new_players") or [], start=1):
        number = new.get("row") or index  # the form's row, so that its fields are named
        player = _new_player(club, new, number)
        (substitutes if new.get("substitute") else players).append(player.pk)
        if captain == f"new-{number}":
            captain = player.pk
    return {
        "name": data.get("name"),
        "players": players,
        "substitutes": substitutes,
        "captain": captain,
        "captain_user": _captain_login(data.get("captain_login")),
    }


def _new_player(club: Club, new: dict, number: int) -> Player:
    first = reading.name(new.get("first_name"), field=f"new-{number}-first", limit=NAME_LIMIT)
    last = reading.name(new.get("last_name"), field=f"new-{number}-last", limit=NAME_LIMIT)
    existing = find_duplicate_player(first, last, club)
    if existing is not None:
        return existing
    return Player.objects.create(first_name=first, last_name=last, club=club)


def _captain_login(value) -> int | None:
    name = free_text(value, field="captain_login", max_length=150, multiline=False)
    if not name:
        return None
    login = get_user_model().objects.filter(username=name, is_active=True).first()
    if login is None:
        raise Rejected.because(
            "captain_login",
            "unknown_login",
            gettext_noop(
                "There is no login called %(name)s. Leave the field empty, or ask the "
                "association's administrator for a login for the captain."
            ),
            name=name,
        )
    return login.pk
