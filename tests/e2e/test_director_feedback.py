"""Feedback on long work in a real browser: a double tap on "Draw" sends one request and
the button says it is working; a download link does the same; the dashboard refreshes
itself while it is visible."""

import pytest

from tests import factories as f
from tournaments.models import Participant

pytestmark = pytest.mark.django_db(transaction=True)

BUSY = "wird erstellt …"


@pytest.fixture
def desk(director_desk):
    return director_desk()


def hold(page, pattern: str) -> list:
    """Keep requests matching ``pattern`` pending (a slow server) and count them."""
    requests = []
    page.route(pattern, lambda route: requests.append(route.request))
    return requests


def test_double_tap_on_draw_sends_one_request_and_shows_it_is_working(desk):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 8)
    series = f.make_series(tournament)
    desk.goto(f"/leitung/serien/{series.id}/")
    posts = hold(desk, "**/auslosen/")
    seen = []
    desk.on("console", lambda message: seen.append(message.text))
    # The answer is held back, so the old page stays while the navigation is pending; the
    # page reports what the button shows, as the browser keeps it busy with the navigation.
    desk.evaluate(
        """() => {
            const button = document.querySelector('[data-testid="draw"]');
            const report = () => console.log(button.textContent.trim() + "|" + button.disabled);
            new MutationObserver(report).observe(
                button, {attributes: true, childList: true, characterData: true, subtree: true}
            );
        }"""
    )

    desk.get_by_test_id("draw").dblclick()

    desk.wait_for_timeout(1500)
    assert f"{BUSY}|true" in seen
    assert len(posts) == 1


def test_download_link_shows_it_is_working_and_ignores_a_second_tap(desk):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 4)
    desk.goto(f"/leitung/turniere/{tournament.id}/")
    downloads = []
    desk.on("download", lambda download: downloads.append(download))
    link = desk.locator(f'a[href="/api/v1/tournaments/{tournament.id}/ranking.pdf"]')

    link.dblclick()

    link.filter(has_text=BUSY).wait_for()
    assert link.get_attribute("aria-disabled") == "true"
    desk.wait_for_timeout(1000)
    assert len(downloads) == 1


def test_dashboard_refreshes_itself_every_30_seconds(desk):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 4)
    desk.clock.install()
    desk.goto(f"/leitung/turniere/{tournament.id}/")
    tile = desk.locator(".tile-number").first
    assert tile.inner_text() == "4"

    f.make_participants(tournament, 2)
    assert Participant.objects.filter(tournament=tournament).count() == 6
    desk.clock.fast_forward(31_000)

    desk.locator(".tile-number", has_text="6").first.wait_for()
    assert desk.url.endswith(f"/leitung/turniere/{tournament.id}/")


def test_a_refresh_whose_answer_never_comes_does_not_stop_the_dashboard(desk):
    """Poor Wi-Fi can swallow an answer and keep the connection open: the dashboard gives
    up waiting after 15 s (ASK_MS in static/js/lib/http.js) and asks again 30 s later."""
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 4)
    desk.clock.install()
    desk.goto(f"/leitung/turniere/{tournament.id}/")
    swallowed = []

    def never_answer_the_first(route):
        if swallowed or route.request.resource_type != "fetch":
            route.continue_()
        else:
            swallowed.append(route)

    desk.route(f"**/leitung/turniere/{tournament.id}/", never_answer_the_first)
    desk.clock.fast_forward(31_000)
    while not swallowed:  # route handlers run while Playwright waits
        desk.wait_for_timeout(50)
    f.make_participants(tournament, 2)
    with desk.expect_event("requestfailed"):  # given up; then the next refresh is planned
        desk.clock.fast_forward(15_000)
    desk.clock.fast_forward(31_000)

    # Time goes on by itself too: a refresh planned a moment late still comes within 30 s.
    desk.locator(".tile-number", has_text="6").first.wait_for(timeout=45_000)
