"""The settlement of a tournament's cash box (Kassenbericht).

Entry fees and lost-game money expected (from the tariff and the games) and collected
(from the payments), the prizes, what remains for the club, and one statement per
participant. Nothing here is stored, except the snapshot taken when the tournament is
finished (:func:`freeze_settlement`): from then on the settlement shown is that snapshot.
"""

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, Sum

from tournaments.models import Payment, SettlementSnapshot, Table, Tournament
from tournaments.skat.money import ZERO, cents, lost_game_money

from .lists import game_counts
from .prizes import PrizeAward, TieWarning, awards_for, set_prizes
from .tariff import rates_of, tariff_of

K = Payment.Kind


@dataclass(frozen=True)
class Statement:
    """One participant's account: what is due, paid, won, and the net result."""

    participant: int
    start_number: int
    name: str
    entry_fee: Decimal
    lost_games: int
    lost_game_fees: Decimal
    paid: Decimal
    refunded: Decimal
    prize: Decimal
    net: Decimal
    owes: Decimal
    # The entry fee alone, paid (gross): the cash box offers "Entry fee paid" while it is
    # below the fee. A default, for snapshots frozen before it was kept.
    entry_fee_paid: Decimal = ZERO


@dataclass(frozen=True)
class SeriesMoney:
    series: int
    number: int
    lost_games: int
    lost_game_fees_due: Decimal
    lost_game_fees_paid: Decimal


@dataclass(frozen=True)
class Settlement:
    entry_fees_due: Decimal
    entry_fees_paid: Decimal
    lost_game_fees_due: Decimal
    lost_game_fees_paid: Decimal
    refunds: Decimal
    collected: Decimal
    prizes: Decimal
    balance: Decimal
    series: tuple[SeriesMoney, ...] = ()
    participants: tuple[Statement, ...] = ()
    awards: tuple[PrizeAward, ...] = ()
    warnings: tuple[TieWarning, ...] = ()
    frozen: bool = False
    frozen_at: str = field(default="", compare=False)


def settle_cash(tournament: Tournament) -> Settlement:
    """The settlement as it stands now, computed from tariff, games, payments and prizes."""
    tariff = tariff_of(tournament)
    rates = rates_of(tariff)
    series_of = dict(
        Table.objects.filter(series__tournament=tournament).values_list("id", "series_id")
    )
    numbers = dict(tournament.series.values_list("id", "number"))
    per_participant: dict[int, list] = defaultdict(lambda: [0, ZERO])
    per_series: dict[int, list] = defaultdict(lambda: [0, ZERO])
    due_by_pair: dict[tuple[int, int], Decimal] = {}
    for (table, participant), (lost, passed) in game_counts(Q(tournament=tournament)).items():
        fee = lost_game_money(lost, rates, passed)
        series = series_of[table]
        due_by_pair[series, participant] = fee
        for bucket in (per_participant[participant], per_series[series]):
            bucket[0] += lost
            bucket[1] += fee
    paid: dict[tuple[int, str], Decimal] = defaultdict(lambda: ZERO)
    paid_series: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for row in (
        Payment.objects.filter(tournament=tournament)
        .values("participant", "kind", "series")
        .annotate(sum=Sum("amount"))
        .order_by()
    ):
        # SQLite sums decimals as floats (0.5 + -0.49 = 0.00999…): back to cents.
        amount = cents(row["sum"])
        paid[row["participant"], row["kind"]] += amount
        if row["kind"] == K.LOST_GAME_FEES and row["series"]:
            paid_series[row["series"]] += amount
    played = set(participant for (_series, participant) in due_by_pair)
    people = list(tournament.participants.select_related("player").order_by("start_number"))
    fee_of = {p.id: _entry_fee_due(p, tariff, played) for p in people}
    awards, warnings = awards_for(tournament, sum(fee_of.values(), ZERO))
    prize_of: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for award in awards:
        prize_of[award.participant] += award.amount
    statements = []
    for p in people:
        entry_fee = fee_of[p.id]
        lost, fees = per_participant[p.id]
        paid_total = paid[p.id, K.ENTRY_FEE] + paid[p.id, K.LOST_GAME_FEES]
        refunded = paid[p.id, K.REFUND]
        statements.append(
            Statement(
                participant=p.id,
                start_number=p.start_number,
                name=p.player.full_name,
                entry_fee=entry_fee,
                lost_games=lost,
                lost_game_fees=fees,
                paid=paid_total,
                refunded=refunded,
                prize=prize_of[p.id],
                net=prize_of[p.id] - entry_fee - fees,
                owes=entry_fee + fees - paid_total + refunded,
                entry_fee_paid=paid[p.id, K.ENTRY_FEE],
            )
        )
    series_rows = tuple(
        SeriesMoney(sid, number, per_series[sid][0], per_series[sid][1], paid_series[sid])
        for sid, number in sorted(numbers.items(), key=lambda item: item[1])
    )
    entry_paid = sum((paid[s.participant, K.ENTRY_FEE] for s in statements), ZERO)
    lost_paid = sum((paid[s.participant, K.LOST_GAME_FEES] for s in statements), ZERO)
    refunds = sum((s.refunded for s in statements), ZERO)
    collected = entry_paid + lost_paid - refunds
    prizes = sum((a.amount for a in awards), ZERO)
    return Settlement(
        entry_fees_due=sum((s.entry_fee for s in statements), ZERO),
        entry_fees_paid=entry_paid,
        lost_game_fees_due=sum((s.lost_game_fees for s in statements), ZERO),
        lost_game_fees_paid=lost_paid,
        refunds=refunds,
        collected=collected,
        prizes=prizes,
        balance=collected - prizes,
        series=series_rows,
        participants=tuple(statements),
        awards=tuple(awards),
        warnings=tuple(warnings),
    )


def _entry_fee_due(participant, tariff, played: set[int]) -> Decimal:
    """A participant's entry fee: everyone not withdrawn, and a withdrawn player who
    played (their series count)."""
    if participant.withdrawn and participant.id not in played:
        return ZERO
    return tariff.entry_fee + (tariff.team_fee if participant.team_id else ZERO)


def entry_fee_due_of(participant) -> Decimal:
    """One participant's entry fee due, as the settlement computes it, without settling
    the whole cash box: the door books one fee per tap, and settling 100 participants on
    every tap made the hundredth tap the slowest. A withdrawn participant owes it only if
    they played, which the settlement's games decide."""
    if participant.withdrawn:
        statements = settle_cash(participant.tournament).participants
        return next(s.entry_fee for s in statements if s.participant == participant.id)
    return _entry_fee_due(participant, tariff_of(participant.tournament), set())


def prize_preview(tournament: Tournament) -> dict[str, dict[int, Decimal]]:
    """Classification → place → prize: the prize table applied to the entry fees due, the
    one base the settlement's prizes use too (its ``entry_fees_due``; frozen with it at
    the finish), so that preview and settlement never disagree (docs/money.md)."""
    from .prizes import amounts_by_classification, prize_rules

    base = settlement_of(tournament).entry_fees_due
    return amounts_by_classification(prize_rules(tournament), base)


def settlement_of(tournament: Tournament) -> Settlement:
    """The frozen settlement of a finished tournament, the live one otherwise.

    A finished tournament without a snapshot (finished before the cash box existed, or by
    a path that did not call :func:`freeze_settlement`) is frozen on this first read.
    """
    if tournament.status != Tournament.Status.FINISHED:
        return settle_cash(tournament)
    snapshot = SettlementSnapshot.objects.filter(tournament=tournament).first()
    if snapshot is None:
        snapshot = freeze_settlement(tournament)
    return settlement_from_json(snapshot.data, frozen_at=snapshot.frozen_at.isoformat())


def unfreeze_settlement(tournament: Tournament) -> None:
    """Drop the snapshot when a finished tournament is reopened; finishing freezes anew."""
    SettlementSnapshot.objects.filter(tournament=tournament).delete()


def freeze_settlement(tournament: Tournament) -> SettlementSnapshot:
    """Store the settlement as it stands; call it when the tournament is finished, so that
    later changes to payments or the tariff do not change the treasurer's report."""
    snapshot, _created = SettlementSnapshot.objects.update_or_create(
        tournament=tournament, defaults={"data": settlement_to_json(settle_cash(tournament))}
    )
    return snapshot


def settlement_to_json(settlement: Settlement) -> dict:
    return _jsonable(dataclasses.asdict(settlement))


def _jsonable(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    return value


def settlement_from_json(data: dict, *, frozen_at: str = "") -> Settlement:
    def build(cls, row):
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in row:
                continue
            value = row[f.name]
            if f.type is Decimal:
                value = Decimal(value)
            elif f.type == tuple[Decimal, ...]:
                value = tuple(Decimal(v) for v in value)
            values[f.name] = value
        return cls(**values)

    top = {key: value for key, value in data.items() if key not in NESTED}
    nested = {
        name: tuple(build(cls, row) for row in data.get(name, ())) for name, cls in NESTED.items()
    }
    settlement = build(Settlement, top)
    return dataclasses.replace(settlement, **nested, frozen=True, frozen_at=frozen_at)


NESTED = {
    "series": SeriesMoney,
    "participants": Statement,
    "awards": PrizeAward,
    "warnings": TieWarning,
}


def prize_base_for_check(tournament: Tournament) -> Decimal:
    """What a prize table may pay out without the director's confirmation: the entry fees
    due (the prizes' base) or those collected, whichever is more."""
    cash = settle_cash(tournament)
    return max(cash.entry_fees_due, cash.entry_fees_paid - cash.refunds)


def set_prize_table(tournament: Tournament, rows, *, confirm=False, user=None):
    return set_prizes(
        tournament, rows, entry_fees=prize_base_for_check(tournament), confirm=confirm, user=user
    )
