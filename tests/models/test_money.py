"""The money rows name themselves the way the admin lists and the audit trail show them."""

from decimal import Decimal

import pytest
from django.utils import translation

from tests import factories as f
from tournaments.models import Payment, PrizeRule, SettlementSnapshot, Tariff

pytestmark = pytest.mark.django_db


def test_money_rows_are_named_after_their_tournament_participant_and_place():
    tournament = f.make_tournament(name="Herbstpreisskat")
    [participant] = f.make_participants(tournament, 1)
    tariff = Tariff.objects.create(tournament=tournament, entry_fee=Decimal("10.00"))
    payment = Payment.objects.create(
        tournament=tournament,
        participant=participant,
        series=f.make_series(tournament),
        kind=Payment.Kind.LOST_GAME_FEES,
        amount=Decimal("1.50"),
    )
    prize = PrizeRule.objects.create(
        tournament=tournament, classification=PrizeRule.Classification.WOMEN, rank=2, percent=5
    )
    snapshot = SettlementSnapshot.objects.create(tournament=tournament, data={})

    with translation.override("en"):
        names = [str(tariff), str(payment), str(prize), str(snapshot)]

    held = f"Herbstpreisskat ({tournament.date:%d.%m.%Y})"
    assert names == [
        f"Tariff of {held}",
        f"{participant}: lost-game money 1.50",
        "best women 2",
        held,
    ]
