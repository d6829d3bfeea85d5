"""League models, one module per aggregate; import them from ``league.models``."""

from league.models.groups import LeagueGroup
from league.models.match_days import MatchDay, Venue, VenueTeam
from league.models.reports import MatchReport, Protest, ReportSignature
from league.models.seasons import League, Season
from league.models.teams import LeagueTeam, RosterEntry

__all__ = [
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

# The core asks registered rules who sees a tournament's results (result_access); the
# league's rule is registered with its models, so every process with the league has it.
from league.services.publicity import tournament_rule  # noqa: E402
from tournaments.services.result_access import register  # noqa: E402

register(tournament_rule)
