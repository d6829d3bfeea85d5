"""The privacy notice, the imprint and the club's page writing them, on a phone: the
long German headings (Datenschutzerklärung) stay on the screen.

Debian's Chromium has no hyphenation dictionaries, so ``hyphens: auto`` cannot help here
as it does on most phones: the heading's size must let the longest word fit.
"""

import pytest

from tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]
HEADING_FITS = """() => {
  const heading = document.querySelector('main h1');
  return [heading.textContent.trim(), heading.scrollWidth, heading.clientWidth,
          document.documentElement.scrollWidth, window.innerWidth];
}"""


def assert_heading_fits(page, url: str) -> None:
    page.goto(url)
    text, needed, width, page_needs, screen = page.evaluate(HEADING_FITS)
    assert needed <= width, (url, text, needed, width)
    assert page_needs <= screen, (url, page_needs, screen)


@pytest.mark.parametrize("phone", PHONES, ids=["360", "390"])
def test_the_legal_pages_fit_a_phone(new_page, phone):
    page = new_page(viewport=phone)
    assert_heading_fits(page, "/datenschutz/")
    assert_heading_fits(page, "/impressum/")


@pytest.mark.parametrize("phone", PHONES, ids=["360", "390"])
def test_the_club_page_writing_them_fits_a_phone(director_desk, phone):
    club = f.make_club("Skatfreunde Musterstadt")
    page = director_desk(phone)
    assert_heading_fits(page, f"/leitung/vereine/{club.pk}/rechtliches/")


@pytest.mark.parametrize("phone", PHONES, ids=["360", "390"])
def test_a_page_heading_stays_larger_than_its_sections_headings(director_desk, phone):
    """The smaller page heading must not fall below the sections' headings."""
    page = director_desk(phone)
    sizes = page.evaluate(
        """() => ['h1', 'h2'].map((tag) =>
             parseFloat(getComputedStyle(document.querySelector('main ' + tag)).fontSize))"""
    )
    assert sizes[0] > sizes[1], sizes
