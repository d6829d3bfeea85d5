"""The settlement (Abrechnung) of a table's list, per player (docs/rules.md 2, docs/api.md 3.2)."""

from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Sum

from tournaments.models import GamePoints, SummaryEntry, Table
from tournaments.skat import ExtraPointsScheme


class Totals(NamedTuple):
    """What a player collected on one or more lists; the same sums for tables and rankings.

    A tuple, so that the sums a query returns become one without a constructor per field
    (a championship's season reads 6,000 of them) and a ranking can unpack them.
    """

    game_points: int = 0
    won: int = 0
    lost: int = 0
    bonus_opponents_lost: int = 0

    def bonus_won_lost(self, scheme: ExtraPointsScheme) -> int:
        return scheme.bonus_won_lost(self.won, self.lost)

    def total(self, scheme: ExtraPointsScheme) -> int:
        return self.game_points + self.bonus_won_lost(scheme) + self.bonus_opponents_lost

    def __add__(self, other: "Totals") -> "Totals":
        return Totals(
            self.game_points + other.game_points,
            self.won + other.won,
            self.lost + other.lost,
            self.bonus_opponents_lost + other.bonus_opponents_lost,
        )


@dataclass(frozen=True)
class ScoreColumns:
    """The settlement's columns (docs/rules.md 2): what a list's line, a ranking row and a
    team's row all add up to. Rows extend it with who they are about."""

    game_points: int
    won: int
    lost: int
    bonus_won_lost: int
    bonus_opponents_lost: int
    total: int


@dataclass(frozen=True)
class SeatSettlement(ScoreColumns):
    seat: int
    participant: int
    name: str
    start_number: int
    from_game: int
    until_game: int | None


class WholeSum(Sum):
    """SUM over a column of whole numbers, taken as the database returns it.

    Django passes every value of an integer expression through ``int()``. Both databases
    already return whole numbers here (PostgreSQL's SUM over an integer column is a
    bigint; tests/services/lists/test_settlement.py checks both), and a championship's
    ranking reads 6,000 groups of four sums, where that conversion cost more Python time
    than building the ranking rows.
    """

    convert_value = staticmethod(Sum._convert_value_noop)


AGGREGATES = {
    "game_points": WholeSum("game_points"),
    "won": WholeSum("won"),
    "lost": WholeSum("lost"),
    "bonus_opponents_lost": WholeSum("credit"),
}
# The same sums over the rows of lists kept on paper (SummaryEntry).
SUMMARY_AGGREGATES = {
    "game_points": WholeSum("game_points"),
    "won": WholeSum("won"),
    "lost": WholeSum("lost"),
    "bonus_opponents_lost": WholeSum("credits"),
}


def totals_from_row(row: dict) -> Totals:
    """The sums of a row of AGGREGATES (``None`` where there was nothing to add: 0)."""
    return Totals(
        row["game_points"] or 0,
        row["won"] or 0,
        row["lost"] or 0,
        row["bonus_opponents_lost"] or 0,
    )


def settle_table(table: Table, seats=None) -> list[SeatSettlement]:
    """One line per player who sat at the table, in seat order; two queries at most."""
    if seats is None:
        seats = table.seats.select_related("participant__player").order_by("number", "from_game")
    return settlement_lines(table, seats, table_totals([table])[table.id])


def table_totals(tables) -> dict[int, dict[int, Totals]]:
    """Per table and participant the sums of the list, for many tables in two queries."""
    totals: dict[int, dict[int, Totals]] = {table.id: {} for table in tables}
    summary_ids = [t.id for t in tables if t.entry_mode == Table.EntryMode.SUMMARY]
    game_ids = [t.id for t in tables if t.entry_mode != Table.EntryMode.SUMMARY]
    if summary_ids:
        for entry in SummaryEntry.objects.filter(table_id__in=summary_ids):
            totals[entry.table_id][entry.participant_id] = Totals(
                entry.game_points, entry.won, entry.lost, entry.credits
            )
    if game_ids:
        rows = (
            GamePoints.objects.filter(table_id__in=game_ids)
            .values("table", "participant")
            .annotate(**AGGREGATES)
            .order_by()
        )
        for row in rows:
            totals[row["table"]][row["participant"]] = totals_from_row(row)
    return totals


def settlement_lines(table: Table, seats, totals: dict[int, Totals]) -> list[SeatSettlement]:
    scheme = table.series.tournament.scheme
    lines = []
    for seat in seats:
        sums = totals.get(seat.participant_id, Totals())
        lines.append(
            SeatSettlement(
                seat=seat.number,
                participant=seat.participant_id,
                name=seat.participant.player.full_name,
                start_number=seat.participant.start_number,
                from_game=seat.from_game,
                until_game=seat.until_game,
                game_points=sums.game_points,
                won=sums.won,
                lost=sums.lost,
                bonus_won_lost=sums.bonus_won_lost(scheme),
                bonus_opponents_lost=sums.bonus_opponents_lost,
                total=sums.total(scheme),
            )
        )
    return lines
