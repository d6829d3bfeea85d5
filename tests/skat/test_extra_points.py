"""SkWO extra points ("Seeger-Fabian", docs/rules.md 2)."""

import pytest

from tournaments.skat import (
    GAME_POINTS_ONLY,
    SKWO,
    ExtraPointsScheme,
    ListPoints,
    evaluate_data,
    list_points,
)


@pytest.mark.parametrize(
    ("scheme", "score", "won", "expected"),
    [
        # won: declarer +50, nobody else gets anything
        pytest.param(SKWO, 48, True, ListPoints(98, 0, 0), id="skwo-won"),
        # lost: declarer −50, every other player +40 at a 3-table or +30 at a 4-table
        pytest.param(SKWO, -96, False, ListPoints(-146, 40, 30), id="skwo-lost"),
        pytest.param(GAME_POINTS_ONLY, 48, True, ListPoints(48, 0, 0), id="points-only-won"),
        pytest.param(GAME_POINTS_ONLY, -96, False, ListPoints(-96, 0, 0), id="points-only-lost"),
    ],
)
def test_list_points_when_scheme_is_given(scheme, score, won, expected):
    assert list_points(score, won, scheme) == expected


def test_list_points_default_to_skwo():
    assert list_points(-46, False) == ListPoints(-96, 40, 30)


def test_list_points_when_scheme_is_custom():
    scheme = ExtraPointsScheme(
        won_bonus=10, lost_malus=20, opponent_credit_at_3_table=5, opponent_credit_at_4_table=3
    )

    assert (list_points(24, True, scheme), list_points(-48, False, scheme)) == (
        ListPoints(34, 0, 0),
        ListPoints(-68, 5, 3),
    )


@pytest.mark.parametrize(
    ("scheme", "table_size", "credit"),
    [(SKWO, 3, 40), (SKWO, 4, 30), (GAME_POINTS_ONLY, 3, 0), (GAME_POINTS_ONLY, 4, 0)],
)
def test_opponent_credit_depends_on_table_size(scheme, table_size, credit):
    assert scheme.opponent_credit(table_size) == credit


@pytest.mark.parametrize(("table_size", "points"), [(3, 40), (4, 30)])
def test_list_points_for_opponent_depend_on_table_size(table_size, points):
    assert ListPoints(-146, 40, 30).for_opponent(table_size) == points


@pytest.mark.parametrize(
    ("scheme", "declarer", "opponent_at_3", "opponent_at_4"),
    [(SKWO, -146, 40, 30), (GAME_POINTS_ONLY, -96, 0, 0)],
)
def test_evaluate_data_uses_scheme_for_list_points(scheme, declarer, opponent_at_3, opponent_at_4):
    evaluation = evaluate_data({"game": "clubs", "matadors": 1, "won": True, "bid": 48}, scheme)

    assert evaluation.list_points == ListPoints(declarer, opponent_at_3, opponent_at_4)


@pytest.mark.parametrize(
    ("scheme", "won", "lost", "bonus"),
    [(SKWO, 3, 1, 100), (SKWO, 0, 2, -100), (GAME_POINTS_ONLY, 3, 1, 0)],
)
def test_the_bonus_for_games_won_and_lost_is_50_each_way(scheme, won, lost, bonus):
    assert scheme.bonus_won_lost(won, lost) == bonus


@pytest.mark.parametrize(("table_size", "credits"), [(3, 120), (4, 90)])
def test_credits_of_a_paper_list_are_30_or_40_per_game_the_others_lost(table_size, credits):
    assert SKWO.credits(table_size, 3) == credits


def test_a_scheme_without_extra_points_has_a_stand_of_game_values_only():
    shown = (SKWO.means_stand_with_extra_points(), GAME_POINTS_ONLY.means_stand_with_extra_points())

    assert shown == (True, False)
