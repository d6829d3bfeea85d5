"""A player's phone on the live ranking, in a real browser: it keeps itself up to date."""

import re

import pytest
from playwright.sync_api import expect

from tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)

POLL_MS = 30_000  # LIVE_INTERVAL_SECONDS in tournaments/web/rankings.py
ASK_WITHIN_MS = 15_000  # ASK_MS in static/js/lib/http.js


def test_a_poll_whose_answer_never_comes_does_not_stop_the_live_ranking(new_page):
    """Poor Wi-Fi can swallow an answer and keep the connection open: the phone gives up
    waiting after a while and asks again at the next poll."""
    table = f.make_seated_table(players=3, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)
    phone = new_page(viewport={"width": 390, "height": 844})
    phone.clock.install()
    swallowed = []

    def never_answer_the_first(route):
        if swallowed:
            route.continue_()
        else:
            swallowed.append(route)

    phone.context.route("**/version/", never_answer_the_first)
    phone.goto(f"/turniere/{table.series.tournament_id}/rangliste/")
    # The new total's cell: seat 3 wins a grand with 1 in game 2, 48 + 50 = 98.
    new_total = phone.locator("#live-region td").filter(has_text=re.compile(r"^\s*98\s*$"))
    expect(new_total).to_have_count(0)
    shown = phone.locator("#live-region td").filter(has_text=re.compile(r"^\s*74\s*$"))
    expect(shown).to_have_count(1)  # seat 2's clubs with 1 of game 1, 24 + 50

    phone.clock.fast_forward(POLL_MS)
    while not swallowed:  # route handlers run while Playwright waits
        phone.wait_for_timeout(50)
    f.enter(table, declarer_seat=3, game="grand", matadors=1, won=True)
    # The page gives up on the request, then plans its next poll: the clock moves on to
    # that poll only once the request has failed, or the poll would be planned after it.
    with phone.expect_event("requestfailed"):
        phone.clock.fast_forward(ASK_WITHIN_MS)
    phone.clock.fast_forward(POLL_MS)

    # Time goes on by itself too: a poll planned a moment late still comes within 30 s.
    expect(new_total).to_have_count(1, timeout=POLL_MS + 15_000)
