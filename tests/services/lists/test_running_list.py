"""The running list and the preview of the next game: the numbers saving stores, no other."""

import pytest

from tests import factories as f
from tournaments.models import GamePoints, Table
from tournaments.services import seating
from tournaments.services.errors import Rejected
from tournaments.services.lists import summary
from tournaments.services.lists.running_list import preview_game, running_list
from tournaments.services.lists.settlement import settle_table

pytestmark = pytest.mark.django_db


def names(table):
    return {seat.participant_id: "" for seat in table.seats.all()}


@pytest.mark.parametrize("players", [3, 4])
def test_last_running_totals_are_the_settlement(players):
    table = f.play_out(f.make_seated_table(players=players, rounds_per_series=2))

    last = running_list(table, names(table))[-1]

    assert last.totals == {line.seat: line.total for line in settle_table(table)}


def test_running_list_is_in_game_order_with_the_declarers_name():
    table = f.make_seated_table()
    seat_2 = table.seats.select_related("participant__player").get(number=2)
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)
    f.enter(table, passed=True)

    rows = running_list(table, {seat_2.participant_id: "Erika"})

    assert [row.game.number for row in rows] == [1, 2]
    assert rows[0].declarer_name == "Erika"
    assert rows[0].points == {1: 0, 2: 74, 3: 0, 4: 0}
    assert rows[1].totals == rows[0].totals


def test_a_replacement_starts_from_zero_on_the_seat():
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    for _ in range(3):
        f.enter(table, passed=True)
    newcomer = f.make_participants(table.series.tournament, 1)[0]
    seating.replace_player(table, 2, newcomer.id, 5)
    f.enter(table, declarer_seat=2, game="hearts", matadors=1, won=True)

    rows = running_list(table, names(table))

    assert rows[3].totals[2] == 98
    assert rows[4].totals[2] == 70


CASES = [
    {"declarer_seat": 1, "game": "clubs", "matadors": 2, "hand": True, "won": True},
    {"declarer_seat": 3, "game": "grand", "matadors": 1, "won": False},
    {"declarer_seat": 4, "game": "null", "won": False},
    {"declarer_seat": 1, "game": "clubs", "matadors": 1, "won": True, "bid": 48},
    {"passed": True},
]


@pytest.mark.parametrize("data", CASES)
@pytest.mark.parametrize("players", [3, 4])
def test_preview_shows_what_saving_stores(data, players):
    table = f.make_seated_table(players=players)
    f.enter(table, declarer_seat=2, game="diamonds", matadors=1, won=False)
    if players == 3 and data.get("declarer_seat") == 4:
        data = {**data, "declarer_seat": 1}

    preview = preview_game(table, data)
    game = f.enter(table, **data)

    stored = dict(GamePoints.objects.filter(game=game).values_list("seat", "points"))
    assert preview.number == game.number == 2
    assert preview.points == stored
    assert preview.totals == running_list(table, names(table))[-1].totals
    if not game.passed:
        assert (preview.evaluation.score, preview.evaluation.won) == (game.score, game.won)


def test_preview_stores_nothing():
    table = f.make_seated_table()

    preview_game(table, {"declarer_seat": 2, "game": "clubs", "matadors": 1, "won": True})

    assert not table.games.exists()
    assert not GamePoints.objects.exists()


def refusal(table, data):
    with pytest.raises(Rejected) as refused:
        preview_game(table, data)
    return [problem.code for problem in refused.value.problems]


def test_preview_refuses_the_dealer_at_a_4_table():
    table = f.make_seated_table()

    codes = refusal(table, {"declarer_seat": 1, "game": "clubs", "matadors": 1, "won": True})

    assert codes == ["dealer_cannot_declare"]


def test_preview_reports_every_problem_at_once():
    table = f.make_seated_table()

    codes = refusal(table, {"declarer_seat": 1, "game": "grand", "matadors": 7})

    assert set(codes) >= {"dealer_cannot_declare", "matadors_out_of_range"}


def test_preview_refuses_a_complete_list():
    table = f.play_out(f.make_seated_table())

    assert refusal(table, {"passed": True}) == ["series_complete"]


def test_preview_refuses_a_locked_list():
    table = f.make_seated_table()
    Table.objects.filter(pk=table.pk).update(status=Table.Status.LOCKED)
    table.refresh_from_db()

    assert refusal(table, {"passed": True}) == ["list_locked"]


def test_preview_refuses_a_table_kept_as_summary():
    table = f.make_seated_table(players=3)
    summary.save_summary(
        table,
        [{"seat": seat, "game_points": 0, "won": 0, "lost": 0} for seat in (1, 2, 3)],
    )
    table.refresh_from_db()

    assert refusal(table, {"passed": True}) == ["table_kept_as_summary"]
