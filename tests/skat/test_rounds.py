"""The rounds of a list and their deals (tournaments/skat/rounds.py): a kept plan cannot be
changed by a caller, and the deals ahead are those game by game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.skat.rounds import (
    Presence,
    SeatingError,
    deal_of,
    deals_from,
    game_count,
    plan_rounds,
)


@st.composite
def seatings(draw):
    """Four seats, some leaving or joining at a round's edge, as the seat changes allow."""
    round_count = draw(st.integers(1, 6))
    leave_at = draw(st.sampled_from([None, 4, 8, 11]))
    joined_at = draw(st.sampled_from([1, 4, 5, 9]))
    presences = [Presence(1), Presence(2), Presence(3, until_game=leave_at)]
    presences.append(Presence(4, from_game=joined_at))
    return round_count, presences


@given(seatings(), st.integers(1, 30))
def test_the_deals_ahead_are_the_deals_game_by_game(seating, first):
    round_count, presences = seating
    try:
        rounds = plan_rounds(round_count, presences)
    except SeatingError:
        return

    expected = [deal_of(n, rounds) for n in range(first, game_count(rounds) + 1)]

    assert list(deals_from(first, rounds)) == expected
    assert None not in expected


def test_a_kept_plan_is_the_same_for_the_same_seating_and_cannot_be_changed():
    presences = [Presence(seat) for seat in (1, 2, 3, 4)]

    first = plan_rounds(3, presences)
    again = plan_rounds(3, list(presences))

    assert again == first
    assert [r.first_game for r in first] == [1, 5, 9]
    with pytest.raises(AttributeError):
        first.append(first[0])  # a tuple: a caller's change would reach every later caller


def test_a_seating_of_two_is_refused_every_time_not_kept():
    presences = [Presence(1), Presence(2)]

    for _ in range(2):
        with pytest.raises(SeatingError):
            plan_rounds(2, presences)
