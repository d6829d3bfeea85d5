"""The settlement, the payments list and the frozen report agree after any payment sequence."""

import dataclasses
from decimal import Decimal as D

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories as f
from tournaments.models import Payment
from tournaments.services import money, states
from tournaments.services.errors import Rejected
from tournaments.skat.money import ZERO

ACCEPTED_REFUSALS = {"refund_exceeds_paid", "payment_already_reversed", "reversal_below_refunds"}
PAY = st.tuples(
    st.just("pay"),
    st.integers(0, 3),
    st.sampled_from(["entry_fee", "lost_game_fees", "refund"]),
    st.decimals(min_value="0.01", max_value="25", places=2),
)
REVERSE = st.tuples(st.just("reverse"), st.integers(0, 30), st.none(), st.none())


def played_and_closed():
    table = f.make_complete_table(players=4, rounds_per_series=1)
    tournament = table.series.tournament
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    director = f.make_staff_user()
    states.apply(table, "close", director, "ohne Unterschriften")
    states.apply(table.series, "finish", director)
    return tournament, [seat.participant for seat in table.seats.order_by("number")], director


def take(tournament, people, step):
    action, index, kind, amount = step
    if action == "pay":
        data = {"participant": people[index].id, "kind": kind, "amount": str(amount)}
        money.record_payment(tournament, data)
        return
    payments = list(tournament.payments.filter(reverses__isnull=True).order_by("id"))
    if payments:
        money.reverse_payment(tournament, payments[index % len(payments)].id, "Fehlbuchung")


def live(settlement):
    return dataclasses.replace(settlement, frozen=False, frozen_at="")


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(st.one_of(PAY, REVERSE), max_size=12))
def test_settlement_payments_list_and_frozen_report_agree(steps):
    tournament, people, director = played_and_closed()
    for step in steps:
        try:
            take(tournament, people, step)
        except Rejected as refused:
            assert refused.problems[0].code in ACCEPTED_REFUSALS

    cash = money.settle_cash(tournament)
    rows = list(Payment.objects.filter(tournament=tournament))

    def total(kind, participant=None):
        return sum(
            (r.amount for r in rows if r.kind == kind and participant in (None, r.participant_id)),
            ZERO,
        )

    assert cash.entry_fees_paid == total("entry_fee")
    assert cash.lost_game_fees_paid == total("lost_game_fees")
    assert cash.refunds == total("refund")
    for statement in cash.participants:
        paid = total("entry_fee", statement.participant) + total(
            "lost_game_fees", statement.participant
        )
        assert statement.paid == paid
        assert statement.refunded == total("refund", statement.participant)
        assert ZERO <= statement.refunded <= statement.paid
        assert statement.owes == statement.entry_fee + statement.lost_game_fees - paid + (
            statement.refunded
        )

    tournament = states.apply(tournament, "finish", director, open_money_ok=True)
    frozen = money.settlement_of(tournament)
    with pytest.raises(Rejected):
        money.record_payment(
            tournament, {"participant": people[0].id, "kind": "entry_fee", "amount": "1.00"}
        )

    assert frozen.frozen
    assert live(frozen) == cash
    assert live(money.settlement_of(tournament)) == cash
    assert Payment.objects.filter(tournament=tournament).count() == len(rows)
    assert sum((s.owes for s in frozen.participants), D("0")) == (
        frozen.entry_fees_due + frozen.lost_game_fees_due - frozen.collected
    )


@pytest.mark.django_db
def test_sums_of_cents_stay_cents_on_every_database():
    """SQLite adds decimals as floats: 0.10 + 0.20 came back as 0.30000000000000004."""
    tournament, people, _director = played_and_closed()
    for amount in ("0.10", "0.20", "0.50"):
        data = {"participant": people[0].id, "kind": "lost_game_fees", "amount": amount}
        money.record_payment(tournament, data)
    money.reverse_payment(tournament, tournament.payments.order_by("id").last().id, "falsch")

    cash = money.settle_cash(tournament)

    statement = next(s for s in cash.participants if s.participant == people[0].id)
    assert (cash.lost_game_fees_paid, statement.paid) == (D("0.30"), D("0.30"))
    assert str(statement.owes).endswith(("0", "5")) and statement.owes.as_tuple().exponent == -2
