"""Series and tournament rankings over HTTP (docs/api.md 3.3, docs/rules.md 2), query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tests.api.conftest import API
from tournaments.services.lists.summary import save_summary

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def ranking(client, path, people):
    """(rank, player index, total, won, lost) per row; player index = position in ``people``."""
    response = client.get(API + path)
    assert response.status_code == 200
    index = {p.id: n for n, p in enumerate(people)}
    return [
        (row["rank"], index[row["participant"]], row["total"], row["won"], row["lost"])
        for row in response.json()
    ]


@pytest.fixture
def tournament(db):
    return f.make_tournament(rounds_per_series=1)


def test_series_ranking_orders_by_total_and_shares_equal_places(client, tournament):
    people = f.make_participants(tournament, 4)
    series = f.make_series(tournament)
    table = f.make_table(series, people)
    f.enter(table, declarer_seat=2, won=True, **KARO)  # g1: seat 2 +18 +50 = 68
    f.enter(table, declarer_seat=3, won=True, **KARO)  # g2: seat 3 +18 +50 = 68
    f.enter(table, declarer_seat=1, game="clubs", matadors=1, won=True)  # g3: seat 1 +24 +50 = 74

    rows = ranking(client, f"series/{series.id}/ranking/", people)

    assert rows == [(1, 0, 74, 1, 0), (2, 1, 68, 1, 0), (2, 2, 68, 1, 0), (4, 3, 0, 0, 0)]


def test_series_ranking_equal_total_more_won_ranks_higher(client, tournament):
    people = f.make_participants(tournament, 8)
    series = f.make_series(tournament)
    first, second = f.make_table(series, people[:4]), f.make_table(series, people[4:])
    # table 1, seat 3 (player 2): Karo mit 1 won 68 + Pik mit 1 won 72 = 140, won 2
    f.enter(first, declarer_seat=3, won=True, **KARO)
    f.enter(first, declarer_seat=3, game="spades", matadors=1, won=True)
    # table 2: g1 seat 2 (player 5) Karo mit 1 lost −86, seats 1, 3, 4 +30;
    # g2 seat 3 (player 6) Kreuz mit 4 won: 12 × 5 = 60 +50 +30 = 140, won 1
    f.enter(second, declarer_seat=2, won=False, **KARO)
    f.enter(second, declarer_seat=3, game="clubs", matadors=4, won=True)

    rows = ranking(client, f"series/{series.id}/ranking/", people)

    assert rows == [
        (1, 2, 140, 2, 0),
        (2, 6, 140, 1, 0),
        (3, 4, 30, 0, 0),
        (3, 7, 30, 0, 0),
        (5, 0, 0, 0, 0),
        (5, 1, 0, 0, 0),
        (5, 3, 0, 0, 0),
        (8, 5, -86, 0, 1),
    ]


def test_series_ranking_equal_total_and_won_fewer_lost_ranks_higher(client, tournament):
    people = f.make_participants(tournament, 8)
    series = f.make_series(tournament)
    first, second = f.make_table(series, people[:4]), f.make_table(series, people[4:])
    # table 1, seat 3 (player 2): Pik mit 3 won 44 +50, Karo mit 1 lost −36 −50,
    # +30 for the lost games 3 and 4 = 68, won 1, lost 1
    f.enter(first, declarer_seat=3, game="spades", matadors=3, won=True)  # g1 dealer 1
    f.enter(first, declarer_seat=3, won=False, **KARO)  # g2 dealer 2: seats 1, 2, 4 +30
    f.enter(first, declarer_seat=1, won=False, **KARO)  # g3 dealer 3: seats 2, 3, 4 +30
    f.enter(first, declarer_seat=2, won=False, **KARO)  # g4 dealer 4: seats 1, 3, 4 +30
    # table 2, seat 2 (player 5): Karo mit 1 won = 68, won 1, lost 0
    f.enter(second, declarer_seat=2, won=True, **KARO)

    rows = ranking(client, f"series/{series.id}/ranking/", people)

    assert rows == [
        (1, 3, 90, 0, 0),
        (2, 5, 68, 1, 0),
        (3, 2, 68, 1, 1),
        (4, 4, 0, 0, 0),
        (4, 6, 0, 0, 0),
        (4, 7, 0, 0, 0),
        (7, 0, -26, 0, 1),
        (7, 1, -26, 0, 1),
    ]


@pytest.mark.parametrize("kept_as", ["games", "summary"])
def test_tournament_ranking_sums_the_series(client, tournament, kept_as):
    people = f.make_participants(tournament, 4)
    first = f.make_table(f.make_series(tournament), people)
    second = f.make_table(f.make_series(tournament), people[::-1])
    # series 1: seat 2 (player 1) Karo mit 1 won = 68
    f.enter(first, declarer_seat=2, won=True, **KARO)
    # series 2: seat 2 (player 2) Herz mit 1 lost: −40 −50 = −90; players 3, 1, 0 +30
    if kept_as == "games":
        f.enter(second, declarer_seat=2, game="hearts", matadors=1, won=False)
    else:
        lines = [(1, 0, 0, 0), (2, -40, 0, 1), (3, 0, 0, 0), (4, 0, 0, 0)]
        keys = ("seat", "game_points", "won", "lost")
        save_summary(second, [dict(zip(keys, line, strict=True)) for line in lines])

    rows = ranking(client, f"tournaments/{tournament.id}/ranking/", people)

    assert rows == [(1, 1, 98, 1, 0), (2, 0, 30, 0, 0), (2, 3, 30, 0, 0), (4, 2, -90, 0, 1)]


def test_tournament_ranking_rows_have_the_api_fields(client, tournament):
    people = f.make_participants(tournament, 3)
    f.enter(f.make_table(f.make_series(tournament), people), declarer_seat=1, won=True, **KARO)

    response = client.get(f"{API}tournaments/{tournament.id}/ranking/")

    assert response.status_code == 200
    row = response.json()[0]
    assert {"rank", "participant", "name", "club", "total", "won", "lost"} <= set(row)
    assert (row["participant"], row["name"]) == (people[0].id, people[0].player.full_name)


def fill(table, games):
    """``games`` games at a 4-table, Vorhand (the seat after the dealer) declares; every
    third game is lost."""
    for number in range(1, games + 1):
        f.enter(table, declarer_seat=number % 4 + 1, won=number % 3 != 0, **KARO)


def build_tournament(tables, games):
    """One series of ``tables`` 4-tables, each with ``games`` games entered."""
    tournament = f.make_tournament(rounds_per_series=10)
    series = f.make_series(tournament)
    first = None
    for _ in range(tables):
        table = f.make_table(series, f.make_participants(tournament, 4))
        fill(table, games)
        first = first or table
    return {"table": first.id, "series": series.id, "tournament": tournament.id}


def queries_of(client, path):
    """How many queries an anonymous GET of ``path`` takes."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(API + path)
    assert response.status_code == 200
    return len(queries)


@pytest.fixture(scope="module")
def small_and_large(module_db):
    """Built once for the read-only query counts: 4 games at one table, 40 at each of three."""
    return build_tournament(tables=1, games=4), build_tournament(tables=3, games=40)


@pytest.mark.parametrize(
    "path",
    [
        "tables/{table}/",
        "tables/{table}/games/",
        "series/{series}/ranking/",
        "tournaments/{tournament}/ranking/",
    ],
)
def test_reading_takes_the_same_queries_whatever_the_number_of_games(client, path, small_and_large):
    small, large = small_and_large

    counts = [queries_of(client, path.format(**ids)) for ids in (small, large)]

    assert counts[0] == counts[1]


@pytest.mark.parametrize("path", ["series/{series}/tables/", "tables/?series={series}"])
def test_listing_tables_takes_the_same_queries_whatever_the_number_of_tables(client, path):
    small, large = build_tournament(tables=1, games=4), build_tournament(tables=3, games=4)

    counts = [queries_of(client, path.format(**ids)) for ids in (small, large)]

    assert counts[0] == counts[1]
