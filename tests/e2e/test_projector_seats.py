"""'Tisch und Platz' on the hall's projector after the draw: 60 names, 25 a page, turning
every 10 seconds, readable from the back of the hall on a 1366×768 projector."""

import os

import pytest

from tests import factories as f
from tournaments.models import Player
from tournaments.services import draw, participants
from tournaments.web.projector_seats import seat_rows

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOT_DIR = os.environ.get("SCREENSHOT_DIR", "")

FIRST = ["Erika", "Hans-Jürgen", "Ömer", "Anna-Lena", "Wolfgang", "Ilse"]
LAST = ["Mustermann", "Öztürk", "Schmidt-Hohenstein", "Weiß", "Abendroth", "Ziegler"]

# Each name of the visible page: whole inside its cell and the screen, and its font size.
VISIBLE_NAMES = r"""() => {
  const page = document.querySelector("[data-testid=projector-page]:not([hidden])");
  return [...page.querySelectorAll("tbody tr")].map((tr) => {
    const box = tr.getBoundingClientRect();
    const th = tr.querySelector("th");
    return {
      name: th.innerText.trim(),
      table: tr.querySelector(".seat-table").innerText.replace(/\D/g, ""),
      inside: box.bottom <= window.innerHeight && box.right <= window.innerWidth,
      whole: th.scrollWidth <= th.clientWidth,
      size: parseFloat(getComputedStyle(th).fontSize),
    };
  });
}"""


def test_sixty_names_in_pages_of_25_turning_every_10_seconds_at_1366x768(new_page):
    tournament = f.make_tournament(name="Preisskat im Schützenhaus", rounds_per_series=1)
    players = [
        Player(first_name=FIRST[i % 6], last_name=f"{LAST[(i // 6) % 6]} {i:02d}")
        for i in range(60)
    ]
    participants.register_many(tournament, [participants.Registration(p, None) for p in players])
    series = f.make_series(tournament)
    draw.draw_series(series, seed=5)
    expected = [(row["name"], str(row["table"])) for row in seat_rows(series)]
    hall = new_page(viewport={"width": 1366, "height": 768})
    hall.clock.install()

    hall.goto(f"/turniere/{tournament.pk}/leinwand/serie/1/plaetze/")

    pages = hall.get_by_test_id("projector-page")
    assert pages.count() == 3
    seen = []
    for number in range(3):
        pages.nth(number).wait_for(state="visible", timeout=2_000)
        if SCREENSHOT_DIR and number == 0:
            hall.screenshot(path=os.path.join(SCREENSHOT_DIR, "projector-seats-1366x768.png"))
        rows = hall.evaluate(VISIBLE_NAMES)
        assert len(rows) == (25 if number < 2 else 10)
        assert all(row["inside"] and row["whole"] for row in rows), rows
        assert min(row["size"] for row in rows) >= 28  # read from the back of the hall
        seen += [(row["name"], row["table"]) for row in rows]
        hall.clock.run_for(10_000)
    assert seen == expected
    assert hall.get_by_role("navigation").count() == 0
