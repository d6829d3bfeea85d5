"""A player opens the ranking on a phone: its first screen shows the top of the ranking,
not only the menu, the tabs and the search."""

import pytest

from tests import factories as f
from tournaments.services import participants

pytestmark = pytest.mark.django_db(transaction=True)
CLUB = f.LONG_CLUB
NAMES = f.hard_names("mueller", "heydt", "celik", "schaefer")


@pytest.fixture
def tournament():
    tournament = f.make_tournament(rounds_per_series=1)
    club = f.make_club(CLUB)
    people = [
        participants.register(tournament, f.make_player(club, first, last)) for first, last in NAMES
    ]
    f.play_out(f.make_table(f.make_series(tournament), people))
    return tournament


@pytest.mark.parametrize(
    ("width", "height", "rows"), [(390, 844, 1), (1366, 768, 2)], ids=["390x844", "1366x768"]
)
@pytest.mark.parametrize("ranking", ["rangliste/", "serie/1/rangliste/"])
def test_the_first_screen_shows_the_top_of_the_ranking(
    new_page, tournament, width, height, rows, ranking
):
    """Rows here are tall: each name and the 55-character club take several lines."""
    page = new_page(viewport={"width": width, "height": height})
    page.goto(f"/turniere/{tournament.id}/{ranking}")

    ranked = page.locator("#live-region tbody tr")
    assert ranked.count() == 4
    for row in range(rows):
        box = ranked.nth(row).bounding_box()
        assert box["y"] + box["height"] <= height, f"row {row + 1} is below the first screen"
    # What came before the ranking is still there, only smaller (on a phone the site's
    # links wait behind "Menü"); the search opens on a tap.
    for label in ("Gesamt", "Aktualisieren", "Meinen Namen finden"):
        assert page.get_by_text(label, exact=True).first.is_visible()
    site_links = page.get_by_test_id("site-menu")
    phone = width < 768
    assert site_links.get_by_role("link", name="Turniere", exact=True).is_visible() != phone
    if phone:
        site_links.locator("summary").click()
        assert site_links.get_by_role("link", name="Turniere", exact=True).is_visible()
        site_links.locator("summary").click()
    page.locator("summary", has_text="Meinen Namen finden").click()
    page.get_by_role("searchbox", name="Meinen Namen finden").fill("mueller")
    page.get_by_role("button", name="Suchen").click()
    found = page.locator("#live-region tr.found")
    assert "Jürgen Müller-Lüdenscheidt" in found.inner_text()
    assert page.get_by_role("searchbox", name="Meinen Namen finden").input_value() == "mueller"
    assert page.get_by_text("Mannschaften", exact=True).count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_on_a_small_phone_the_first_screen_shows_the_leaders_name(new_page, tournament):
    page = new_page(viewport={"width": 360, "height": 640})
    page.goto(f"/turniere/{tournament.id}/rangliste/")

    leader = page.locator("#live-region tbody tr").first.get_by_role("link")
    box = leader.bounding_box()
    assert box["y"] + box["height"] <= 640
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
