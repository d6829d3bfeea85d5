"""Playing league venues through the API, for the league's tests.

A venue's series is played from a script: each team gets one outcome, and every player of
the team declares once in the series with it (the player on the seat after the dealer
declares each game, so at a table of one round every seat declares exactly once):

- ``"G+"``: Grand mit 1 won: 48 + 50 = 98 list points;
- ``"K+"``: Kreuz mit 1 won: 24 + 50 = 74 list points;
- ``"P"``: the game is passed in: nobody scores.

Without lost games nobody gets the 30/40 credits, so a team's game points in a series are
its number of players times its outcome's points, whatever the draw, and a player's
average is the outcome's points over the three games each player takes part in (four at
a 4-table with one sat out as dealer, three at a 3-table).
"""

from tests import factories as f

API = "/api/v1/"
OUTCOMES = {
    "G+": {"game": "grand", "matadors": 1, "won": True},
    "K+": {"game": "clubs", "matadors": 1, "won": True},
    "P": {"passed": True},
}


def call(client, method, path, body=None, expect=(200, 201)):
    """One API request; fails the test with the answer unless its status is ``expect``."""
    response = getattr(client, method)(API + path, body, format="json")
    expected = (expect,) if isinstance(expect, int) else expect
    assert response.status_code in expected, (method, path, response.status_code, response.content)
    return (
        response.json()
        if response.content and response["Content-Type"].startswith("application/json")
        else None
    )


def play_series(director, series_id: int, team_of: dict[int, str], script: dict[str, str], seed=1):
    """Draw the series, enter every game from ``script`` (team name → outcome), sign every
    list with drawn signatures and finish the series."""
    drawn = call(director, "post", f"series/{series_id}/draw/", {"mode": "random", "seed": seed})
    for table in drawn["tables"]:
        seats = table["seats"]
        count = len(seats)
        games = 4 if count == 4 else 3
        for number in range(1, games + 1):
            dealer = (number - 1) % count + 1
            declarer = dealer % count + 1
            outcome = OUTCOMES[script[team_of[seats[declarer - 1]]]]
            body = dict(outcome) if "passed" in outcome else {**outcome, "declarer_seat": declarer}
            call(director, "post", f"tables/{table['id']}/games/", body)
        for seat in range(1, count + 1):
            image = png_data_url_of(series_id * 10 + table["number"] * 4 + seat)
            call(
                director,
                "post",
                f"tables/{table['id']}/signatures/",
                {"seat": seat, "image": image},
            )
    call(director, "post", f"series/{series_id}/finish/", {})
    return drawn


def png_data_url_of(variant: int) -> str:
    from tests.factories import png_bytes

    return f.png_data_url(png_bytes(variant=variant % 97))
