"""The money of each list: per seat the lost games and the lost-game money, and the total.

Counted from the stored games (and the sums of paper lists), never typed, so correcting a
game corrects the money. Lost games are those lost as declarer; a passed-in game costs the
passed-game fee for each of its three players (not the dealer sitting out).
"""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum

from tournaments.models import GamePoints, SummaryEntry, Table
from tournaments.skat.money import ZERO, LostGameRates, lost_game_money

from ..seating import seats_by_table
from .tariff import rates_of, tariff_of


@dataclass(frozen=True)
class SeatMoney:
    seat: int
    participant: int
    name: str
    lost: int
    passed: int
    amount: Decimal


@dataclass(frozen=True)
class TableMoney:
    table: int
    lines: tuple[SeatMoney, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO)

    def of_participant(self, participant: int) -> SeatMoney | None:
        return next((line for line in self.lines if line.participant == participant), None)


def game_counts(scope: Q) -> dict[tuple[int, int], tuple[int, int]]:
    """(table, participant) → (games lost as declarer, passed-in games played) in ``scope``
    (a filter on table/series/tournament); two GROUP BY queries."""
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    rows = (
        GamePoints.objects.filter(scope)
        .values("table", "participant")
        .annotate(
            lost_sum=Sum("lost"),
            passed_count=Count("pk", filter=Q(game__passed=True, role=GamePoints.Role.OPPONENT)),
        )
        .order_by()
    )
    for row in rows:
        counts[row["table"], row["participant"]] = [row["lost_sum"] or 0, row["passed_count"]]
    for row in SummaryEntry.objects.filter(scope).values("table", "participant", "lost"):
        counts[row["table"], row["participant"]][0] += row["lost"]
    return {key: (lost, passed) for key, (lost, passed) in counts.items()}


def tables_money(tables, rates: LostGameRates | None = None) -> dict[int, TableMoney]:
    """Table id → its money, for many tables of one tournament in four queries."""
    tables = list(tables)
    if not tables:
        return {}
    if rates is None:
        rates = rates_of(tariff_of(tables[0].series.tournament))
    ids = [table.id for table in tables]
    counts = game_counts(Q(table_id__in=ids))
    seats = seats_by_table(ids)
    result = {}
    for table in tables:
        lines = []
        for seat in seats[table.id]:
            lost, passed = counts.get((table.id, seat.participant_id), (0, 0))
            lines.append(
                SeatMoney(
                    seat=seat.number,
                    participant=seat.participant_id,
                    name=seat.participant.player.full_name,
                    lost=lost,
                    passed=passed,
                    amount=lost_game_money(lost, rates, passed),
                )
            )
        result[table.id] = TableMoney(table.id, tuple(lines))
    return result


def table_money(table: Table) -> TableMoney:
    return tables_money([table])[table.id]
