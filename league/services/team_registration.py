"""A group leader registers a team on the group's page (/liga/leitung/staffel/<id>/
mannschaft/neu/): the roster picked from the club's players or typed in as new players
(created in the club, or the stored player if one of the club has that name), the captain
among them and the captain's login by its name.

Everything else — the roster's size, each player once, the captain on the roster, one team
per player per league and season — is :func:`structure.create_team`'s, the same service
the API uses, inside the same transaction: a refused team leaves no new player behind.
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import LeagueGroup, LeagueTeam
from tournaments.models import Club, Player
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
    players = list(data.get("players") or [])
    substitutes = list(data.get("substitutes") or [])
    captain = data.get("captain") or None
    for index, new in enumerate(data.get("new_players") or [], start=1):
        number = new.get("row") or index  # the form's row, so that its fields are named
        player = _new_player(club, new, number)
        (substitutes if new.get("substitute") else players).append(player.pk)
        if captain == f"new-{number}":
            captain = player.pk
    return structure.create_team(
        group,
        {
            "club": club.pk,
            "name": data.get("name"),
            "players": players,
            "substitutes": substitutes,
            "captain": captain,
            "captain_user": _captain_login(data.get("captain_login")),
        },
        user=user,
    )


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
