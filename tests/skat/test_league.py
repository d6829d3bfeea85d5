"""League scoring (docs/rules.md 6): team points per series, the league table, the
individual ranking and the marks, with their worked examples and invariants."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.skat.league import (
    Mark,
    PlayerRecord,
    TeamRecord,
    average_text,
    points_per_team_beaten,
    points_text,
    rank_players,
    rank_table,
    score_series,
    team_points,
)

SETTINGS = settings(max_examples=200, deadline=None, database=None)
D = Decimal


def test_four_teams_get_three_two_one_and_zero_points():
    points = team_points({"A": 2100, "B": 1800, "C": 2500, "D": 900})

    assert points == {"C": D(3), "A": D(2), "B": D(1), "D": D(0)}


def test_two_teams_tied_for_first_of_four_share_five_points():
    points = team_points({"A": 2000, "B": 2000, "C": 1500, "D": 1000})

    assert points == {"A": D("2.5"), "B": D("2.5"), "C": D(1), "D": D(0)}


def test_three_teams_tied_at_the_bottom_share_three_points():
    points = team_points({"A": 500, "B": 500, "C": 500, "D": 900})

    assert points == {"A": D(1), "B": D(1), "C": D(1), "D": D(3)}


def test_a_team_that_did_not_turn_up_counts_as_last_and_scores_nothing():
    points = team_points({"A": 1200, "B": 1300, "C": 1100}, absent=["D"])

    assert points == {"B": D(3), "A": D(2), "C": D(1), "D": D(0)}


def test_a_team_with_negative_game_points_still_beats_a_team_that_did_not_come():
    points = team_points({"A": -300, "B": 100}, absent=["C"])

    assert points == {"B": D(2), "A": D(1), "C": D(0)}


def test_score_series_lists_an_absent_team_with_no_game_points():
    scores = score_series({"A": 800, "B": 700}, absent=["C"])

    assert [(s.team, s.game_points, s.team_points) for s in scores] == [
        ("A", 800, D(2)),
        ("B", 700, D(1)),
        ("C", 0, D(0)),
    ]


@pytest.mark.parametrize(
    ("value", "text"), [(D(3), "3"), (D("2.5"), "2.5"), (D(0), "0"), (D("10.0"), "10")]
)
def test_points_text_writes_halves_only_where_there_are_any(value, text):
    assert points_text(value) == text


@given(st.lists(st.integers(-2000, 4000), min_size=1, max_size=16), st.integers(0, 1))
@SETTINGS
def test_team_points_of_a_series_sum_to_n_times_n_minus_one_over_two(scores, absent_count):
    present = {f"T{i}": score for i, score in enumerate(scores)}
    absent = [f"X{i}" for i in range(absent_count)]
    n = len(present) + len(absent)

    points = team_points(present, absent)

    assert sum(points.values()) == D(n * (n - 1)) / 2
    assert set(points) == set(present) | set(absent)


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=12))
@SETTINGS
def test_equal_game_points_get_equal_team_points_and_more_get_more(scores):
    present = {i: score for i, score in enumerate(scores)}

    points = team_points(present)

    for a in present:
        for b in present:
            if present[a] == present[b]:
                assert points[a] == points[b]
            elif present[a] > present[b]:
                assert points[a] > points[b]
    assert all(value * 2 == int(value * 2) for value in points.values())


@given(st.lists(st.integers(0, 30), min_size=2, max_size=6), st.integers(2, 4))
@SETTINGS
def test_several_absent_teams_get_nothing_and_the_present_ones_a_point_each(scores, absent):
    present = {i: score for i, score in enumerate(scores)}
    missing = [f"X{i}" for i in range(absent)]

    points = team_points(present, missing)
    alone = team_points(present)

    assert all(points[team] == 0 for team in missing)
    assert all(points[team] == alone[team] + absent for team in present)


def _record(team, tp, gp, last_tp=0, last_gp=0):
    return TeamRecord(team, team, D(tp), gp, D(last_tp), last_gp, sort_name=team.lower())


def test_table_orders_by_team_points_then_game_points():
    rows = rank_table(
        [
            _record("Herzbuben", 7, 12143),
            _record("Kreuzasse", 7, 12221),
            _record("Pikdamen", 9, 9000),
        ]
    )

    assert [(row.place, row.record.team) for row in rows] == [
        (1, "Pikdamen"),
        (2, "Kreuzasse"),
        (3, "Herzbuben"),
    ]


def test_table_breaks_a_remaining_tie_by_the_last_match_day_then_shares_the_place():
    rows = rank_table(
        [
            _record("Bube", 6, 5000, last_tp=2, last_gp=1000),
            _record("Asse", 6, 5000, last_tp=3, last_gp=900),
            _record("Zehn", 4, 3000, last_tp=1, last_gp=700),
            _record("Dame", 4, 3000, last_tp=1, last_gp=700),
        ]
    )

    assert [(row.place, row.record.team) for row in rows] == [
        (1, "Asse"),
        (2, "Bube"),
        (3, "Dame"),
        (3, "Zehn"),
    ]


def test_marks_follow_the_places_and_a_shared_place_across_the_line_is_marked_for_all():
    records = [
        _record("A", 20, 0),
        _record("B", 18, 0),
        _record("C", 18, 0),
        _record("D", 10, 0),
        _record("E", 8, 0),
        _record("F", 4, 0),
        _record("G", 4, 0),
    ]

    rows = rank_table(records, promotion_places=2, relegation_places=1)

    assert [(row.record.team, row.place, row.mark) for row in rows] == [
        ("A", 1, Mark.PROMOTION),
        ("B", 2, Mark.PROMOTION),
        ("C", 2, Mark.PROMOTION),
        ("D", 4, None),
        ("E", 5, None),
        ("F", 6, Mark.RELEGATION),
        ("G", 6, Mark.RELEGATION),
    ]


records_strategy = st.lists(
    st.tuples(
        st.integers(0, 12).map(lambda n: D(n) / 2),
        st.integers(-5, 5),
        st.integers(0, 6).map(lambda n: D(n) / 2),
        st.integers(-3, 3),
    ),
    min_size=1,
    max_size=14,
)


@given(records_strategy)
@SETTINGS
def test_the_table_order_is_a_total_preorder(values):
    records = [_record(f"T{i:02d}", *value) for i, value in enumerate(values)]

    rows = rank_table(records)

    keys = [row.record.key() for row in rows]
    # Every pair is comparable, and the order never goes back (transitive, total).
    assert keys == sorted(keys)
    for first, second in zip(rows, rows[1:], strict=False):
        assert (first.place == second.place) == (first.record.key() == second.record.key())
        assert first.place <= second.place
    # The same records in any order give the same table.
    assert [(r.place, r.record.team) for r in rank_table(reversed(records))] == [
        (r.place, r.record.team) for r in rows
    ]
    # Places are positions: the first of a run of equals.
    for position, row in enumerate(rows, start=1):
        assert row.place == 1 + sum(1 for other in rows if other.record.key() < row.record.key())
        assert row.place <= position


def _player(name, games, points, team="T"):
    return PlayerRecord(name, name, team, games, points, sort_name=name.lower())


def test_players_rank_by_average_list_points_per_game():
    rows = rank_players(
        [_player("Anna", 72, 1440), _player("Bert", 36, 900), _player("Carl", 36, 720)]
    )

    assert [(row.place, row.record.name, row.average) for row in rows] == [
        (1, "Bert", D("25.00")),
        (2, "Anna", D("20.00")),
        (2, "Carl", D("20.00")),
    ]


def test_players_below_the_minimum_of_games_are_listed_apart_without_a_place():
    rows = rank_players(
        [_player("Anna", 72, 720), _player("Bert", 24, 2400), _player("Otto", 0, 0)],
        min_games=36,
    )

    assert [(row.place, row.record.name, row.ranked) for row in rows] == [
        (1, "Anna", True),
        (None, "Bert", False),
    ]


def test_averages_are_compared_exactly_and_printed_rounded():
    rows = rank_players([_player("A", 3, 100), _player("B", 6, 199)])

    assert [row.record.name for row in rows] == ["A", "B"]
    assert [row.place for row in rows] == [1, 2]
    assert average_text(Fraction(100, 3)) == D("33.33")
    assert average_text(Fraction(-1, 8)) == D("-0.13")


def test_ispa_scale_gives_six_four_two_and_nothing_per_series():
    points = team_points({"A": 2100, "B": 1800, "C": 2500, "D": 900}, per_team_beaten=2)

    assert points == {"C": D(6), "A": D(4), "B": D(2), "D": D(0)}


def test_ispa_scale_shares_a_tie_and_gives_two_for_an_absent_team():
    tied = team_points({"A": 2000, "B": 2000, "C": 1500}, absent=["D"], per_team_beaten=2)

    assert tied == {"A": D(5), "B": D(5), "C": D(2), "D": D(0)}


@pytest.mark.parametrize(("scheme", "points"), [("dskv", 1), ("ispa", 2)])
def test_each_scheme_says_what_a_team_beaten_is_worth(scheme, points):
    assert points_per_team_beaten(scheme) == points


@given(st.lists(st.integers(-2000, 4000), min_size=2, max_size=8))
@SETTINGS
def test_the_ispa_scale_is_twice_the_dskv_scale(scores):
    present = {f"T{i}": score for i, score in enumerate(scores)}

    ispa = team_points(present, per_team_beaten=2)

    assert ispa == {team: 2 * value for team, value in team_points(present).items()}
