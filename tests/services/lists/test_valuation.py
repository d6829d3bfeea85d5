"""One valuation path: list keeping, the preview and the benchmark data value a game alike."""

import pytest

from tests.factories import make_seated_table
from tournaments.benchmarks.ranking import game_points, valued_game
from tournaments.models import Game, GamePoints
from tournaments.services import seating
from tournaments.services.lists import listkeeping
from tournaments.services.lists.running_list import preview_game
from tournaments.skat import evaluate, read_game
from tournaments.skat.rounds import deal_of

pytestmark = pytest.mark.django_db

RESULT_FIELDS = (
    "passed",
    "declarer_seat",
    "game",
    "scored_as",
    "base_value",
    "multiplier",
    "game_value",
    "won",
    "overbid",
    "score",
    "declarer_points",
    "opponent_points",
)
ROW_FIELDS = ("seat", "participant_id", "role", "game_points", "won", "lost", "credit", "points")

GAMES = [
    {"declarer_seat": 2, "game": "clubs", "matadors": 2, "won": True},
    {"declarer_seat": 3, "game": "grand", "matadors": 1, "hand": True, "won": False},
    {"declarer_seat": 2, "game": "null", "ouvert": True, "won": True},
    {"declarer_seat": 3, "game": "hearts", "matadors": 1, "bid": 30, "won": True},
    {"passed": True},
]


def rows_of(rows):
    return sorted(tuple(getattr(row, name) for name in ROW_FIELDS) for row in rows)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("data", GAMES)
def test_benchmark_data_is_valued_as_list_keeping_stores_it(players, data):
    table = make_seated_table(players=players)
    deal = deal_of(1, seating.table_rounds(table))
    at_table = [seat.participant_id for seat in table.seats.order_by("number")]

    built = valued_game(table, deal, data, table.series.tournament.scheme, at_table)
    stored = listkeeping.enter_game(table, data)

    assert [getattr(built, f) for f in RESULT_FIELDS] == [getattr(stored, f) for f in RESULT_FIELDS]
    assert rows_of(game_points(built, deal, at_table, table.series)) == rows_of(stored.points.all())


@pytest.mark.parametrize("data", GAMES)
def test_preview_points_are_the_points_saving_stores(data):
    table = make_seated_table(players=4)

    preview = preview_game(table, data)
    stored = listkeeping.enter_game(table, data)

    assert preview.points == {row.seat: row.points for row in stored.points.all()}


def test_game_records_value_and_gives_one_row_per_seat_present():
    table = make_seated_table(players=4)
    deal = deal_of(1, seating.table_rounds(table))
    declaration, outcome = read_game({"game": "spades", "matadors": 1, "won": False})
    game = Game(table=table, number=1, dealer_seat=deal.dealer, table_size=deal.table_size)

    game.record_value(2, declaration, outcome, evaluate(declaration, outcome))
    rows = game.point_rows({seat: 100 + seat for seat in deal.seats}, deal.active, table.series)

    assert (game.game_value, game.won, game.declarer_points) == (22, False, -94)
    assert game.opponent_points == 30
    by_seat = {row.seat: (row.role, row.points, row.lost, row.participant_id) for row in rows}
    assert by_seat == {
        1: (GamePoints.Role.DEALER_OUT, 30, 0, 101),
        2: (GamePoints.Role.DECLARER, -94, 1, 102),
        3: (GamePoints.Role.OPPONENT, 30, 0, 103),
        4: (GamePoints.Role.OPPONENT, 30, 0, 104),
    }


def test_passed_game_records_no_value_and_zero_points():
    table = make_seated_table(players=3)
    game = Game(table=table, number=1, dealer_seat=1, table_size=3, game="clubs", matadors=2)

    game.record_passed()
    rows = game.point_rows({1: 11, 2: 12, 3: 13}, (1, 2, 3), table.series)

    assert (game.passed, game.game, game.matadors, game.score) == (True, "", None, 0)
    assert [(row.role, row.points, row.credit) for row in rows] == [
        (GamePoints.Role.OPPONENT, 0, 0)
    ] * 3
