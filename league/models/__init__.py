"""League models, one module per aggregate; import them from ``league.models``."""

from league.models.groups import LeagueGroup
from league.models.invitations import Invitation
from league.models.match_days import MatchDay, Venue, VenueTeam
from league.models.reports import MatchReport, Protest, ReportSignature
from league.models.seasons import League, Season
from league.models.teams import LeagueTeam, RosterEntry

__all__ = [
    "Invitation",
    "League",
    "LeagueGroup",
    "LeagueTeam",
    "MatchDay",
    "MatchReport",
    "Protest",
    "ReportSignature",
    "RosterEntry",
    "Season",
    "Venue",
    "VenueTeam",
]
