"""The table device on a phone (390 × 844) and the public pages at 360 px, measured.

Boxes come from the browser's layout (``bounding_box``), in CSS pixels of the viewport:
what a player sees without scrolling. Also: a saved game is never deleted by a key alone,
and a saved game is corrected in the same form that entered it. What the bar at the
bottom of the touch form shows at three screen sizes: test_table_layout.py.
"""

import pytest

from tests import factories as f
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}
FIRST_LOAD_MS = 30_000


def open_table(new_page, table, viewport=PHONE, suffix=""):
    page = new_page(viewport)
    # The first request of a module may wait for a busy machine; later ones are quick.
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    if suffix:
        page.goto(f"/tisch/{table.pk}/{suffix}")
    return page


def inside_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    viewport = page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= viewport["height"]
        and box["x"] + box["width"] <= viewport["width"]
    )


def no_horizontal_overflow(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_phone_header_takes_at_most_a_sixth_of_the_height(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    header = page.get_by_test_id("table-head").bounding_box()

    # Everything above the entry, the site's own header included.
    assert header["y"] + header["height"] <= PHONE["height"] / 6


# Links and buttons of the site's header that are shown but reach past the screen's edge.
HEADER_CUT = """() => [...document.querySelectorAll('.site-header a, .site-header summary')]
  .filter((node) => node.offsetParent !== null)
  .filter((node) => {
    const box = node.getBoundingClientRect();
    return box.left < 0 || box.right > document.documentElement.clientWidth;
  })
  .map((node) => node.textContent.trim())"""


@pytest.mark.parametrize("viewport", [PHONE, NARROW], ids=["390", "360"])
def test_the_site_menu_of_a_table_page_is_never_cut_at_the_right(new_page, viewport):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table, viewport=viewport)
    assert page.evaluate(HEADER_CUT) == []

    page.get_by_test_id("site-menu").locator("summary").click()

    assert page.evaluate(HEADER_CUT) == []
    for name in ("Startseite", "Turniere", "Spielwertrechner", "Ligen", "Am Tisch"):
        assert page.locator(".site-header").get_by_role("link", name=name).is_visible(), name


WORDS_BROKEN_ACROSS_LINES = """root => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize(
    ("path", "viewport"),
    [("", PHONE), ("", NARROW), ("/rechner/", PHONE), ("/rechner/", NARROW)],
)
def test_no_button_label_wraps_inside_a_word(new_page, path, viewport):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table, viewport=viewport)
    if path:
        page.goto(path)

    controls = "main => [...main.querySelectorAll('.tile > span, button, .entry-modes a')]"
    broken = page.locator("main").evaluate(f"{controls}.flatMap({WORDS_BROKEN_ACROSS_LINES})")
    cut_off = page.locator("main").evaluate(
        f"{controls}.filter(node => node.offsetParent && node.scrollWidth > node.clientWidth + 1)"
        ".map(node => node.textContent.trim())"
    )

    assert broken == []
    assert cut_off == []


def test_calculator_result_is_beside_or_right_under_its_buttons(new_page):
    page = new_page(PHONE)
    page.goto("/rechner/")

    page.locator("label[for=game-clubs]").click()
    page.locator("label[for=won-true]").click()
    bar = page.locator("#result-bar")
    bar.wait_for()
    won = page.locator("label[for=won-true]").bounding_box()

    assert inside_viewport(page, page.locator("label[for=won-true]"))
    assert inside_viewport(page, bar)
    assert won["y"] + won["height"] <= bar.bounding_box()["y"]
    assert page.locator("#bar-score").inner_text().strip() != ""


@pytest.mark.parametrize("suffix", ["rangliste/", "serie/1/rangliste/", "serie/1/tischplan/"])
def test_public_pages_fit_360_px_without_cutting_columns(new_page, suffix):
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.play_out(table)
    page = new_page(NARROW)

    page.goto(f"/turniere/{table.series.tournament_id}/{suffix}", timeout=FIRST_LOAD_MS)
    if page.locator("#show-all-columns").count():
        page.locator("label[for=show-all-columns]").click()
    for region in page.locator(".table-wrap, .table-scroll").all():
        region.evaluate("node => { node.scrollLeft = node.scrollWidth; }")

    assert no_horizontal_overflow(page)
    names = page.locator("table tbody th[scope=row]").all()
    assert names
    for cell in names:
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"], cell.inner_text()


def test_ctrl_z_in_the_empty_keyboard_field_asks_naming_the_game(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, hand=True, won=True)
    page = open_table(new_page, table, viewport={"width": 1280, "height": 800}, suffix="tastatur/")
    questions = []

    def answer(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", answer)
    page.get_by_test_id("notation-input").press("Control+z")
    page.wait_for_function("() => true")

    assert questions == ["Spiel 1 (Kreuz mit 2, Hand, Platz 2, gewonnen +48) löschen?"]
    assert table.games.count() == 1


def test_touch_undo_asks_naming_the_game(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, hand=True, won=True)
    page = open_table(new_page, table)

    page.get_by_test_id("undo").click()

    question = page.get_by_test_id("undo-question")
    assert question.inner_text() == "Spiel 1 (Kreuz mit 2, Hand, Platz 2, gewonnen +48) löschen?"
    assert table.games.count() == 1


def test_a_saved_game_is_corrected_in_the_touch_form_with_its_preview(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, hand=True, won=True)
    f.enter(table, passed=True)
    page = open_table(new_page, table)

    page.get_by_test_id("game-row-1").locator("td").nth(2).click()  # the row, not its link
    page.wait_for_url(f"**/tisch/{table.pk}/spiel/1/korrigieren/")
    assert page.get_by_test_id("declarer-2").is_checked()
    assert page.get_by_test_id("game-clubs").is_checked()
    page.locator("label[for=game-spades]").click()
    page.locator("label[for=won-false]").click()
    page.locator("#preview-score").filter(has_text="88").wait_for()
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("message").filter(has_text="Spiel 1 korrigiert").wait_for()

    corrected = table.games.get(number=1)
    assert (corrected.game, corrected.won, corrected.score) == ("spades", False, -88)


# Words of the correction bar's boxes that reach past their own box.
SPILLED_WORDS = """() => [...document.querySelectorAll('.preview-totals .total-label')]
  .filter((label) => label.offsetParent !== null)
  .filter((label) => {
    const box = label.closest('li, div').getBoundingClientRect();
    return label.scrollWidth > label.clientWidth + 1
      || label.getBoundingClientRect().right > box.right + 1;
  })
  .map((label) => label.innerText)"""


def test_a_360_px_phone_shows_the_correction_bar_of_four_seats_whole(new_page):
    """The labels of a correction (this game, Stand after it, the new total) stay in their
    seat's box: no word runs into the next seat, and the page needs no sideways swipe."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    f.enter(table, declarer_seat=3, game="clubs", matadors=2, won=False)
    page = open_table(new_page, table, viewport=NARROW, suffix="spiel/1/korrigieren/")

    page.get_by_test_id("after-total-1").wait_for()

    assert no_horizontal_overflow(page)
    assert page.evaluate(SPILLED_WORDS) == []
    labels = page.locator("#preview-totals .total-label").all()
    assert [word for label in labels for word in label.evaluate(WORDS_BROKEN_ACROSS_LINES)] == []
    assert "Neue Summe" in page.get_by_test_id("after-total-1").locator("xpath=..").inner_text()


# Each visible cell of a row: its text and whether it lies inside the screen's width.
ROW_CELLS = """(row) => [...row.cells].filter((cell) => cell.offsetParent !== null).map((cell) => {
  const box = cell.getBoundingClientRect();
  return [cell.innerText.trim(), box.left >= 0 && box.right <= innerWidth];
})"""


@pytest.mark.parametrize("players", [3, 4])
def test_a_360_px_phone_shows_every_rows_score_and_stands_without_a_sideways_swipe(
    new_page, players
):
    table = f.make_seated_table(players=players, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="spades", matadors=1, hand=True, won=True)
    f.enter(table, declarer_seat=3, game="clubs", matadors=2, won=False)
    page = new_page(NARROW, is_mobile=True, has_touch=True)
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    page.context.set_offline(True)
    page.locator("label[for=declarer-1]").click()
    page.locator("label[for=game-diamonds]").click()
    page.locator("label[for=won-true]").click()
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("queued-row-3").wait_for()
    rows = {
        testid: page.get_by_test_id(testid).evaluate(ROW_CELLS)
        for testid in ("game-row-1", "game-row-2", "queued-row-3")
    }
    page.context.set_offline(False)

    assert no_horizontal_overflow(page)
    assert {
        testid: [text for text, inside in cells if not inside] for testid, cells in rows.items()
    } == {
        "game-row-1": [],
        "game-row-2": [],
        "queued-row-3": [],
    }
    texts = {testid: " | ".join(text for text, _ in cells) for testid, cells in rows.items()}
    assert "Pik mit 1, Hand" in texts["game-row-1"] and "+33" in texts["game-row-1"]
    assert "Kreuz mit 2" in texts["game-row-2"] and "\u2212" in texts["game-row-2"]
    assert "Karo mit 1" in texts["queued-row-3"] and "+18" in texts["queued-row-3"]
    for testid, cells in rows.items():
        assert (
            len([text for text, _ in cells if text.split(" ")[-1].lstrip("\u2212").isdigit()])
            >= players
        ), testid
