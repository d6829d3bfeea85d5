"""Who may read a tournament's results document.

Its directors always may. Everyone may once the tournament is *published*: for now that
means it is finished (the hall's last step of an evening), or it came to this server as an
imported document, which its club published. A later publishing step may mark a running
tournament as published too (docs/results-format.md, "Who may read it").
"""

from publishing.models import TournamentIdentity
from tournaments.models import Tournament
from tournaments.services import roles


def is_published(tournament: Tournament) -> bool:
    if tournament.status == Tournament.Status.FINISHED:
        return True
    return TournamentIdentity.objects.filter(
        tournament=tournament, imported_version__isnull=False
    ).exists()


def may_read_results(user, tournament: Tournament) -> bool:
    return roles.may_direct(user, tournament) or is_published(tournament)
