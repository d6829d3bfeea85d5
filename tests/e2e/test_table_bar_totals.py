"""The totals in the touch bar and on the keyboard page equal the list and the API.

After every save, online and after an offline burst, at a 3- and a 4-table, the running
totals the bar shows are the list's newest Stand and the settlement the API answers:
the game just saved counted once, never twice (it was, at every save of a 3-table, while
the saved game was still the device's own). The keyboard page shows the same new totals
before Enter as the touch bar.
"""

import re

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

LONG_MS = 40_000
# Games by touch: (game, matadors, won, Hand); the declarer is the first seat who plays.
GAMES = [
    ("diamonds", 1, True, False),
    ("clubs", 2, False, False),
    ("grand", 1, True, True),
    ("hearts", 3, True, False),
    ("spades", 1, False, False),
    ("null", None, True, False),
]


def number(text: str) -> int:
    return int(text.strip().replace(".", "").replace("\u2212", "-"))


def open_table(new_page, table, suffix=""):
    page = new_page({"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    code = table_access.ensure_code(table)
    page.goto(f"/tisch/code/{code}/", timeout=LONG_MS)
    if suffix:
        page.goto(f"/tisch/{table.pk}/{suffix}")
    return page, code


def seats(table) -> list[int]:
    return list(table.seats.order_by("number").values_list("number", flat=True))


def touch(page, game, matadors, won, hand, declarer_index=0):
    declarers = page.locator(
        "#declarer-group input[name=declarer]:not([disabled]):not([value=passed])"
    )
    declarer = declarers.nth(declarer_index % declarers.count()).get_attribute("id")
    page.locator(f"label[for={declarer}]").click()
    page.locator(f"label[for=game-{game}]").click()
    if matadors is not None:
        page.fill("#matadors", str(matadors))
    if hand:
        page.locator("label[for=hand]").click()
    page.locator(f"label[for=won-{'true' if won else 'false'}]").click()


def bar_totals(page, table) -> dict[int, int]:
    return {
        seat: number(page.locator(f"#preview-total-{seat}").inner_text()) for seat in seats(table)
    }


def newest_row_totals(page, table, testid) -> dict[int, int]:
    """The Stand of every seat in the newest row of the list (the seat columns close it)."""
    cells = page.get_by_test_id(testid).locator("td").all_inner_texts()
    columns = seats(table)
    return dict(zip(columns, (number(text) for text in cells[-len(columns) :]), strict=True))


def api_totals(page, table, code) -> dict[int, int]:
    answer = page.request.get(f"/api/v1/tables/{table.pk}/", headers={"X-Table-Code": code})
    return {line["seat"]: line["total"] for line in answer.json()["settlement"]}


@pytest.mark.parametrize("players", [3, 4])
def test_after_every_save_the_bar_equals_the_list_and_the_api(new_page, players):
    table = f.make_seated_table(players=players, rounds_per_series=3)
    page, code = open_table(new_page, table)
    seen = []

    for index, game in enumerate(GAMES[:4], start=1):
        touch(page, *game, declarer_index=index)
        before_saving = bar_totals(page, table)
        page.get_by_test_id("save-game").click()
        expect(page.get_by_test_id("entry-status")).to_contain_text(f"Spiel {index} gespeichert")
        page.get_by_test_id(f"game-row-{index}").wait_for()
        expect(page.locator("#next-game")).to_have_attribute("data-number", str(index + 1))
        listed = newest_row_totals(page, table, f"game-row-{index}")
        seen.append(
            (index, before_saving, bar_totals(page, table), listed, api_totals(page, table, code))
        )

    assert [(n, bar) for n, _, bar, _, _ in seen] == [(n, listed) for n, _, _, listed, _ in seen]
    assert [(n, bar) for n, _, bar, _, _ in seen] == [(n, api) for n, _, _, _, api in seen]
    assert [(n, bar) for n, _, bar, _, _ in seen] == [(n, before) for n, before, _, _, _ in seen]


@pytest.mark.parametrize("players", [3, 4])
def test_after_an_offline_burst_the_bar_equals_the_waiting_rows_then_the_list(new_page, players):
    table = f.make_seated_table(players=players, rounds_per_series=3)
    page, code = open_table(new_page, table)
    touch(page, *GAMES[0])
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("game-row-1").wait_for()
    page.context.set_offline(True)
    waiting = []

    for index, game in enumerate(GAMES[1:], start=2):
        touch(page, *game, declarer_index=index)
        page.get_by_test_id("save-game").click()
        page.get_by_test_id(f"queued-row-{index}").wait_for()
        waiting.append(
            (index, bar_totals(page, table), newest_row_totals(page, table, f"queued-row-{index}"))
        )
    page.context.set_offline(False)
    last = len(GAMES)
    page.get_by_test_id(f"game-row-{last}").wait_for(timeout=LONG_MS)
    expect(page.get_by_test_id("offline-banner")).to_be_hidden()
    expect(page.locator("#next-game")).to_have_attribute("data-number", str(last + 1))

    assert [(n, bar) for n, bar, _ in waiting] == [(n, row) for n, _, row in waiting]
    assert bar_totals(page, table) == newest_row_totals(page, table, f"game-row-{last}")
    assert bar_totals(page, table) == api_totals(page, table, code)


def test_the_keyboard_page_shows_the_new_totals_before_enter(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="spades", matadors=1, won=True)  # +22 for seat 2
    page, _ = open_table(new_page, table, "tastatur/")
    field = page.get_by_test_id("notation-input")

    field.fill("1 kr m2 h s +")  # Kreuz mit 2, Hand, Schneider: 5 × 12 = +60 for seat 1

    expect(page.get_by_test_id("notation-preview")).to_contain_text("Wert 60")
    totals = page.get_by_test_id("notation-totals")
    expect(totals).to_contain_text(re.compile(r"Neuer Stand"))
    assert {
        seat: number(totals.locator(f"[data-seat='{seat}'] .preview-total").inner_text())
        for seat in (1, 2, 3)
    } == {
        1: 60 + 50,
        2: 22 + 50,
        3: 0,
    }
