"""A refused form on a director's page: the message is on the screen and has the focus.

The director posts a form far down a long page (the table page's "A player leaves" under
the whole list); the page that answers must not open at its top with the message out of
sight, on the laptop and on a phone alike.
"""

import pytest

from tests import factories as f
from tournaments.services import money

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = [(1366, 768), (360, 640)]
IN_VIEW_AND_FOCUSED = """(box) => {
    const rect = box.getBoundingClientRect();
    return {
        inView: rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0,
        focused: document.activeElement === box,
        scrolled: window.scrollY,
    };
}"""


@pytest.fixture
def desk(director_desk, request):
    width, height = request.param
    return director_desk({"width": width, "height": height})


def assert_in_view_and_focused(box) -> None:
    box.wait_for()
    box.page.wait_for_load_state("load")
    box.page.wait_for_timeout(100)  # the page's script runs once more after the load
    state = box.evaluate(IN_VIEW_AND_FOCUSED)
    assert state["inView"], state
    assert state["focused"], state


@pytest.mark.parametrize("desk", SCREENS, indirect=True)
def test_a_refused_leave_shows_its_message_in_view_and_focused(desk):
    table = f.make_complete_table(players=4, rounds_per_series=6)
    desk.goto(f"/leitung/tische/{table.id}/")
    form = desk.get_by_test_id("leave-form")
    form.locator("select[name=seat]").select_option("2")
    form.locator("input[name=after_game]").fill("7")  # not the end of a round

    form.get_by_test_id("leave-submit").click()

    errors = desk.get_by_test_id("change-errors")
    assert "7" in errors.inner_text()
    assert_in_view_and_focused(errors)


@pytest.mark.parametrize("desk", SCREENS, indirect=True)
def test_a_refused_post_answered_with_a_message_shows_it_in_view_and_focused(desk):
    """A refund without an amount: the cash page comes back at the participants' section,
    the message above it."""
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    payer = tournament.participants.order_by("start_number").last()
    money.record_payment(
        tournament, {"participant": payer.id, "kind": "entry_fee", "amount": "10.00"}
    )
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    desk.locator(f"form:has(#refund-{payer.id}) button[type=submit]").click()

    assert_in_view_and_focused(desk.locator(".message-error").first)
