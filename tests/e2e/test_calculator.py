"""The game value calculator in a real browser: the page posts its form as it is and shows
what the server's form reader and rules engine answer (the same reader as the touch entry)."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
FIRST_LOAD_MS = 30_000


def open_calculator(new_page):
    page = new_page(PHONE)
    page.goto("/rechner/", timeout=FIRST_LOAD_MS)
    return page


def value_shown(page, expected):
    page.wait_for_function(
        "(v) => document.getElementById('result-game-value').textContent.trim() === v",
        arg=expected,
    )


def test_implied_boxes_of_a_grand_ouvert_count_although_the_browser_does_not_send_them(
    new_page,
):
    page = open_calculator(new_page)

    page.locator("label[for=game-grand]").click()
    page.locator("label[for=ouvert]").click()
    page.locator("label[for=won-true]").click()
    page.locator("label[for=schwarz]").click()

    # With 1, game 2, hand 3, Schneider 4, announced 5, Schwarz 6, announced 7, ouvert 8.
    value_shown(page, "192")
    assert page.locator("#bar-score").inner_text().strip() == "+192"


def test_result_by_eyes_and_a_bad_number_named_at_its_field(new_page):
    page = open_calculator(new_page)

    page.locator("label[for=game-clubs]").click()
    page.locator("label[for=result-mode-eyes]").click()
    page.fill("#declarer_eyes", "92")
    page.fill("#declarer_tricks", "7")
    # Clubs with 1: game 2, Schneider 3 → 36.
    value_shown(page, "36")

    page.fill("#declarer_eyes", "121")
    error = page.locator("#declarer_eyes-error")
    error.wait_for()
    assert error.inner_text().strip() != ""
    assert page.locator("#declarer_eyes").get_attribute("aria-invalid") == "true"
