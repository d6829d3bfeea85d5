"""The prize-giving in a browser: on a phone the director pays out a place, takes the tap
back with a reason and pays it again; a player's phone finds the prize list from the
tournament page, with the amounts of the settlement, and the notice-board PDF beside it."""

import re

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.test_director_phone import assert_fits
from tournaments.models import PrizePayout, Tournament
from tournaments.services import money
from tournaments.services.participants import update_participant

pytestmark = pytest.mark.django_db(transaction=True)

SLOW_MACHINE_MS = 60_000
PHONE = {"width": 390, "height": 844}


def finished_evening():
    tournament = f.make_played_tournament(players=8, series=1, rounds_per_series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    prizes = [{"rank": 1, "percent": "30"}, {"rank": 3, "percent": "20"}]
    money.set_prize_table(tournament, prizes, confirm=True)
    last = tournament.participants.order_by("start_number").last()
    update_participant(last, withdrawn=True)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    money.freeze_settlement(tournament)
    return tournament


def test_a_tap_on_the_wrong_place_is_taken_back_on_a_phone(director_desk):
    tournament = finished_evening()
    desk = director_desk(PHONE)
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    desk.get_by_test_id("pay-out-overall-3").click()
    desk.get_by_test_id("paid-out-overall-3").wait_for()
    assert desk.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    desk.get_by_test_id("undo-open-overall-3").click()  # folded: taking back is rare
    desk.fill("#undo-reason-overall-3", "Platz 3 statt Platz 1 getippt")
    desk.get_by_test_id("undo-payout-overall-3").click()
    desk.get_by_test_id("pay-out-overall-3").wait_for()
    desk.get_by_test_id("pay-out-overall-1").click()
    desk.get_by_test_id("paid-out-overall-1").wait_for()

    assert set(PrizePayout.objects.values_list("rank", flat=True)) == {1}
    expect(desk.locator(".messages, [role=status]").first).to_contain_text("ausgezahlt")


def test_a_player_finds_the_prize_list_on_a_phone(new_page):
    tournament = finished_evening()
    awards = money.settlement_of(tournament).awards
    phone = new_page(viewport=PHONE)
    phone.set_default_timeout(SLOW_MACHINE_MS)

    phone.goto(f"/turniere/{tournament.id}/")
    phone.get_by_test_id("prize-list-link").click()
    phone.wait_for_url(re.compile(r"/preise/$"))

    amounts = [cell.replace("\xa0", " ") for cell in phone.locator("td.total").all_inner_texts()]
    assert amounts == [f"{a.amount:.2f}".replace(".", ",") + " €" for a in awards]
    expect(phone.get_by_test_id("prize-list-pdf")).to_have_attribute(
        "href", f"/turniere/{tournament.id}/preise.pdf"
    )
    assert_fits(phone, f"/turniere/{tournament.id}/preise/")
