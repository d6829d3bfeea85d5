"""Registering players for a tournament (Anmeldung), teams, withdrawal and player search.

Start numbers are always assigned here (the next free one), whether a director adds one
player at the table of the registration desk or imports a club's list of hundreds. Every
change locks the tournament row first, so two desks cannot hand out the same number or
fill a team beyond its size, and every change is written to the audit trail.
"""

from .bulk_registration import Registration, register_many
from .changes import remove_participant, update_participant
from .registration import (
    MAX_START_NUMBER,
    ensure_registration_open,
    find_duplicate_player,
    name_key,
    register,
    register_new_player,
    registration_problem,
)
from .search import (
    PLAYER_SEARCH_LIMIT,
    PlayerMatch,
    filter_players,
    search_participants,
    search_players,
)
from .series import add_series
from .teams import create_team, teams_with_members

__all__ = [
    "MAX_START_NUMBER",
    "PLAYER_SEARCH_LIMIT",
    "PlayerMatch",
    "Registration",
    "add_series",
    "create_team",
    "ensure_registration_open",
    "find_duplicate_player",
    "name_key",
    "register",
    "register_many",
    "register_new_player",
    "registration_problem",
    "remove_participant",
    "filter_players",
    "search_participants",
    "search_players",
    "teams_with_members",
    "update_participant",
]
