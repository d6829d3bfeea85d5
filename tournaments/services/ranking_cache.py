"""Rankings cached per tournament version (see ``services/versions.py``).

A ranking is recomputed only after something it shows has changed: the key holds the
tournament's version, so a change simply makes the next reader miss. The version is read
before the ranking is computed, never after (the rule in ``versions``).

The rankings and the live pages' tables are kept in :data:`PAGES_CACHE`, each worker's own
memory (settings.CACHES): what a version shows never changes, so a worker that computes
its own copy shows the same, and reading or keeping one writes nothing to the database,
where on SQLite it would queue behind the tables' game entries for the one write lock.
"""

from django.core.cache import caches

from tournaments.models import Series, Tournament

from . import ranking
from .team_ranking import TeamRankingRow, rank_teams
from .versions import tournament_version

CACHE_SECONDS = 6 * 60 * 60
PAGES_CACHE = "pages"


def pages_cache():
    """The cache of rankings and rendered ranking tables (see the module's docstring)."""
    return caches[PAGES_CACHE]


def _cached(kind: str, key: object, version: int, compute):
    return pages_cache().get_or_set(f"ranking:{kind}:{key}:v{version}", compute, CACHE_SECONDS)


def series_ranking(series: Series, version: int | None = None) -> list[ranking.RankingRow]:
    if version is None:
        version = tournament_version(series.tournament_id)[0]
    return _cached("series", series.pk, version, lambda: ranking.rank_series(series))


def tournament_ranking(
    tournament: Tournament, version: int | None = None
) -> list[ranking.RankingRow]:
    if version is None:
        version = tournament_version(tournament.pk)[0]
    compute = lambda: ranking.rank_tournament(tournament)  # noqa: E731
    return _cached("tournament", tournament.pk, version, compute)


def team_ranking(tournament: Tournament, version: int | None = None) -> list[TeamRankingRow]:
    if version is None:
        version = tournament_version(tournament.pk)[0]
    return _cached("teams", tournament.pk, version, lambda: rank_teams(tournament))
