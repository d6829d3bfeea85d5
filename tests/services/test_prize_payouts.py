"""Prize payouts: a prize handed over is recorded with its place, one tap per place."""

from decimal import Decimal as D

import pytest

from tests import factories as f
from tournaments.models import PrizePayout, Tournament
from tournaments.services import money
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


def finished_with_prizes(players=8):
    """A finished tournament of one series, 10 € entry fees paid, prizes 1: 30 €, 2: 20 €."""
    tournament = f.make_played_tournament(players=players, series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    money.set_prizes(
        tournament,
        [{"rank": 1, "amount": "30.00"}, {"rank": 2, "amount": "20.00"}],
        entry_fees=D("80.00"),
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament


def test_a_place_is_paid_out_once_with_the_frozen_settlement_amount():
    tournament = finished_with_prizes()
    winners = [a for a in money.settlement_of(tournament).awards if a.rank == 1]

    recorded = money.pay_out_prize(tournament, "overall", 1)

    # Two tables alike: place 1 is shared and pays the prizes of places 1 and 2 in halves.
    assert [(p.participant_id, p.amount, p.rank) for p in recorded] == [
        (award.participant, award.amount, 1) for award in winners
    ]
    assert sum(p.amount for p in recorded) in (D("30.00"), D("50.00"))
    places = {(p.classification, p.rank): p for p in money.prize_places(tournament)}
    assert places.pop(("overall", 1)).paid_out
    assert not any(place.paid_out for place in places.values())
    with pytest.raises(Rejected) as refused:
        money.pay_out_prize(tournament, "overall", 1)
    assert refused.value.problems[0].code == "prize_already_paid_out"
    assert PrizePayout.objects.count() == len(winners)


def test_a_place_without_a_prize_is_refused_naming_the_place():
    tournament = finished_with_prizes()

    with pytest.raises(Rejected) as refused:
        money.pay_out_prize(tournament, "overall", 5)

    assert refused.value.problems[0].field == "rank"
    assert refused.value.problems[0].code == "no_prize_for_place"
    assert not PrizePayout.objects.exists()


def test_prizes_are_paid_out_only_once_the_ranking_is_final():
    tournament = finished_with_prizes()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()

    with pytest.raises(Rejected) as refused:
        money.pay_out_prize(tournament, "overall", 1)

    assert refused.value.problems[0].code == "prizes_before_finish"
    assert not PrizePayout.objects.exists()
