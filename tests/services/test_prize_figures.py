"""The prize table's preview and the settlement's prizes are one computation: the same
figures on the cash page, in the API and in the PDF, before and after a withdrawal, before
everyone has paid and after the finish (39/26/13 € beside 42/28/14 € before)."""

from decimal import Decimal

import pytest

from tests import factories as f
from tests.api.conftest import API
from tournaments.models import Tournament
from tournaments.services import money
from tournaments.services.participants import update_participant

pytestmark = pytest.mark.django_db

TARIFF = {"entry_fee": "10.00", "lost_game_fee": "0.50"}
PRIZES = [{"rank": 1, "percent": "30"}, {"rank": 2, "percent": "20"}, {"rank": 3, "percent": "10"}]


def _evening(*, paying):
    tournament = f.make_played_tournament(players=8, series=1)
    money.set_tariff(tournament, TARIFF)
    people = list(tournament.participants.order_by("start_number"))
    for participant in people[:paying]:
        money.mark_entry_fee_paid(participant)
    money.set_prize_table(tournament, PRIZES, confirm=True)
    return tournament, people


def _preview_total(tournament) -> Decimal:
    return sum(money.prize_preview(tournament)["overall"].values(), Decimal("0"))


@pytest.mark.parametrize("paying", [8, 3])
def test_preview_and_settlement_agree_after_a_withdrawal(paying):
    tournament, people = _evening(paying=paying)

    update_participant(people[-1], withdrawn=True)

    settlement = money.settlement_of(tournament)
    assert money.prize_preview(tournament)["overall"] == {
        1: Decimal("24.00"),
        2: Decimal("16.00"),
        3: Decimal("8.00"),
    }
    assert settlement.prizes == _preview_total(tournament) == Decimal("48.00")


def test_the_prizes_api_keeps_one_figure_after_the_finish(client):
    tournament, people = _evening(paying=8)
    update_participant(people[-1], withdrawn=True)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    money.freeze_settlement(tournament)

    rows = client.get(f"{API}tournaments/{tournament.id}/prizes/").json()

    previews = [Decimal(row["preview"]) for row in rows]
    paid_out = sum(Decimal(w["amount"]) for row in rows for w in row["winners"])
    assert previews == [Decimal("24.00"), Decimal("16.00"), Decimal("8.00")]
    assert paid_out == sum(previews) == money.settlement_of(tournament).prizes
