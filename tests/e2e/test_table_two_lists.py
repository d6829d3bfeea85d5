"""Two lists per table in the browser (docs/rules.md 4.1): two phones, one with each code,
list B's phone offline for part of the list. The games it queued arrive when it is back,
the one that differs shows on both phones with both versions in the players' words, one
tap on list B's phone takes list A's version, and both phones show the lists agreeing."""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.test_table_bar_totals import GAMES, touch
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

LONG_MS = 40_000
PHONE = {"width": 390, "height": 844}


def phone(new_page, table, kept_list):
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    code = table_access.ensure_code(table, kept_list=kept_list)
    page.goto(f"/tisch/code/{code}/", timeout=LONG_MS)
    return page


def save(page, number, game, declarer_index, *, queued=False):
    touch(page, *game, declarer_index=declarer_index)
    page.get_by_test_id("save-game").click()
    page.get_by_test_id(f"{'queued' if queued else 'game'}-row-{number}").wait_for()


def test_two_phones_one_offline_find_the_difference_and_agree(new_page):
    table = f.make_two_list_table(players=3, rounds_per_series=2)
    first, second = phone(new_page, table, "A"), phone(new_page, table, "B")
    expect(second.get_by_test_id("kept-list")).to_have_text("Liste B")
    expect(second.get_by_test_id("message").first).to_contain_text("Code für Liste B")
    games = GAMES[:4]

    for number, game in enumerate(games, start=1):
        save(first, number, game, number)
    save(second, 1, games[0], 1)
    second.context.set_offline(True)
    for number, game in enumerate(games[1:], start=2):
        written = (game[0], game[1], not game[2], game[3]) if number == 3 else game
        save(second, number, written, number, queued=True)
    second.context.set_offline(False)
    second.get_by_test_id("game-row-4").wait_for(timeout=LONG_MS)

    # Without a reload: list B's phone shows it after sending its queue, list A's phone,
    # which enters nothing meanwhile, when it next asks the server (every 20 s).
    for page in (second, first):
        difference = page.get_by_test_id("difference")
        expect(difference).to_have_count(1, timeout=LONG_MS)
        expect(difference).to_have_count(1)
        expect(difference).to_contain_text("Spiel 3")
        expect(difference.get_by_test_id("version-a")).to_contain_text(
            "Grand mit 1, Hand, gewonnen"
        )
        expect(difference.get_by_test_id("version-b")).to_contain_text(
            "Grand mit 1, Hand, verloren"
        )
    assert table.second_games.count() == 4

    second.get_by_test_id("take-version").click()

    expect(second.get_by_test_id("message").first).to_contain_text("Listen stimmen überein")
    expect(second.get_by_test_id("difference")).to_have_count(0)
    first.reload()
    expect(first.get_by_test_id("difference")).to_have_count(0)
    assert table.games.get(number=3).inputs() == table.second_games.get(number=3).inputs()
    assert not table.list_differences.filter(settled_at=None).exists()
