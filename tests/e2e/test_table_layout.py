"""Every number in view at the table, at 360 × 640, 390 × 844 and 768 × 1024.

After the last choice of a game the value, the new running total of every player and the
save button are inside the viewport together and uncovered (``elementFromPoint`` at their
centre finds them), also when that choice was far down the form; after a save the
confirmation (and offline the banner) is in view. Every table page: tap targets at least
44 px, text at least 16 px. Boxes are CSS pixels of the viewport. The screenshots of the
table device section of the docs come from here too.
"""

import os
from pathlib import Path

import pytest

from tests import factories as f
from tournaments.services import money, table_access

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (390, 844), (768, 1024)]
FIRST_LOAD_MS = 30_000
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
WRITE_DOCS_IMAGES = "SKATVEREIN_WRITE_DOCS_IMAGES"

IN_VIEW = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return false;
  const box = node.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
    return false;
  }
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && (hit === node || node.contains(hit) || hit.contains(node));
}"""

# (taps of the game, what the bar must say): the last taps are far down the form.
GAMES = {
    "plain": (["declarer-2", "game-clubs", "won-true"], "24"),
    "hand-schneider": (
        ["declarer-2", "game-hearts", "won-true", "hand", "schneider_announced", "schneider"],
        "50",
    ),
    "null-lost": (["declarer-3", "game-null", "won-false"], "23"),
}


def open_table(new_page, table, size, suffix="", **device):
    page = new_page({"width": size[0], "height": size[1]}, **device)
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    if suffix:
        page.goto(f"/tisch/{table.pk}/{suffix}")
    return page


def tap(page, name):
    page.locator(f"label[for={name}]").click()


def numbers_in_view(page, seats) -> dict:
    wanted = ["#preview-value", *(f"#preview-total-{seat}" for seat in seats), "#save-game"]
    return {selector: page.evaluate(IN_VIEW, selector) for selector in wanted}


def with_lost_game_money(table):
    """The cash box's lost-game money: the list then shows its money table too."""
    money.set_tariff(table.series.tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    f.enter(table, declarer_seat=2, game="spades", matadors=1, won=False)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("tariff", [False, True], ids=["", "with-tariff"])
def test_value_totals_and_save_are_in_view_after_the_last_choice(new_page, size, game, tariff):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    if tariff:
        with_lost_game_money(table)
    # A phone's browser widens the page to its widest content and zooms out.
    page = open_table(new_page, table, size, is_mobile=size[0] < 768, has_touch=True)
    taps, value = GAMES[game]

    for name in taps:
        tap(page, "declarer-3" if tariff and name == "declarer-2" else name)

    assert page.locator("#preview-value").inner_text() == value
    assert page.get_by_test_id("list-money").count() == int(tariff)
    assert numbers_in_view(page, (1, 2, 3, 4)) == dict.fromkeys(
        [
            "#preview-value",
            "#preview-total-1",
            "#preview-total-2",
            "#preview-total-3",
            "#preview-total-4",
            "#save-game",
        ],
        True,
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_after_a_save_the_confirmation_and_offline_the_banner_are_in_view(new_page, size):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table, size)

    for name in GAMES["hand-schneider"][0]:
        tap(page, name)
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("entry-status").filter(has_text="Spiel 1 gespeichert: +50").wait_for()
    assert page.evaluate(IN_VIEW, "#entry-status")

    page.context.set_offline(True)
    for name in GAMES["plain"][0][1:]:
        tap(page, "declarer-3" if name == "declarer-2" else name)
    tap(page, "declarer-3")
    page.get_by_test_id("save-game").click()
    page.get_by_test_id("entry-status").filter(has_text="Spiel 2").wait_for()
    assert page.evaluate(IN_VIEW, "#entry-status")
    assert page.evaluate(IN_VIEW, "#offline-banner")
    page.context.set_offline(False)


# Controls a finger taps; links inside running text are exempt (WCAG 2.5.8).
TAP_TARGETS = """() => [...document.querySelectorAll(
  "main button, main select, main textarea, main summary, main label.tile, main label.check, " +
  "main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), " +
  "main .entry-modes a, main a.button-link, main .correct-link, main canvas"
)].filter((node) => node.offsetParent !== null)
  .map((node) => [node.id || node.className || node.tagName, node.getBoundingClientRect()])
  .filter(([, box]) => box.width < 44 || box.height < 44)
  .map(([name, box]) => `${name}: ${Math.round(box.width)} × ${Math.round(box.height)}`)"""

SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || !parent.offsetParent || parent.closest(".visually-hidden")) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < 15.9) small.push(`${node.data.trim().slice(0, 30)}: ${size}px`);
  }
  return small;
}"""


def table_pages(table):
    return ["", "tastatur/", "unterschreiben/", "spiel/1/korrigieren/"]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_table_page_has_44_px_targets_and_16_px_text(new_page, size):
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, won=True)
    signed = f.make_seated_table(players=3, rounds_per_series=1)
    f.play_out(signed)
    page = open_table(new_page, table, size)
    found = {}

    for suffix in table_pages(table):
        page.goto(f"/tisch/{table.pk}/{suffix}")
        found[suffix] = (page.evaluate(TAP_TARGETS), page.evaluate(SMALL_TEXT))
    signing = open_table(new_page, signed, size, "unterschreiben/")
    found["complete list, signing"] = (signing.evaluate(TAP_TARGETS), signing.evaluate(SMALL_TEXT))
    code = new_page({"width": size[0], "height": size[1]})
    code.goto("/tisch/")
    found["/tisch/"] = (code.evaluate(TAP_TARGETS), code.evaluate(SMALL_TEXT))

    assert {page: values for page, values in found.items() if values != ([], [])} == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_screenshots_of_the_table_device_for_the_docs(new_page, size, tmp_path):
    """docs/table-device.md shows these; ``SKATVEREIN_WRITE_DOCS_IMAGES=1`` writes them there."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="spades", matadors=1, won=True)
    page = open_table(new_page, table, size)
    for name in ["declarer-3", "game-clubs", "won-true", "hand", "schneider"]:
        tap(page, name)
    folder = DOCS_IMAGES if os.environ.get(WRITE_DOCS_IMAGES) == "1" else tmp_path
    path = folder / f"table-device-{size[0]}x{size[1]}.png"

    page.screenshot(path=str(path))

    assert path.stat().st_size > 10_000
    assert page.locator("#preview-value").inner_text() == "48"
