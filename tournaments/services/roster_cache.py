"""The people of a ranking, kept per worker process under the tournament's roster stamp.

A ranking is two reads: the sums of the games, which change with every game, and the
people it ranks (start numbers, names, clubs, teams, who sat in which series), which
change only when someone registers, withdraws, is seated or renamed. The live pages rank
again after every game, so the people are kept here, keyed by the tournament's roster
stamp (:attr:`TournamentVersion.roster`, changed by :mod:`.versions` at every such
change), and read again only when the stamp moved.

The stamp is read before the people, as :mod:`.versions` asks of every reader: a change
committed in between leaves fresher people under the older stamp, never older people
under the newer one. A tournament without a counter row yet is read every time.

What is kept must not be changed by its readers: rows are tuples, counts a read-only
mapping.
"""

import threading
from collections.abc import Callable
from functools import cache

from django.db import connection

from tournaments.models import TournamentVersion

# Rankings of this many series and tournaments are kept per worker; one of a championship
# of 4,000 players is about a megabyte. Beyond that everything is dropped and read anew.
MAX_KEPT = 48

_kept: dict[tuple, object] = {}
_lock = threading.Lock()


@cache
def _stamp_sql(vendor: str) -> str:
    """Built once per process: Django takes longer to build a query than SQLite to run
    this one."""
    query = TournamentVersion.objects.filter(pk=0).values_list("roster")
    sql, params = query.query.sql_with_params()
    if params != (0,):
        raise ValueError(f"not a query of one id: {params}")
    return sql


def roster_stamp(tournament_id: int) -> str | None:
    """The tournament's roster stamp, or None before its first change."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(connection.vendor), [tournament_id])
        found = cursor.fetchone()
    return found[0] if found else None


def kept_people(tournament_id: int, what: tuple, read: Callable[[], object]):
    """What ``read()`` gives for ``what`` (e.g. ``("series", 7)``) of the tournament, read
    again only when its roster stamp changed since it was last read in this process."""
    stamp = roster_stamp(tournament_id)
    if stamp is None:
        return read()
    return kept((*what, tournament_id, stamp), read)


def kept(key: tuple, read: Callable[[], object]):
    """What ``read()`` gives, kept under ``key``, which must hold the roster stamp of
    every tournament the result depends on (as :func:`kept_people` does for one)."""
    found = _kept.get(key)
    if found is None:
        found = read()
        with _lock:
            if len(_kept) >= MAX_KEPT:
                _kept.clear()
            _kept[key] = found
    return found


def forget_all() -> None:
    """Drop everything kept (for tests that count the reads)."""
    with _lock:
        _kept.clear()
