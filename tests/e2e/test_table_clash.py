"""A clash between two phones on one list: both versions side by side, and no button that
can store a deal twice (issue 47, item 3; F2's second half).

Phone A enters online, phone B offline; when B is back its game under a number A has
stored clashes. The box shows the server's game and B's in the players' words and offers
only "keep the server's" and "correct the server's to mine" (with a reason). Appending
after the server's games is offered only for a waiting game that is not a version of a
stored one (same number = same deal). Every button is pressed; the stored games are read
back from the API, and none is stored twice.
"""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tournaments.models import Game
from tournaments.services import table_access
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db(transaction=True)

LONG_MS = 40_000


def open_phone(new_page, table):
    page = new_page({"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=LONG_MS)
    return page


def save(page, declarer, game, matadors, won):
    page.locator(f"label[for=declarer-{declarer}]").click()
    page.locator(f"label[for=game-{game}]").click()
    page.fill("#matadors", str(matadors))
    page.locator(f"label[for=won-{'true' if won else 'false'}]").click()
    page.get_by_test_id("save-game").click()


def stored_via_api(page, table):
    """(number, declarer, game, won) of every stored game, as the API lists them."""
    answer = page.request.get(
        f"/api/v1/tables/{table.pk}/games/", headers={"X-Table-Code": table.access_code}
    )
    return [(g["number"], g["declarer_seat"], g["game"], g["won"]) for g in answer.json()]


def clash_on_phone_b(new_page, table):
    """A stores game 1 (Grand lost, seat 1) while B, offline, keeps its game 1 (Kreuz won,
    seat 2); B comes back and its game 1 clashes."""
    phone_a, phone_b = open_phone(new_page, table), open_phone(new_page, table)
    phone_b.context.set_offline(True)
    save(phone_b, 2, "clubs", 2, True)
    phone_b.get_by_test_id("queued-row-1").wait_for()
    save(phone_a, 1, "grand", 1, False)
    expect(phone_a.get_by_test_id("entry-status")).to_contain_text("Spiel 1 gespeichert")
    phone_b.context.set_offline(False)
    box = phone_b.get_by_test_id("offline-clash-1")
    box.wait_for(timeout=LONG_MS)
    return phone_b, box


def test_the_box_shows_both_versions_and_offers_no_appending(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    phone_b, box = clash_on_phone_b(new_page, table)

    expect(box.get_by_test_id("clash-server-1")).to_contain_text("Grand mit 1")
    expect(box.get_by_test_id("clash-server-1")).to_contain_text("verloren")
    expect(box.get_by_test_id("clash-mine-1")).to_contain_text("Kreuz mit 2")
    expect(box.get_by_test_id("clash-mine-1")).to_contain_text("gewonnen")
    expect(box.get_by_test_id("keep-server-1")).to_be_visible()
    expect(box.get_by_test_id("correct-server-1")).to_be_visible()
    expect(phone_b.get_by_test_id("renumber")).to_have_count(0)
    assert stored_via_api(phone_b, table) == [(1, 1, "grand", False)]


def test_keeping_the_servers_game_stores_nothing_of_mine(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    phone_b, box = clash_on_phone_b(new_page, table)

    box.get_by_test_id("keep-server-1").click()

    expect(phone_b.get_by_test_id("offline-clash-1")).to_have_count(0)
    expect(phone_b.get_by_test_id("save-game")).to_have_text("Spiel 2 speichern")
    phone_b.wait_for_timeout(1_000)
    assert stored_via_api(phone_b, table) == [(1, 1, "grand", False)]


def test_correcting_the_servers_game_to_mine_changes_it_and_adds_none(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    phone_b, box = clash_on_phone_b(new_page, table)

    box.get_by_test_id("clash-reason-1").fill("Kreuz war gewonnen, Zettel geprüft")
    box.get_by_test_id("correct-server-1").click()

    expect(phone_b.get_by_test_id("offline-clash-1")).to_have_count(0)
    expect(phone_b.get_by_test_id("entry-status")).to_contain_text("Spiel 1 korrigiert")
    assert stored_via_api(phone_b, table) == [(1, 2, "clubs", True)]
    assert Game.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("button", ["renumber", "discard-3"])
def test_appending_is_offered_for_a_game_that_no_stored_game_is_a_version_of(new_page, button):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=1, game="diamonds", matadors=1, won=True)
    f.enter(table, declarer_seat=3, game="hearts", matadors=1, won=True)
    phone = open_phone(new_page, table)
    phone.context.set_offline(True)
    save(phone, 2, "clubs", 2, True)  # game 3 on the device
    phone.get_by_test_id("queued-row-3").wait_for()
    listkeeping.delete_game(table, 2)  # the director takes game 2 back meanwhile
    phone.context.set_offline(False)
    box = phone.get_by_test_id("offline-clash-3")
    box.wait_for(timeout=LONG_MS)
    expect(box.get_by_test_id("keep-server-3")).to_have_count(0)

    box.get_by_test_id(button).click()

    if button == "renumber":
        expect(phone.get_by_test_id("queued-row-2")).to_have_count(0, timeout=LONG_MS)
        expect(phone.get_by_test_id("game-row-2")).to_contain_text("Kreuz")
        assert stored_via_api(phone, table) == [(1, 1, "diamonds", True), (2, 2, "clubs", True)]
    else:
        expect(phone.get_by_test_id("offline-clash-3")).to_have_count(0)
        phone.wait_for_timeout(1_000)
        assert stored_via_api(phone, table) == [(1, 1, "diamonds", True)]
