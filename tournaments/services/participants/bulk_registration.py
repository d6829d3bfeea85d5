"""Registering many players at once (an imported list), with one insert per table."""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count

from tournaments.models import Participant, Player, Team, Tournament

from .. import audit
from ..versions import touch_tournament
from .registration import (
    ALREADY_REGISTERED,
    ensure_registration_open,
    ensure_team_of,
    locked_tournament,
    next_start_number,
    team_full,
)

# --- Many players at once ---------------------------------------------------------------


@dataclass(frozen=True)
class Registration:
    """A player to register; an unsaved player or team is created in the same step.

    Several registrations may share one unsaved team object: it is created once.
    """

    player: Player
    team: Team | None = None


@transaction.atomic
def register_many(
    tournament: Tournament,
    registrations,
    *,
    user=None,
    action="participants_registered",
    details=None,
    field="player",
) -> list[Participant]:
    """Register many players with consecutive start numbers, in one transaction.

    New players, teams and participants are each written with one bulk insert, so a club's
    list of 5,000 players takes a few queries instead of 40,000. ``action`` and
    ``details`` name the one audit entry (an import passes its own counts).
    """
    tournament = locked_tournament(tournament)
    ensure_registration_open(tournament, field)
    registrations = list(registrations)
    registered = set(tournament.participants.values_list("player_id", flat=True))
    seen = set()
    for registration in registrations:
        player = registration.player
        key = player.pk if player.pk is not None else id(player)
        if player.pk in registered or key in seen:
            raise ALREADY_REGISTERED.rejected(field, name=player.full_name)
        seen.add(key)

    new_players = [r.player for r in registrations if r.player.pk is None]
    Player.objects.bulk_create(new_players)
    _create_teams(tournament, registrations)

    top = next_start_number(tournament)
    participants = Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            player=registration.player,
            start_number=top + position,
            team=registration.team,
            gender=registration.player.gender,
            category=registration.player.category,
        )
        for position, registration in enumerate(registrations)
    )
    touch_tournament(tournament.pk)  # bulk_create sends no signals
    audit.record(
        action,
        user=user,
        obj=tournament,
        after={
            "registered": len(participants),
            "created_players": len(new_players),
            "start_numbers": [top, top + len(participants) - 1] if participants else [],
            **(details or {}),
        },
    )
    return participants


def _create_teams(tournament: Tournament, registrations) -> None:
    """Create the new teams and check that no team grows beyond the tournament's size."""
    teams: dict[int, Team] = {}
    joining: dict[int, int] = {}
    for registration in registrations:
        team = registration.team
        if team is None:
            continue
        if team.pk is None:
            team.tournament = tournament
        else:
            ensure_team_of(tournament, team)
        teams[id(team)] = team
        joining[id(team)] = joining.get(id(team), 0) + 1
    stored = [team.pk for team in teams.values() if team.pk is not None]
    members = dict(
        Team.objects.filter(pk__in=stored).annotate(size=Count("members")).values_list("pk", "size")
    )
    for key, team in teams.items():
        if members.get(team.pk, 0) + joining[key] > tournament.team_size:
            raise team_full(team.name, tournament.team_size)
    Team.objects.bulk_create([team for team in teams.values() if team.pk is None])
