"""The demo evening has a cash box: a tariff, payments, a prize table and a live settlement."""

from decimal import Decimal as D

import pytest

from tournaments.models import Participant, Table, Tournament
from tournaments.services import money
from tournaments.services.demo import DEMO_TOURNAMENT, load_demo


@pytest.mark.django_db
def test_demo_shows_money_on_every_list_and_a_balanced_settlement_once():
    load_demo()
    tournament = Tournament.objects.get(name=DEMO_TOURNAMENT)
    payments = tournament.payments.count()

    load_demo()

    settlement = money.settlement_of(tournament)
    lists = money.tables_money(Table.objects.filter(series__tournament=tournament))
    assert sum(result.total for result in lists.values()) == settlement.lost_game_fees_due > 0
    # The demo evening is still running (series 2 waits for signatures): a live settlement.
    assert tournament.status == Tournament.Status.RUNNING and not settlement.frozen
    assert settlement.entry_fees_paid == D("140.00")
    assert settlement.lost_game_fees_paid > 0
    assert {a.classification for a in settlement.awards} == {"overall", "women"}
    assert settlement.collected == settlement.prizes + settlement.balance
    assert Participant.objects.filter(tournament=tournament, gender="f").count() == 8
    assert tournament.payments.count() == payments
