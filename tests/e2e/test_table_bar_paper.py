"""The touch bar reads like the paper list, at 360 × 640.

It names the game it values in the players' words ("Kreuz mit 1, Hand – gewonnen") and
each player's change; four-digit totals ("−1.156") stay inside their own box; names wrap
between words, never inside one; "Spitzen" comes before "Ergebnis" in the form; every
selected tile has at least 4.5:1 contrast; on the keyboard page the preview and the errors
are in view without scrolling. On a tablet or a laptop the running list of four long names
fits the screen, its players' names wrapped between words.
"""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tournaments.services import participants, table_access

pytestmark = pytest.mark.django_db(transaction=True)

SMALL = {"width": 360, "height": 640}
FIRST_LOAD_MS = 30_000
MINUS = "\u2212"
GRAND_OUVERT_LOST = {"game": "grand", "matadors": 4, "hand": True, "ouvert": True, "won": False}

# Each total's box: its text, whether the box holds the whole text, and the boxes beside it.
TOTAL_BOXES = """() => [...document.querySelectorAll('#preview-totals li')].map((li) => {
  const total = li.querySelector('.preview-total');
  const box = li.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(total);
  const text = range.getBoundingClientRect();
  return {
    text: total.innerText.trim(),
    inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5
      && total.scrollWidth <= total.clientWidth + 1,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
  };
})"""

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

# Every word of a name shown whole: not clipped by its box (no "Mariann…").
NAMES_CLIPPED = """() => [...document.querySelectorAll('#preview-totals .preview-name')]
  .filter((name) => name.scrollWidth > name.clientWidth + 1
    || name.scrollHeight > name.clientHeight + 1)
  .map((name) => name.innerText)"""

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

# A box whose first two lines (its message's beginning) are on the screen and uncovered.
STARTS_IN_VIEW = """(selector) => {
  const node = document.querySelector(selector);
  const box = node.getBoundingClientRect();
  if (box.height === 0 || box.top < 0 || box.top + 56 > innerHeight) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 20);
  return !!hit && (hit === node || node.contains(hit));
}"""

# The WCAG contrast of every selected tile's text against its own background.
SELECTED_CONTRASTS = """() => {
  const rgb = (value) => (value.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const colour = rgb(getComputedStyle(n).backgroundColor);
      if (colour.length === 3 || (colour.length === 4 && colour[3] > 0)) return colour;
    }
    return [255, 255, 255];
  };
  const found = [];
  document.querySelectorAll('#touch-form .tile input:checked + span').forEach((tile) => {
    const back = lum(background(tile));
    [tile, ...tile.querySelectorAll('*')].forEach((part) => {
      if (!part.innerText || !part.innerText.trim() || part.offsetParent === null) return;
      const fore = lum(rgb(getComputedStyle(part).color));
      const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
      found.push([tile.parentElement.querySelector('input').id, part.innerText.trim(),
        Math.round(ratio * 100) / 100]);
    });
  });
  return found;
}"""


def open_table(new_page, table, suffix=""):
    page = new_page(SMALL, is_mobile=True, has_touch=True)
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    if suffix:
        page.goto(f"/tisch/{table.pk}/{suffix}")
    return page


def table_of_long_names():
    """A 4-table whose seat 2 has lost two Grand ouvert (−1.156), the others +60 each."""
    tournament = f.make_tournament(rounds_per_series=2)
    names = [("Marianne", "Oberhuber"), ("Karl", "Schwarz"), ("Marianne", "Huber")]
    names.append(("Friedrich", "Wagner"))
    people = [
        participants.register(tournament, f.make_player(first_name=first, last_name=last))
        for first, last in names
    ]
    table = f.make_table(f.make_series(tournament), people)
    f.enter(table, declarer_seat=2, **GRAND_OUVERT_LOST)
    f.enter(table, passed=True)
    f.enter(table, declarer_seat=2, **GRAND_OUVERT_LOST)
    return table


def pairs(items):
    return [(a, b) for index, a in enumerate(items) for b in items[index + 1 :]]


def overlap(a, b) -> bool:
    """Whether two boxes share more than a border's width."""
    wide = min(a["right"], b["right"]) - max(a["left"], b["left"])
    high = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return wide > 0.5 and high > 0.5


def tap(page, name):
    page.locator(f"label[for={name}]").click()


def test_four_digit_totals_and_names_fit_their_boxes_at_360_px(new_page):
    table = table_of_long_names()
    page = open_table(new_page, table)
    expect(page.get_by_test_id("preview-total-2")).to_have_text(f"{MINUS}1.156")

    before = page.evaluate(TOTAL_BOXES)
    tap(page, "declarer-1")  # game 4: seat 4 deals, seat 1 declares
    tap(page, "game-clubs")
    page.fill("#matadors", "1")
    tap(page, "won-false")
    expect(page.get_by_test_id("preview-total-2")).to_have_text(f"{MINUS}1.126")
    after = page.evaluate(TOTAL_BOXES)

    for boxes in (before, after):
        assert [box["text"] for box in boxes if not box["inside"]] == []
        assert [(a["text"], b["text"]) for a, b in pairs(boxes) if overlap(a, b)] == []
    assert f"{MINUS}1.156" in [box["text"] for box in before]
    names = page.locator("#preview-totals")
    assert names.evaluate(WORDS_BROKEN_ACROSS_LINES) == []
    assert page.evaluate(NAMES_CLIPPED) == []
    assert "Marianne" in names.inner_text()


def test_the_bar_names_the_game_and_each_players_change(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    tap(page, "declarer-2")
    tap(page, "game-clubs")
    page.fill("#matadors", "1")
    tap(page, "hand")
    tap(page, "won-true")

    game = page.get_by_test_id("preview-game-words")
    expect(game).to_have_text("Kreuz mit 1, Hand – gewonnen")
    assert page.evaluate(IN_VIEW, "#preview-outcome")
    # Kreuz mit 1, Hand: 3 × 12 = 36, +50 for winning; the opponents nothing.
    changes = {seat: page.locator(f"#preview-points-{seat}").inner_text() for seat in (2, 3, 4)}
    assert changes == {2: "+86", 3: "0", 4: "0"}
    for seat in (2, 3, 4):
        assert page.evaluate(IN_VIEW, f"#preview-points-{seat}"), seat


def test_spitzen_come_before_the_result_in_the_form(new_page):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    def top(selector):
        return page.locator(selector).bounding_box()["y"]

    assert page.locator("#matadors-group legend").inner_text().startswith("Spitzen")
    assert page.locator("#result-group legend").inner_text().startswith("Ergebnis")
    assert top("#matadors-group") < top("#result-group")


@pytest.mark.parametrize("won", ["won-true", "won-false"])
def test_every_selected_tile_has_at_least_4_5_to_1_contrast(new_page, won):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    for name in ("declarer-2", "game-hearts", "without-matadors", won, "hand", "ouvert"):
        if page.locator(f"#{name}").count():
            tap(page, name)
    contrasts = page.evaluate(SELECTED_CONTRASTS)

    assert {name for name, _text, _ratio in contrasts} >= {"declarer-2", "game-hearts", won}
    assert [entry for entry in contrasts if entry[2] < 4.5] == []


@pytest.mark.parametrize(
    ("line", "shown", "in_view"),
    [("3 kr m1 h +", "#notation-preview", IN_VIEW), ("3 kr m1 h x", "#notation-errors", None)],
    ids=["preview", "errors"],
)
def test_the_keyboard_preview_and_errors_are_in_view_at_360_x_640(new_page, line, shown, in_view):
    """The whole preview; of a long error list its beginning, where the keeper reads."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="spades", matadors=1, won=True)
    page = open_table(new_page, table, "tastatur/")
    field = page.get_by_test_id("notation-input")

    field.fill(line)

    expect(page.locator(shown)).to_be_visible()
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(in_view or STARTS_IN_VIEW, shown)
    assert page.evaluate(IN_VIEW, "#notation-input")


# The running list's box: how much wider its table is than the box, and each seat column
# header's text with whether its last word reaches past the header's right edge.
LIST_FIT = """() => {
  const region = document.querySelector('.table-scroll');
  const table = region.querySelector('table');
  const headers = [...table.querySelectorAll('thead th.seat-col')].map((th) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    return {text: th.innerText.trim(),
            inside: range.getBoundingClientRect().right <= th.getBoundingClientRect().right + 0.5};
  });
  return {overflow: region.scrollWidth - region.clientWidth,
          right: table.getBoundingClientRect().right, width: innerWidth, headers};
}"""


TABLETS_AND_LAPTOPS = [(768, 1024), (800, 1280), (1024, 768), (1280, 800), (1366, 768)]


@pytest.mark.parametrize("size", TABLETS_AND_LAPTOPS, ids=str)
def test_the_list_of_four_long_names_fits_a_tablet_or_laptop_without_scrolling(new_page, size):
    """Every Stand column in view, with its player's name wrapped between words: a table
    from 1024 px on, each game's lines stacked on a tablet held upright (as on a phone)."""
    table = table_of_long_names()
    page = new_page({"width": size[0], "height": size[1]})
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    expect(page.get_by_test_id("game-list")).to_be_visible()

    fit = page.evaluate(LIST_FIT)

    assert fit["overflow"] <= 1, fit
    assert fit["right"] <= fit["width"]
    assert [h["text"] for h in fit["headers"] if not h["inside"]] == []
    assert "4 · Friedrich Wagner" in [" ".join(h["text"].split()) for h in fit["headers"]]
    headers = page.locator("#game-list-table thead")
    assert headers.evaluate(WORDS_BROKEN_ACROSS_LINES) == []


# Each seat box above the form: its name's and its total's boxes, and the box's own.
SEAT_BOXES = """() => [...document.querySelectorAll('.seat-totals .seat-total')].map((li) => {
  const name = li.querySelector('.seat-name').getBoundingClientRect();
  const now = li.querySelector('.seat-now').getBoundingClientRect();
  const box = li.getBoundingClientRect();
  return {text: li.innerText.replace(/\\s+/g, ' ').trim(), nameRight: name.right,
          nameTop: name.top, nowLeft: now.left, nowTop: now.top, nowRight: now.right,
          nowBottom: now.bottom, right: box.right, bottom: box.bottom};
})"""


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)], ids=str)
def test_each_total_stands_beside_its_long_name_on_a_laptop(new_page, size):
    """Four boxes in a row: a long name wraps between its words, its total stays at the
    right on the name's first line, as in the other boxes (not under the name)."""
    table = table_of_long_names()
    page = new_page({"width": size[0], "height": size[1]})
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)

    boxes = page.evaluate(SEAT_BOXES)

    assert len(boxes) == 4
    for box in boxes:
        assert box["nowLeft"] >= box["nameRight"] - 0.5, box
        assert box["nowTop"] < box["nameTop"] + 20, box
        assert box["nowRight"] <= box["right"] and box["nowBottom"] <= box["bottom"], box
    totals = page.locator(".seat-totals")
    assert totals.evaluate(WORDS_BROKEN_ACROSS_LINES) == []
