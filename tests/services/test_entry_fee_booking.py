"""Booking one entry fee (the door's "bezahlt und da", the cash box's "Startgeld bezahlt")
reads that participant's fee as the settlement computes it, without settling the whole
cash box on every tap: at the hundredth arrival that was the slowest part of the tap."""

from decimal import Decimal as D

import pytest

from tests import factories as f
from tournaments.models import Payment
from tournaments.services import money
from tournaments.services.money import settlement
from tournaments.services.participants import update_participant

pytestmark = pytest.mark.django_db

TARIFF = {"entry_fee": "10.00", "lost_game_fee": "0.50", "team_fee": "2.00"}


def test_booking_an_entry_fee_does_not_settle_the_whole_cash_box(monkeypatch):
    tournament = f.make_tournament()
    money.set_tariff(tournament, TARIFF)
    people = f.make_participants(tournament, 3)

    def whole_cash_box(_tournament):
        raise AssertionError("the whole cash box was settled for one entry fee")

    monkeypatch.setattr(settlement, "settle_cash", whole_cash_box)
    booked = money.mark_entry_fee_paid(people[0])

    assert booked.amount == D("10.00")
    assert money.mark_entry_fee_paid(people[0]) is None


def test_the_fee_booked_is_the_settlements_fee_with_team_and_withdrawals():
    tournament = f.make_played_tournament(players=8, series=1)
    money.set_tariff(tournament, TARIFF)
    people = list(tournament.participants.order_by("start_number"))
    team = f.make_team(tournament)
    people[0].team = team
    people[0].save(update_fields=["team"])
    update_participant(people[1], withdrawn=True)  # played series 1: owes the fee
    late = f.make_participants(tournament, 1)[0]
    update_participant(late, withdrawn=True)  # never played: owes nothing

    for participant in [*people, late]:
        participant.refresh_from_db()
        money.mark_entry_fee_paid(participant)

    statements = {s.participant: s for s in money.settlement_of(tournament).participants}
    booked = {
        p.participant_id: p.amount for p in Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE)
    }
    assert booked[people[0].pk] == D("12.00")
    assert booked[people[1].pk] == D("10.00")
    assert late.pk not in booked
    for pk, statement in statements.items():
        assert booked.get(pk, D("0")) == statement.entry_fee
        assert statement.owes == statement.lost_game_fees
