"""Row locks in one order: tournament, then series, then table.

Two transactions that lock the same rows in opposite orders deadlock on PostgreSQL (one is
aborted, which used to reach the client as a 500). Every service that changes a list, a
draw or a status therefore takes its locks through these helpers, in this order:

1. the **tournament** row, only when the tournament itself is changed (its status);
2. the **series** row: the draw (it replaces the tables) and the first game of a series
   (it marks the series and the tournament running);
3. the **table** rows: one table for list keeping, signing and seat changes; all tables
   of a series, by id, for the draw.

Two more rules keep the locks to the rows meant:

- ``select_for_update(of=("self",))``: with ``select_related`` PostgreSQL would otherwise
  lock every joined row too (a table lock would also lock its series and tournament, in
  the middle of the order above).
- Series and tournaments are locked ``no_key=True`` (``FOR NO KEY UPDATE``): inserting a
  game's rows checks their foreign keys with ``FOR KEY SHARE``, which that lock does not
  block, so entries of other tables carry on while a series is locked.

A row that disappeared while we waited for its lock (a redraw deleted the table) is a lost
race, answered as a conflict (409) with the reason, never as an error. SQLite has no row
locks; its immediate transactions (``skatverein/env.py``) let one writer in at a time,
which gives the same outcome.
"""

from django.utils.translation import gettext_noop

from tournaments.models import Series, Table, Tournament

from .errors import Refusal
from .prepared_reads import PreparedRead

TABLE_REDRAWN = Refusal(
    "table",
    "table_redrawn",
    gettext_noop(
        "Table %(table)d is no longer part of the series: its tables were drawn "
        "again. Open the table plan to find the new table."
    ),
    conflict=True,
)


# Compiled once per process: every game entered takes this lock (services/prepared_reads.py).
_LOCKED_TABLE = PreparedRead(
    lambda pk: (
        Table.objects.select_for_update(of=("self",))
        .select_related("series__tournament")
        .filter(id=pk)
        .order_by("pk")[:1]
    )
)


def lock_tournament(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update(of=("self",), no_key=True).get(pk=tournament_id)


def lock_series(series_id: int) -> Series:
    """The series row (not its tournament's), with the tournament loaded for reading."""
    return (
        Series.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament")
        .get(pk=series_id)
    )


def lock_series_tables(series: Series) -> list[int]:
    """Every table row of a locked series, in id order; returns their ids."""
    return list(
        Table.objects.select_for_update(of=("self",))
        .filter(series=series)
        .order_by("id")
        .values_list("id", flat=True)
    )


def lock_table(table: Table, *, parents_if_planned: bool = False) -> Table:
    """The table row, locked until the transaction ends, so two devices cannot both append.

    With ``parents_if_planned`` (the entry of a game, which marks a planned series and
    tournament running) the tournament and the series are locked first while they are
    still planned; once running they never go back, so later entries lock the table only.
    """
    if parents_if_planned and _may_be_planned(table):
        planned = (
            Series.objects.filter(pk=table.series_id)
            .values_list("status", "tournament__status", "tournament_id")
            .first()
        )
        if planned is not None and Series.Status.PLANNED in planned[:2]:
            lock_tournament(planned[2])
            lock_series(table.series_id)
    locked = _LOCKED_TABLE.first(table.id)
    if locked is None:
        raise TABLE_REDRAWN.rejected(table=table.number)
    return locked


def _may_be_planned(table: Table) -> bool:
    """Whether the series or the tournament of ``table`` may still be planned.

    Statuses read with the table (the API reads tables with their series and tournament)
    answer without a query when neither is planned: once running or finished, neither
    ever goes back to planned (services/states.py), so an older copy cannot be wrong.
    """
    if not Table.series.is_cached(table) or not Series.tournament.is_cached(table.series):
        return True
    return Series.Status.PLANNED in (table.series.status, table.series.tournament.status)
