"""What poor hall Wi-Fi does to the table device's requests, for the browser tests."""

import re

# A game sent by the device: POST …/games/, asked with ?state=1 for the list's state.
GAMES_URL = re.compile(r".*/api/v1/tables/\d+/games/(\?.*)?$")


def swallow_the_first_answer(page) -> list:
    """The first game request reaches the server, which stores it, but its answer never
    reaches the device (the connection stays open); later requests pass. Returns the list
    the swallowed request lands in."""
    swallowed = []

    def store_then_never_answer(route):
        if swallowed:
            route.continue_()
            return
        route.fetch()  # the server stores the game; its answer never reaches the device
        swallowed.append(route)

    page.context.route(GAMES_URL, store_then_never_answer)
    return swallowed


def fail_the_first_game(page, failure: str) -> list:
    """The first game request fails ("502 from a proxy", "503", "reset connection");
    later requests pass. Returns the list the failed request's Idempotency-Key lands in."""
    failed = []

    def fail_once(route):
        if failed:
            route.continue_()
            return
        failed.append(route.request.headers.get("idempotency-key"))
        if failure == "reset connection":
            route.abort("connectionreset")
        else:
            route.fulfill(status=int(failure[:3]), body="<html><body>Bad Gateway</body></html>")

    page.context.route(GAMES_URL, fail_once)
    return failed
