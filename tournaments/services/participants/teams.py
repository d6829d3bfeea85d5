"""Teams (Mannschaften) of a tournament."""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club, Team, Tournament

from .. import audit
from ..errors import Refusal
from .registration import (
    locked_tournament,
    name_key,
)

# --- Teams ------------------------------------------------------------------------------


INVALID_TEAM_NAME = Refusal(
    "name", "invalid_team_name", gettext_noop("A team needs a name of 1 to %(limit)d characters.")
)
TEAM_NAME_TAKEN = Refusal(
    "name",
    "team_name_taken",
    gettext_noop(
        "This tournament already has a team called %(team)s; choose another name or "
        "add the players to that team."
    ),
    conflict=True,
)


@transaction.atomic
def create_team(tournament: Tournament, name, club: Club | None = None, *, user=None) -> Team:
    """A team (Mannschaft) of the tournament; names are unique, case ignored."""
    tournament = locked_tournament(tournament)
    limit = Team._meta.get_field("name").max_length
    name = " ".join(name.split()) if isinstance(name, str) else ""
    if not name or len(name) > limit:
        raise INVALID_TEAM_NAME.rejected(limit=limit)
    taken = next(
        (team for team in tournament.teams.all() if name_key(team.name) == name_key(name)), None
    )
    if taken is not None:
        raise TEAM_NAME_TAKEN.rejected(team=taken.name)
    team = Team.objects.create(tournament=tournament, name=name, club=club)
    audit.record("team_created", user=user, obj=team, after={"name": name, "club": team.club_id})
    return team


def teams_with_members(tournament: Tournament):
    """The tournament's teams with their members' ids in start-number order (two queries)."""
    return tournament.teams.select_related("club").prefetch_related("members").order_by("name")
