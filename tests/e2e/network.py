"""What poor hall Wi-Fi does to the table device's requests, for the browser tests."""


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

    page.context.route("**/api/v1/tables/*/games/", store_then_never_answer)
    return swallowed
