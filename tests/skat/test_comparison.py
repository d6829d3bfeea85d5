"""Two entries of one game compared field by field, and the Skat Court's rule for them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.skat.comparison import COMPARED, court_ruling, differing_fields

KREUZ_MIT_2_WON = {
    "passed": False,
    "declarer_seat": 2,
    "game": "clubs",
    "matadors": 2,
    "with_matadors": True,
    "won": True,
    "result_won": True,
    "score": 36,
}
PASSED_GAME = {"passed": True, "score": 0}


def changed(**fields):
    return {**KREUZ_MIT_2_WON, **fields}


def test_the_same_entry_agrees():
    assert differing_fields(KREUZ_MIT_2_WON, dict(KREUZ_MIT_2_WON)) == ()


def test_a_flag_not_given_is_the_flag_not_set():
    assert differing_fields(changed(hand=False, schneider=None), KREUZ_MIT_2_WON) == ()


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"declarer_seat": 3}, ("declarer_seat",)),
        ({"game": "spades", "score": 33}, ("game", "score")),
        ({"matadors": 3, "score": 48}, ("matadors", "score")),
        ({"with_matadors": False, "score": 36}, ("with_matadors",)),
        ({"hand": True, "score": 48}, ("hand", "score")),
        ({"ouvert": True}, ("ouvert",)),
        ({"schneider_announced": True}, ("schneider_announced",)),
        ({"schwarz_announced": True}, ("schwarz_announced",)),
        ({"schneider": True, "score": 48}, ("schneider", "score")),
        ({"schwarz": True}, ("schwarz",)),
        ({"conceded": True}, ("conceded",)),
        ({"won": False, "result_won": False, "score": -72}, ("won", "score")),
        ({"score": 40}, ("score",)),
    ],
)
def test_each_field_that_differs_is_named(fields, expected):
    assert differing_fields(KREUZ_MIT_2_WON, changed(**fields)) == expected


def test_the_bid_is_compared_only_where_both_lists_entered_it():
    assert differing_fields(changed(bid=24), KREUZ_MIT_2_WON) == ()
    assert differing_fields(changed(bid=24), changed(bid=36)) == ("bid",)


def test_passed_against_a_game_is_one_difference_and_two_passed_games_agree():
    assert differing_fields(PASSED_GAME, KREUZ_MIT_2_WON) == ("passed",)
    assert differing_fields(PASSED_GAME, dict(PASSED_GAME)) == ()


def test_a_null_game_has_no_matadors_to_compare():
    null = {"passed": False, "declarer_seat": 1, "game": "null", "won": True, "score": 23}
    assert differing_fields(null, {**null, "with_matadors": False}) == ()


def test_same_declarer_the_lower_result_counts():
    lost = changed(won=False, result_won=False, score=-72)

    assert court_ruling(KREUZ_MIT_2_WON, lost) == "b"
    assert court_ruling(lost, KREUZ_MIT_2_WON) == "a"


def test_different_declarers_the_game_counts_as_passed():
    assert court_ruling(KREUZ_MIT_2_WON, changed(declarer_seat=3)) == "passed"
    assert court_ruling(PASSED_GAME, KREUZ_MIT_2_WON) == "passed"


entries = st.fixed_dictionaries(
    {
        "passed": st.booleans(),
        "declarer_seat": st.integers(1, 4),
        "game": st.sampled_from(["clubs", "spades", "grand", "null"]),
        "matadors": st.integers(1, 4),
        "with_matadors": st.booleans(),
        "hand": st.booleans(),
        "won": st.booleans(),
        "score": st.integers(-500, 500),
    }
)


@given(entries, entries)
def test_comparing_is_symmetric_and_the_ruling_picks_an_entry_or_passed(a, b):
    assert differing_fields(a, b) == differing_fields(b, a)
    assert set(differing_fields(a, b)) <= set(COMPARED)
    assert differing_fields(a, dict(a)) == ()
    ruling = court_ruling(a, b)
    if ruling == "passed":
        declarers = {None if e["passed"] else e["declarer_seat"] for e in (a, b)}
        assert len(declarers) == 2
    else:
        chosen, other = (a, b) if ruling == "a" else (b, a)
        assert chosen["passed"] or chosen["score"] <= other["score"]
