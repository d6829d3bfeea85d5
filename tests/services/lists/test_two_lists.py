"""Two lists per table: list B kept beside the official list A, compared as games arrive,
differences taken over at the table or settled by the director (docs/rules.md 4)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tournaments.models import AuditEntry, GamePoints, ListDifference, Table
from tournaments.services import states
from tournaments.services.errors import Rejected
from tournaments.services.lists import comparing, second_list, settling
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db

KREUZ_WON = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "won": True}
KREUZ_LOST = {**KREUZ_WON, "won": False}
PIK_SEAT_3 = {"declarer_seat": 3, "game": "spades", "matadors": 1, "won": True}


def codes(error) -> list[str]:
    return [problem.code for problem in error.value.problems]


def texts(error) -> str:
    return " ".join(problem.text() for problem in error.value.problems)


def test_a_tournament_with_one_list_takes_no_second_list():
    table = f.make_seated_table(players=3)

    with pytest.raises(Rejected) as refused:
        f.enter_b(table, **KREUZ_WON)

    assert codes(refused) == ["one_list_only"]


def test_list_b_is_valued_like_list_a_but_never_counts():
    table = f.make_two_list_table(players=3)

    game = f.enter_b(table, **KREUZ_WON)

    assert (game.number, game.game_value, game.score, game.declarer_points) == (1, 36, 36, 86)
    assert GamePoints.objects.filter(table=table).count() == 0
    assert table.games.count() == 0


def test_lists_that_agree_have_no_difference():
    table = f.make_two_list_table(players=3)

    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_WON)

    assert comparing.differences_of(table) == []


@pytest.mark.parametrize("first", ["A", "B"])
def test_a_difference_is_found_when_the_second_list_holds_the_game(first):
    table = f.make_two_list_table(players=3)
    enter = {"A": f.enter, "B": f.enter_b}

    enter[first](table, **KREUZ_WON)
    assert comparing.differences_of(table) == []
    enter["B" if first == "A" else "A"](table, **KREUZ_LOST)

    (difference,) = comparing.differences_of(table)
    assert (difference.number, difference.fields, difference.is_open) == (1, ["won", "score"], True)
    left, right = (KREUZ_WON, KREUZ_LOST) if first == "A" else (KREUZ_LOST, KREUZ_WON)
    assert (difference.a["won"], difference.b["won"]) == (left["won"], right["won"])


def play_both(table, differing_at=None, other=KREUZ_LOST):
    """Enter every game on both lists (Kreuz mit 2 won by the first player who plays);
    list B says ``other`` at game ``differing_at``."""
    for number in range(1, 4 if table.seats.count() == 3 else 5):
        declarer = 1 if table.seats.count() == 3 else (2 if number != 2 else 3)
        game = {**KREUZ_WON, "declarer_seat": declarer}
        f.enter(table, **game)
        f.enter_b(
            table, **(({**other, "declarer_seat": declarer}) if number == differing_at else game)
        )


def test_signing_is_refused_naming_the_game_while_a_difference_is_open():
    table = f.make_two_list_table(players=3)
    play_both(table, differing_at=2)

    with pytest.raises(Rejected) as refused:
        f.sign_all(table)

    assert codes(refused) == ["lists_differ"]
    assert "Spiel 2" in texts(refused) or "game 2" in texts(refused)
    assert refused.value.conflict


def test_signing_is_refused_naming_the_games_list_b_lacks():
    table = f.make_two_list_table(players=3)
    for _ in range(3):
        f.enter(table, **{**KREUZ_WON, "declarer_seat": 1})
    f.enter_b(table, **{**KREUZ_WON, "declarer_seat": 1})

    with pytest.raises(Rejected) as refused:
        f.sign_all(table)

    assert codes(refused) == ["second_list_incomplete"]
    assert "2, 3" in texts(refused)


def test_lists_that_agree_are_signed_and_sealed():
    table = f.make_two_list_table(players=3)
    play_both(table)

    f.sign_all(table)

    assert table.status == Table.Status.SIGNED


def test_the_second_keeper_takes_list_a_and_the_difference_is_settled():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)

    difference = settling.take_other(table, 1, "B", actor="table code T1 B")

    assert (difference.is_open, difference.settled_how) == (False, "took_a")
    assert table.second_games.get(number=1).won is True
    assert AuditEntry.objects.filter(table=table, action="second_game_corrected").count() == 1


def test_the_first_keeper_takes_list_b_as_an_audited_correction_of_the_official_list():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)

    settling.take_other(table, 1, "A", actor="table code T1")

    assert table.games.get(number=1).score == -72
    seat_2 = GamePoints.objects.get(table=table, seat=2)
    assert seat_2.points == -72 - 50
    entry = AuditEntry.objects.get(table=table, action="game_corrected")
    assert (entry.before["won"], entry.after["won"], entry.reason) == (True, False, "took_b")


def test_taking_a_version_of_a_settled_difference_changes_nothing():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)
    settling.take_other(table, 1, "B")

    again = settling.take_other(table, 1, "A")

    assert (again.settled_how, table.games.get(number=1).won) == ("took_a", True)
    assert AuditEntry.objects.filter(table=table, action="game_corrected").count() == 0


def test_a_version_changed_since_the_keeper_looked_is_not_taken():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)
    seen = comparing.differences_of(table)[0].revision
    second_list.correct_second_game(table, 1, {**KREUZ_LOST, "matadors": 3})

    with pytest.raises(Rejected) as refused:
        settling.take_other(table, 1, "A", revision=seen)

    assert codes(refused) == ["difference_changed"]
    assert table.games.get(number=1).won is True


def settle(table, number, take, reason="Schiedsrichter befragt"):
    director = f.make_staff_user()
    return states.apply(table, "settle", director, reason, number=number, take=take)


def test_the_courts_rule_with_the_same_declarer_takes_the_lower_result():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)

    difference = settle(table, 1, "rule")

    assert (difference.settled_how, difference.reason) == ("rule", "Schiedsrichter befragt")
    assert table.games.get(number=1).score == -72
    assert table.second_games.get(number=1).score == -72
    entry = AuditEntry.objects.get(table=table, action="difference_settled")
    assert (entry.before["a"]["score"], entry.before["b"]["score"]) == (36, -72)
    assert entry.after["ruling"] == "b"


def test_the_courts_rule_with_different_declarers_counts_the_game_as_passed():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **PIK_SEAT_3)

    settle(table, 1, "rule")

    assert table.games.get(number=1).passed
    assert table.second_games.get(number=1).passed
    assert list(GamePoints.objects.filter(table=table).values_list("points", flat=True)) == [0] * 3


@pytest.mark.parametrize(("take", "score"), [("a", 36), ("b", -72)])
def test_the_director_chooses_a_list(take, score):
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)

    difference = settle(table, 1, take)

    assert difference.settled_how == f"director_{take}"
    assert {table.games.get(number=1).score, table.second_games.get(number=1).score} == {score}
    assert difference.result["score"] == score


def test_settling_needs_a_reason_and_an_open_difference():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_WON)

    with pytest.raises(Rejected) as no_reason:
        settle(table, 1, "a", reason=" ")
    with pytest.raises(Rejected) as nothing:
        settle(table, 1, "a")

    assert codes(no_reason) == ["reason_required"]
    assert codes(nothing) == ["no_difference"]


def test_a_game_that_differs_again_after_a_settlement_is_a_new_difference():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)
    settling.take_other(table, 1, "B")

    second_list.correct_second_game(table, 1, PIK_SEAT_3)

    found = comparing.differences_of(table)
    assert [(d.number, d.is_open) for d in found] == [(1, False), (1, True)]


def test_undoing_and_entering_again_the_same_game_settles_the_difference():
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **KREUZ_LOST)

    second_list.delete_second_game(table, 1)
    assert comparing.open_numbers(table) == [1]
    f.enter_b(table, **KREUZ_WON)

    (difference,) = comparing.differences_of(table)
    assert (difference.is_open, difference.settled_how) == (False, "corrected")


def test_the_director_closes_a_list_whose_second_device_broke_down():
    table = f.make_two_list_table(players=3)
    for _ in range(3):
        f.enter(table, **{**KREUZ_WON, "declarer_seat": 1})
    director = f.make_staff_user()

    states.apply(table, "close", director, "Zweites Gerät ausgefallen")

    table.refresh_from_db()
    assert table.status == Table.Status.LOCKED


def test_the_director_cannot_close_a_list_with_an_open_difference():
    table = f.make_two_list_table(players=3)
    play_both(table, differing_at=3)

    with pytest.raises(Rejected) as refused:
        states.apply(table, "close", f.make_staff_user(), "Zeit ist um")

    assert codes(refused) == ["lists_differ"]


def test_a_difference_is_kept_with_its_table_for_the_pdf():
    table = f.make_two_list_table(players=3)
    play_both(table, differing_at=1)
    settle(table, 1, "rule")

    f.sign_all(table)

    assert ListDifference.objects.filter(table=table).count() == 1
    assert signing.signers(table)[0].signed


def queries_of(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured.captured_queries)


@pytest.mark.parametrize("games_before", [1, 2])
def test_comparing_costs_two_queries_an_entry_whatever_the_list(games_before):
    """With two lists the comparison adds two queries to an entry (the other list's game
    and the open difference), however many games the lists hold; list B's entry costs
    what list A's costs without a second list."""
    one = f.make_seated_table(players=3, rounds_per_series=2)
    two = f.make_two_list_table(players=3, rounds_per_series=2)
    for _ in range(games_before):
        f.enter(one, passed=True)
        f.enter(two, passed=True)
        f.enter_b(two, passed=True)
    game = {**KREUZ_WON, "declarer_seat": 1}

    alone = queries_of(lambda: f.enter(Table.objects.get(pk=one.pk), **game))
    first = queries_of(lambda: f.enter(Table.objects.get(pk=two.pk), **game))
    second = queries_of(lambda: f.enter_b(Table.objects.get(pk=two.pk), **game))

    assert (first - alone, second - alone) == (2, 0)
