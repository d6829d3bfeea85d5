"""Money at a Preisskat: lost-game money (Abreizgeld) and prizes by rank (Preise).

Pure Python on :class:`~decimal.Decimal`, never floats: every amount is rounded half up
to whole cents once, where it is computed, so the settlement balances to the cent.
See docs/money.md for the rules decided here.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def cents(value) -> Decimal:
    """``value`` as euros with exactly two decimals, rounded half up (0.005 → 0.01)."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class LostGameRates:
    """The lost-game part of a tariff: ``rate`` per lost game, ``higher`` from the
    ``higher_from``-th lost game of a series on (both optional), ``passed`` per passed-in
    game for every player who took part in it."""

    rate: Decimal = ZERO
    higher_from: int | None = None
    higher: Decimal | None = None
    passed: Decimal = ZERO

    def rate_of(self, nth_lost: int) -> Decimal:
        """The fee of the ``nth_lost`` lost game (1 = first) of a series."""
        if self.higher_from is not None and self.higher is not None:
            if nth_lost >= self.higher_from:
                return self.higher
        return self.rate


def lost_game_money(lost: int, rates: LostGameRates, passed: int = 0) -> Decimal:
    """What a player owes for one series: ``lost`` games lost as declarer, ``passed``
    passed-in games played in. The order of the lost games does not matter for the sum:
    the first ``higher_from − 1`` cost the normal rate, every further one the higher rate."""
    if lost < 0 or passed < 0:
        raise ValueError("counts of games cannot be negative")
    total = sum((rates.rate_of(n) for n in range(1, lost + 1)), ZERO)
    return cents(total + rates.passed * passed)


@dataclass(frozen=True)
class PrizeRule:
    """One paid rank: a fixed ``amount`` or a ``percent`` of the entry fees (exactly one)."""

    rank: int
    amount: Decimal | None = None
    percent: Decimal | None = None

    def __post_init__(self):
        if (self.amount is None) == (self.percent is None):
            raise ValueError("a prize is either an amount or a percentage")


def prize_amounts(rules: Iterable[PrizeRule], entry_fees: Decimal) -> dict[int, Decimal]:
    """Rank → prize in euros; percentages are of ``entry_fees``, rounded half up to cents."""
    amounts = {}
    for rule in rules:
        if rule.amount is not None:
            amounts[rule.rank] = cents(rule.amount)
        else:
            amounts[rule.rank] = cents(entry_fees * rule.percent / 100)
    return amounts


@dataclass(frozen=True)
class Placed:
    """A ranked competitor: ``rank`` is shared by competitors equal under the tie rule;
    ``total`` is the score before any tie-break (to see where the tie-break decided)."""

    key: object
    rank: int
    total: int


@dataclass(frozen=True)
class Award:
    key: object
    rank: int
    amount: Decimal
    shared_with: int = 1


@dataclass(frozen=True)
class TieBreakDecides:
    """Competitors with the same total whose prizes differ only because of the tie-break
    (more games won, fewer lost): the director must be told."""

    total: int
    keys: tuple
    amounts: tuple[Decimal, ...]


def split(amount: Decimal, ways: int) -> list[Decimal]:
    """``amount`` in ``ways`` shares that differ by at most one cent and add up exactly;
    the first shares take the odd cents."""
    whole = int(cents(amount) * 100)
    base, odd = divmod(whole, ways)
    return [(Decimal(base + (1 if i < odd else 0)) / 100).quantize(CENT) for i in range(ways)]


def distribute(placed: Sequence[Placed], amounts: Mapping[int, Decimal]) -> list[Award]:
    """Prizes to ranked competitors (in ranking order). Competitors sharing a place share
    the prizes of all places they occupy, in equal parts (a shared 2nd of two players gets
    prize 2 + prize 3, halved). Competitors without money get no award."""
    awards: list[Award] = []
    index = 0
    while index < len(placed):
        group = [p for p in placed[index:] if p.rank == placed[index].rank]
        positions = range(index + 1, index + 1 + len(group))
        pool = sum((amounts.get(position, ZERO) for position in positions), ZERO)
        if pool > 0:
            for competitor, share in zip(group, split(pool, len(group)), strict=True):
                awards.append(Award(competitor.key, competitor.rank, share, len(group)))
        index += len(group)
    return awards


def tie_breaks_deciding_money(
    placed: Sequence[Placed], awards: Sequence[Award]
) -> list[TieBreakDecides]:
    """Groups of competitors with equal totals but different places and different money."""
    money = {award.key: award.amount for award in awards}
    by_total: dict[int, list[Placed]] = {}
    for competitor in placed:
        by_total.setdefault(competitor.total, []).append(competitor)
    found = []
    for total, group in by_total.items():
        amounts = tuple(money.get(p.key, ZERO) for p in group)
        if len({p.rank for p in group}) > 1 and len(set(amounts)) > 1:
            found.append(TieBreakDecides(total, tuple(p.key for p in group), amounts))
    return found
