"""The director's pages on a phone: nothing needs sideways scrolling of the whole page.

A director often mends a setting or issues a new table code from a phone in the hall.
Wide tables may scroll inside their own region; a form, a code or its link may not push
the page wider than the screen.
"""

import pytest

from tests import factories as f
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = [(360, 640), (390, 844)]
WIDER_THAN_SCREEN = """() => Array.from(document.querySelectorAll('main *'))
    .filter((node) => node.offsetParent && !node.closest('.table-wrap'))
    .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1)
    .map((node) => node.tagName + (node.id ? '#' + node.id : ''))
    .slice(0, 8)"""


@pytest.fixture
def phone_desk(director_desk, request):
    width, height = request.param
    return director_desk({"width": width, "height": height})


def assert_fits(page, url: str) -> None:
    page.goto(url)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        url,
        page.evaluate(WIDER_THAN_SCREEN),
    )


@pytest.mark.parametrize("phone_desk", PHONES, indirect=True)
def test_tournament_form_fits_a_phone(phone_desk):
    """The long choices (scoring, one or two lists) wrap inside their fieldset."""
    tournament = f.make_tournament()
    assert_fits(phone_desk, "/leitung/turniere/neu/")
    assert_fits(phone_desk, f"/leitung/turniere/{tournament.id}/einstellungen/")
    assert phone_desk.locator("#id_extra_points").is_visible()


@pytest.mark.parametrize("phone_desk", PHONES, indirect=True)
def test_table_page_with_its_code_fits_a_phone(phone_desk):
    """The big code, the QR code and the device link stay on the screen."""
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    table = tournament.series.get().tables.get()
    code = table_access.format_code(table_access.ensure_code(table))
    assert_fits(phone_desk, f"/leitung/tische/{table.id}/")
    shown = phone_desk.locator(".code-big")
    assert shown.inner_text() == code
    box = shown.bounding_box()
    assert box["x"] + box["width"] <= phone_desk.evaluate("window.innerWidth")
