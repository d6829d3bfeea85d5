"""The ranking on the hall's projector: large type, and it pages through all ranks by itself."""

import pytest

from tests import factories as f
from tournaments.models import Club
from tournaments.services.lists import summary

pytestmark = pytest.mark.django_db(transaction=True)


def test_projector_shows_ranks_in_large_type_and_turns_the_page_by_itself(new_page):
    tournament = f.make_tournament(name="Hallenturnier")
    people = f.make_many_participants(tournament, 12)
    series = f.make_series(tournament)
    for number, start in enumerate(range(0, 12, 4), start=1):
        f.make_table(series, people[start : start + 4], number=number)
    hall = new_page(viewport={"width": 1280, "height": 720})
    hall.clock.install()  # the page turns by its own timer: the test moves the clock on

    hall.goto(f"/turniere/{tournament.pk}/leinwand/?zeilen=5&sekunden=5")

    pages = hall.get_by_test_id("projector-page")
    assert pages.count() == 3
    first = pages.nth(0)
    assert first.is_visible() and not pages.nth(1).is_visible()
    size = first.locator("tbody th").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 32
    assert hall.get_by_role("navigation").count() == 0
    assert hall.get_by_test_id("projector-stamp").inner_text().startswith("Aktualisiert: ")
    hall.clock.run_for(5_000)
    pages.nth(1).wait_for(state="visible", timeout=2_000)
    assert not first.is_visible()
    assert pages.nth(1).locator("tbody tr").count() == 5


# What a page's columns need, measured in the browser: the right edge of each header's text
# and of the widest total, and the gap between the "won" and "lost" header words.
COLUMN_BOXES = r"""() => {
  const textBox = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  };
  const page = document.querySelector("[data-testid=projector-page]:not([hidden])");
  const headers = [...page.querySelectorAll("thead th")].map((th) => {
    const box = textBox(th);
    return { text: th.innerText.trim(), left: box.left, right: box.right };
  });
  const totals = [...page.querySelectorAll("tbody td.projector-total")]
    .map((td) => textBox(td).right);
  const clipped = [...page.querySelectorAll("tbody td.num")]
    .filter((td) => td.scrollWidth > td.clientWidth)
    .map((td) => td.innerText);
  // A name is whole when its text box lies inside its cell and the cell inside the screen.
  const names = [...page.querySelectorAll("tbody th")].map((th) => {
    const cell = th.getBoundingClientRect();
    const box = textBox(th);
    return {
      text: th.innerText.replace(/\s+/g, " ").trim(),
      whole: th.scrollWidth <= th.clientWidth && th.scrollHeight <= th.clientHeight
        && box.right <= cell.right + 1 && box.bottom <= cell.bottom + 1,
      inside: cell.bottom <= window.innerHeight && cell.right <= window.innerWidth,
    };
  });
  return {
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    height: window.innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
    headers: headers,
    totalsRight: Math.max(...totals),
    clipped: clipped,
    names: names,
    pages: document.querySelectorAll("[data-testid=projector-page]").length,
  };
}"""


def test_projector_columns_fit_every_common_screen(new_page):
    tournament = f.make_tournament(name="Hallenturnier", rounds_per_series=3)
    club = Club.objects.create(name="Skatfreunde Musterstadt-Beispielheim 1923 e.V.")
    people = f.make_many_participants(tournament, 12, club=club)
    people[0].player.first_name, people[0].player.last_name = "Maximilian-Alexander", "Wolkenstein"
    people[0].player.save()
    series = f.make_series(tournament)
    for number, start in enumerate(range(0, 12, 4), start=1):
        table = f.make_table(series, people[start : start + 4], number=number)
        # Paper lists with twelve different totals, from four digits down to below zero.
        summary.save_summary(
            table,
            [
                {"seat": seat, "game_points": 2400 - 500 * number - 150 * seat, "won": 2, "lost": 1}
                for seat in range(1, 5)
            ],
        )
    hall = new_page()

    for width, height in [(1280, 720), (1366, 768), (1920, 1080), (360, 640)]:  # and a phone
        hall.set_viewport_size({"width": width, "height": height})
        hall.goto(f"/turniere/{tournament.pk}/leinwand/")
        boxes = hall.evaluate(COLUMN_BOXES)

        assert boxes["scrollWidth"] <= width, (width, boxes)
        assert boxes["scrollHeight"] <= height, (height, boxes)
        headers = {header["text"]: header for header in boxes["headers"]}
        assert headers["Gesamt"]["right"] <= width, (width, headers)
        assert boxes["totalsRight"] <= width, (width, boxes)
        assert boxes["clipped"] == [], (width, boxes)  # places and numbers are never cut
        assert headers["gewonnen"]["right"] + 8 <= headers["verloren"]["left"], (width, headers)
        assert headers["verloren"]["right"] + 8 <= headers["Gesamt"]["left"], (width, headers)


LONG_NAMES = [
    ("Jürgen", "Müller-Lüdenscheidt"),
    ("Wolfgang", "von der Heydt-Ærøskøbing"),
    ("Elfriede", "Zimmermann"),
    ("Karl-Heinz", "Großmann"),
    ("Brigitte", "Østergaard"),
    ("Hans-Peter", "Schäfer"),
    ("Дмитрий", "Иванов"),
    ("Łukasz", "Wąsik"),
    ("Maximilian-Alexander", "Wolkenstein-Trostburg"),
    ("Gisela", "Öztürk"),
    ("Siegfried", "Ahlers"),
    ("Renate", "Bäcker"),
    ("Ingrid", "Weiß"),
]
SHOW_PAGE = """(index) => document.querySelectorAll("[data-testid=projector-page]")
  .forEach((page, i) => { page.hidden = i !== index; })"""


@pytest.fixture
def evening_of_long_names(transactional_db):
    """Thirteen players, some with long names, from a 55-character club; results entered."""
    tournament = f.make_tournament(name="Clubabend November", rounds_per_series=3)
    club = Club.objects.create(name="Skatfreunde Herz Dame Bad Münstereifel-Nöthen 1978 e.V.")
    people = f.make_many_participants(tournament, len(LONG_NAMES), club=club)
    for person, (first, last) in zip(people, LONG_NAMES, strict=True):
        person.player.first_name, person.player.last_name = first, last
        person.player.save()
    series = f.make_series(tournament)
    for number, seats in enumerate([people[0:4], people[4:7], people[7:10], people[10:13]], 1):
        summary.save_summary(
            f.make_table(series, seats, number=number),
            [
                {"seat": seat, "game_points": 900 - 100 * number - 30 * seat, "won": 2, "lost": 1}
                for seat in range(1, len(seats) + 1)
            ],
        )
    return tournament


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_projector_shows_every_name_whole_with_every_total(new_page, evening_of_long_names, size):
    hall = new_page(viewport={"width": size[0], "height": size[1]})

    hall.goto(f"/turniere/{evening_of_long_names.pk}/leinwand/")

    shown = []
    for index in range(hall.get_by_test_id("projector-page").count()):
        hall.evaluate(SHOW_PAGE, index)
        boxes = hall.evaluate(COLUMN_BOXES)
        assert boxes["scrollHeight"] <= size[1], (size, index, boxes)
        assert boxes["scrollWidth"] <= size[0], (size, index, boxes)
        assert {header["text"] for header in boxes["headers"]} >= {"Gesamt"}
        assert boxes["totalsRight"] <= size[0], (size, boxes)
        assert boxes["clipped"] == [], (size, boxes)
        for name in boxes["names"]:
            assert name["whole"] and name["inside"], (size, name)
        shown += [name["text"] for name in boxes["names"]]
    assert sorted(shown) == sorted(f"{first} {last}" for first, last in LONG_NAMES)


def test_projector_fills_a_full_hd_screen_before_turning_the_page(new_page, evening_of_long_names):
    hall = new_page(viewport={"width": 1920, "height": 1080})

    hall.goto(f"/turniere/{evening_of_long_names.pk}/leinwand/")

    pages = hall.get_by_test_id("projector-page")
    assert pages.count() == 2
    first_rows = pages.nth(0).locator("tbody tr").count()
    free = 1080 - pages.nth(0).bounding_box()["y"] - pages.nth(0).bounding_box()["height"]
    hall.evaluate(SHOW_PAGE, 1)
    next_row = pages.nth(1).locator("tbody tr").first.bounding_box()["height"]
    assert free < next_row  # the next rank would not have fitted
    assert pages.nth(1).locator("tbody tr").count() == len(LONG_NAMES) - first_rows
    assert pages.nth(1).get_by_text("Seite 2 von 2").is_visible()
