"""The table device's one status line (issue 47, item 4): in the bar next to the totals,
in plain words, each state its own — offline, games waiting to be sent, the server not
answering, the code no longer valid, a clash to decide, two lists that differ — never
"offline" while the browser is online, and never over the form.
"""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.network import GAMES_URL
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

LONG_MS = 40_000
PHONE = {"width": 360, "height": 640}
# Whether two elements' boxes on the screen overlap.
OVERLAP = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect();
  return [...document.querySelectorAll(b)].filter((n) => n.offsetParent).some((n) => {
    const s = n.getBoundingClientRect();
    return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
  });
}"""


def open_phone(new_page, table, code=None):
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    page.goto(f"/tisch/code/{code or table_access.ensure_code(table)}/", timeout=LONG_MS)
    return page


def save(page, declarer=2, game="clubs", won=True):
    page.locator(f"label[for=declarer-{declarer}]").click()
    page.locator(f"label[for=game-{game}]").click()
    page.locator(f"label[for=won-{'true' if won else 'false'}]").click()
    page.get_by_test_id("save-game").click()


def expect_line(page, state, text):
    line = page.get_by_test_id("offline-banner")
    expect(line).to_have_attribute("data-state", state, timeout=LONG_MS)
    expect(line).to_contain_text(text)
    expect(page.locator("#entry-bar #offline-banner")).to_have_count(1)
    # With the form's first choice at the top of the screen, as after a save.
    page.evaluate("() => document.getElementById('entry').scrollIntoView({block: 'start'})")
    assert not page.evaluate(OVERLAP, ["#offline-banner", "#declarer-group label"])
    return line


def test_offline_says_offline_with_the_waiting_games(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    page.context.set_offline(True)

    save(page)

    expect_line(page, "offline", "offline — 1 Spiel wartet")


def test_a_game_on_its_way_online_is_waiting_not_offline(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    held = []
    page.context.route(GAMES_URL, lambda route: held.append(route))

    save(page)

    line = expect_line(page, "waiting", "1 Spiel wartet auf das Senden")
    expect(line).not_to_contain_text("offline")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(line).to_be_hidden(timeout=LONG_MS)


def test_a_server_that_does_not_answer_is_not_called_offline(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    page.context.route(GAMES_URL, lambda route: route.abort("connectionreset"))

    save(page)

    line = expect_line(page, "silent", "Der Server antwortet nicht — 1 Spiel wartet")
    expect(line).not_to_contain_text("offline")


def test_a_reissued_code_says_so_not_offline(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    page.context.set_offline(True)
    save(page)
    page.get_by_test_id("queued-row-1").wait_for()
    table_access.issue_code(table)

    page.context.set_offline(False)

    line = expect_line(page, "access-ended", "Code nicht mehr gültig")
    expect(line).not_to_contain_text("offline")


def test_a_clash_says_to_decide_and_its_box_is_at_the_bar(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    page.context.set_offline(True)
    save(page)
    page.get_by_test_id("queued-row-1").wait_for()
    f.enter(table, declarer_seat=1, game="grand", matadors=1, won=False)

    page.context.set_offline(False)

    line = expect_line(page, "clash", "Spiel 1: Der Server hat eine andere Fassung")
    expect(line).not_to_contain_text("offline")
    line.click()
    box = page.get_by_test_id("offline-clash-1")
    expect(box).to_be_in_viewport()
    # The box comes after the form, right above the bar: not at the top of the page.
    assert page.evaluate(
        "() => document.querySelector('#offline-notes').getBoundingClientRect().top"
        " > document.querySelector('#declarer-group').getBoundingClientRect().bottom"
    )


def test_two_lists_that_differ_say_so_in_the_bar(new_page):
    table = f.make_two_list_table(players=3, rounds_per_series=2)
    page = open_phone(new_page, table)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, won=True)
    f.enter_b(table, declarer_seat=2, game="clubs", matadors=2, won=False)

    expect_line(page, "difference", "Liste A und B unterscheiden sich in Spiel 1")
