"""The table device's faults, each with the case that showed it (docs/table-device.md).

A fresh form after every save (offline too); a failing save (502 from a proxy, 503, a
reset connection, an answer that never comes) keeps the game and sends it once; the same
game from a second device is "already on the list"; a clash leaves a clean form; signing
offline says why; the status line counts the waiting games; the matadors field never
contradicts its error; the keyboard page speaks of words and offers no Ctrl+Z on a touch
screen; matadors on a Null game are refused.
"""

import re

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.network import fail_the_first_game, swallow_the_first_answer
from tournaments.models import Game
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

LONG_MS = 40_000
SEND_WITHIN_MS = 20_000  # SEND_MS in static/js/lib/http.js


def open_table(new_page, table, **context):
    page = new_page(context.pop("viewport", {"width": 390, "height": 844}), **context)
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=LONG_MS)
    return page


def tap(page, *names):
    for name in names:
        page.locator(f"label[for={name}]").click()


def stored(table):
    return [
        (g.number, g.declarer_seat, g.game, g.game_value, g.won)
        for g in Game.objects.filter(table=table).order_by("number")
    ]


def checked(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#touch-form input:checked')].map((i) => i.id)"
    )


def test_nothing_carries_over_to_the_next_game_after_an_offline_save(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)
    page.context.set_offline(True)

    tap(page, "declarer-2", "game-clubs", "with-matadors-true")
    page.get_by_test_id("matadors").fill("2")
    tap(page, "hand", "won-true", "schneider")
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("queued-row-1").wait_for()
    assert checked(page) == ["with-matadors-true"]
    tap(page, "declarer-3", "game-diamonds", "won-true")
    assert page.locator("#preview-value").inner_text() == "18"
    page.get_by_test_id("save-game").click()
    tap(page, "declarer-4", "game-null", "won-true")
    assert page.locator("#preview-value").inner_text() == "23"
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("queued-row-3").wait_for()
    page.context.set_offline(False)

    page.get_by_test_id("game-row-3").wait_for(timeout=LONG_MS)
    assert stored(table) == [
        (1, 2, "clubs", 60, True),  # mit 2, Spiel 3, Hand 4, Schneider 5 × 12
        (2, 3, "diamonds", 18, True),
        (3, 4, "null", 23, True),
    ]


@pytest.mark.parametrize("failure", ["502 from a proxy", "503", "reset connection"])
def test_a_save_that_fails_keeps_the_game_and_sends_it_once(new_page, failure):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)
    failed = fail_the_first_game(page, failure)
    tap(page, "declarer-2", "game-clubs", "won-true")
    page.get_by_test_id("save-game").click()

    page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert re.search(rf"/tisch/{table.pk}/$", page.url)
    assert "Bad Gateway" not in page.locator("body").inner_text()
    assert len(failed) == 1
    assert stored(table) == [(1, 2, "clubs", 24, True)]


def test_a_save_whose_answer_never_comes_is_sent_again_and_stored_once(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)
    swallowed = swallow_the_first_answer(page)
    page.clock.install()
    tap(page, "declarer-2", "game-clubs", "won-true")
    page.get_by_test_id("save-game").click()
    while not swallowed:
        page.wait_for_timeout(50)
    expect(page.get_by_test_id("queued-row-1")).to_contain_text("wird gesendet")

    page.clock.fast_forward(SEND_WITHIN_MS)

    page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert stored(table) == [(1, 2, "clubs", 24, True)]


def test_the_same_game_from_a_second_device_is_already_on_the_list(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    first, second = open_table(new_page, table), open_table(new_page, table)

    for page in (first, second):
        tap(page, "declarer-2", "game-clubs", "won-true")
        page.get_by_test_id("save-game").click()
        page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)

    expect(second.get_by_test_id("entry-status")).to_have_text(
        "Spiel 1 stand schon auf der Liste (von einem anderen Gerät)."
    )
    assert stored(table) == [(1, 2, "clubs", 24, True)]


def test_a_clash_with_another_device_leaves_a_clean_form(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    first, second = open_table(new_page, table), open_table(new_page, table)
    tap(first, "declarer-2", "game-clubs", "won-true")
    first.get_by_test_id("save-game").click()
    first.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)

    tap(second, "declarer-3", "game-grand", "won-true")
    second.get_by_test_id("save-game").click()

    second.get_by_test_id("offline-clash-1").wait_for(timeout=LONG_MS)
    assert checked(second) == ["with-matadors-true"]
    assert stored(table) == [(1, 2, "clubs", 24, True)]


def test_signing_offline_says_why_it_must_wait(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    page = open_table(new_page, table)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LONG_MS)
    touch_page_kept = f"""async () => {{
      for (const name of await caches.keys()) {{
        if (await (await caches.open(name)).match(location.origin + "/tisch/{table.pk}/")) {{
          return true;
        }}
      }}
      return false;
    }}"""
    while not page.evaluate(touch_page_kept):
        page.wait_for_timeout(100)
    page.context.set_offline(True)

    page.goto(f"/tisch/{table.pk}/unterschreiben/")

    expect(page.get_by_test_id("offline-notes")).to_contain_text("Server")


def test_the_status_line_counts_the_waiting_games(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    names = {seat.number: seat.participant.player.full_name for seat in table.seats.all()}
    page = open_table(new_page, table, viewport={"width": 1024, "height": 768})
    page.context.set_offline(True)

    for declarer in ("declarer-2", "declarer-3"):
        tap(page, declarer, "game-clubs", "won-true")
        page.get_by_test_id("save-game").click()
    page.get_by_test_id("queued-row-2").wait_for()

    status = page.get_by_test_id("next-game")
    expect(status).to_contain_text("Spiel 3 von 8")
    expect(status).to_contain_text(f"{names[3]} (Platz 3)")
    expect(page.get_by_test_id("save-game")).to_have_text("Spiel 3 speichern")


def test_the_matadors_field_never_contradicts_its_error(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    tap(page, "declarer-2", "game-clubs", "won-true")
    page.get_by_test_id("matadors").fill("12")

    expect(page.locator("#matadors-error")).to_contain_text("1 bis 11")
    assert page.get_by_test_id("matadors").input_value() == "12"
    assert page.locator("#preview-values").is_hidden()
    page.get_by_test_id("save-game").click()
    assert not Game.objects.filter(table=table).exists()


def test_the_keyboard_page_marks_matadors_on_a_null_game_in_words(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_table(new_page, table, viewport={"width": 1024, "height": 768})
    page.goto(f"/tisch/{table.pk}/tastatur/")
    field = page.get_by_test_id("notation-input")

    field.fill("2 nu m2 +")

    errors = page.get_by_test_id("notation-errors")
    expect(errors).to_contain_text("Nullspiel hat keine Spitzen")
    assert "Haken" not in errors.inner_text()
    assert page.locator("#notation-mirror mark").inner_text() == "m2"
    field.press("Enter")
    assert field.input_value() == "2 nu m2 +"
    assert not Game.objects.filter(table=table).exists()


def test_a_touch_screen_gets_no_ctrl_z_on_the_keyboard_page(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_table(new_page, table, has_touch=True, is_mobile=True)
    page.goto(f"/tisch/{table.pk}/tastatur/")
    field = page.get_by_test_id("notation-input")
    field.fill("2 kr m1 +")
    field.press("Enter")
    page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    field.press("Control+z")

    assert page.locator("#undo-key-hint").is_hidden()
    assert dialogs == []
    assert field.input_value() == ""
    assert len(stored(table)) == 1
