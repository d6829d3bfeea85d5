"""The ranking on the hall's projector: large type, and it pages through all ranks by itself."""

import pytest

from tests.factories import make_many_participants, make_series, make_table, make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_projector_shows_ranks_in_large_type_and_turns_the_page_by_itself(new_page):
    tournament = make_tournament(name="Hallenturnier")
    people = make_many_participants(tournament, 12)
    series = make_series(tournament)
    for number, start in enumerate(range(0, 12, 4), start=1):
        make_table(series, people[start : start + 4], number=number)
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
    assert hall.get_by_test_id("projector-stamp").inner_text().startswith("Stand: ")
    hall.clock.run_for(5_000)
    pages.nth(1).wait_for(state="visible", timeout=2_000)
    assert not first.is_visible()
    assert pages.nth(1).locator("tbody tr").count() == 5
