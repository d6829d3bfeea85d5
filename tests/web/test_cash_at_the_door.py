"""The cash box at the speed of the door: one tap per job, and no field that cannot apply.

A refund is offered only to someone who paid; each table's list money is paid with one
button naming its table; every entry fee still owed is paid with one button.
"""

import re
from decimal import Decimal as D

import pytest
from django.urls import reverse

from tests import factories as f
from tournaments.models import Payment, PrizePayout, Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db


def evening(series=2, tables=2):
    """A tournament with a tariff, ``series`` complete series of ``tables`` 4-tables."""
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, 4 * tables)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    played = []
    for _ in range(series):
        one = f.make_series(tournament)
        for number in range(tables):
            group = people[4 * number : 4 * number + 4]
            played.append(f.play_out(f.make_table(one, group, number=number + 1)))
    return tournament, played


def cash_page(client, tournament) -> str:
    return client.get(reverse("web:director-cash", args=[tournament.id])).content.decode()


def test_a_refund_field_only_where_something_was_paid(director_client):
    tournament, _ = evening(series=1, tables=1)
    payer, *others = tournament.participants.order_by("start_number")
    money.mark_entry_fee_paid(payer)

    html = cash_page(director_client, tournament)

    assert f'id="refund-{payer.id}"' in html
    for other in others:
        assert f'id="refund-{other.id}"' not in html
    assert html.count('name="amount"') == 1


def test_each_table_has_one_all_paid_button_naming_it_until_its_money_is_paid(
    director_client,
):
    tournament, tables = evening(series=2, tables=2)
    first = tables[0]

    before = cash_page(director_client, tournament)
    director_client.post(reverse("web:director-cash-table", args=[first.id]))
    after = cash_page(director_client, tournament)

    labels = re.findall(r'data-testid="pay-table-\d+">([^<]*)<', before)
    assert len(labels) == len(tables) == len(set(labels)) == 4
    assert "Serie 1, Tisch 1: alle bezahlt" in labels
    assert f'data-testid="pay-table-{first.id}"' not in after
    assert f'data-testid="table-paid-{first.id}"' in after
    assert after.count('data-testid="pay-table-') == 3


def test_every_entry_fee_still_owed_is_paid_with_one_tap(director_client):
    tournament, _ = evening(series=1, tables=2)
    early = tournament.participants.order_by("start_number").first()
    money.mark_entry_fee_paid(early)

    before = cash_page(director_client, tournament)
    director_client.post(reverse("web:director-cash-entry-fees", args=[tournament.id]))
    after = cash_page(director_client, tournament)

    assert before.count('data-testid="pay-all-entry-fees"') == 1
    assert money.settle_cash(tournament).entry_fees_paid == D("80.00")
    assert Payment.objects.filter(participant=early, kind="entry_fee").count() == 1
    assert 'data-testid="pay-all-entry-fees"' not in after
    assert "7 Startgelder bezahlt" in after


def test_the_service_pays_only_what_is_owed_and_says_how_many():
    tournament, _ = evening(series=1, tables=1)

    first = money.mark_entry_fees_paid(tournament)
    second = money.mark_entry_fees_paid(tournament)

    assert [payment.amount for payment in first] == [D("10.00")] * 4
    assert second == []


def finished_with_prizes():
    """A finished evening of three tables: 10 € entry fees paid, prizes 1: 30 €, 2: 20 €."""
    tournament = f.make_played_tournament(players=12, series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    prizes = [{"rank": 1, "amount": "30.00"}, {"rank": 2, "amount": "20.00"}]
    money.set_prizes(tournament, prizes, entry_fees=D("120.00"))
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament


def pay_out(client, tournament, rank):
    url = reverse("web:director-cash-payout", args=[tournament.id])
    return client.post(url, {"classification": "overall", "rank": str(rank)}, follow=True)


def test_each_prize_place_is_paid_out_with_one_tap_after_the_finish(director_client):
    tournament = finished_with_prizes()
    places = money.prize_places(tournament)

    before = cash_page(director_client, tournament)
    answer = pay_out(director_client, tournament, places[0].rank).content.decode()

    assert before.count('data-testid="pay-out-') == len(places) >= 1
    assert f'data-testid="paid-out-overall-{places[0].rank}"' in answer
    assert f'data-testid="pay-out-overall-{places[0].rank}"' not in answer
    assert PrizePayout.objects.filter(rank=places[0].rank).count() == len(places[0].winners)
    again = pay_out(director_client, tournament, places[0].rank).content.decode()
    assert "bereits ausgezahlt" in again
    assert PrizePayout.objects.filter(rank=places[0].rank).count() == len(places[0].winners)


def test_no_payout_button_before_the_finish_and_a_post_is_refused(director_client):
    tournament = finished_with_prizes()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)

    html = cash_page(director_client, tournament)
    answer = pay_out(director_client, tournament, 1).content.decode()

    assert 'data-testid="pay-out-' not in html
    assert "Turnier abschließen" in answer or "abgeschlossen" in answer
    assert not PrizePayout.objects.exists()


def undo(client, tournament, rank, reason):
    url = reverse("web:director-cash-payout-undo", args=[tournament.id])
    body = {"classification": "overall", "rank": str(rank), "reason": reason}
    return client.post(url, body, follow=True)


def test_a_payout_tapped_by_mistake_is_taken_back_with_a_reason(director_client):
    tournament = finished_with_prizes()
    rank = money.prize_places(tournament)[0].rank
    pay_out(director_client, tournament, rank)
    paid_page = cash_page(director_client, tournament)

    refused = undo(director_client, tournament, rank, "").content.decode()
    kept = PrizePayout.objects.filter(rank=rank).count()
    taken_back = undo(director_client, tournament, rank, "falscher Platz").content.decode()

    assert f'data-testid="undo-payout-overall-{rank}"' in paid_page
    assert "Bitte einen Grund angeben" in refused
    assert kept >= 1
    assert "zurückgenommen" in taken_back
    assert f'data-testid="pay-out-overall-{rank}"' in taken_back
    assert not PrizePayout.objects.filter(rank=rank).exists()
