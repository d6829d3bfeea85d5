"""Who deals and who plays (docs/rules.md 3)."""

from itertools import cycle, islice

import pytest

from tournaments.skat import Position, active_seats, dealer_in_round, dealer_seat, positions


@pytest.mark.parametrize("player_count", [3, 4])
def test_dealer_seat_rotates_clockwise_over_48_games(player_count):
    # seat 1 deals game 1, then the deal passes to the next seat, round after round
    expected = list(islice(cycle(range(1, player_count + 1)), 48))

    dealers = [dealer_seat(game, player_count) for game in range(1, 49)]

    assert dealers == expected


@pytest.mark.parametrize(
    ("game_number", "player_count", "dealer"),
    [(1, 4, 1), (4, 4, 4), (5, 4, 1), (48, 4, 4), (1, 3, 1), (3, 3, 3), (4, 3, 1), (36, 3, 3)],
)
def test_dealer_seat_when_round_starts_or_ends(game_number, player_count, dealer):
    assert dealer_seat(game_number, player_count) == dealer


@pytest.mark.parametrize(("game_number", "player_count"), [(0, 4), (-1, 3), (1, 2), (1, 5), (1, 0)])
def test_dealer_seat_raises_value_error_when_input_is_bad(game_number, player_count):
    with pytest.raises(ValueError):
        dealer_seat(game_number, player_count)


def test_dealer_in_round_skips_missing_seat():
    dealers = [dealer_in_round(game, [1, 3, 4]) for game in range(1, 7)]

    assert dealers == [1, 3, 4, 1, 3, 4]


def test_dealer_in_round_sorts_seats():
    dealers = [dealer_in_round(game, [4, 2, 1, 3]) for game in range(1, 5)]

    assert dealers == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("game_in_round", "seats"),
    [(0, [1, 2, 3]), (1, []), (1, [1, 2])],
    ids=["game-0", "no-seats", "two-seats"],
)
def test_dealer_in_round_raises_value_error_when_input_is_bad(game_in_round, seats):
    with pytest.raises(ValueError):
        dealer_in_round(game_in_round, seats)


@pytest.mark.parametrize(
    ("dealer", "seats", "forehand", "middlehand", "rearhand"),
    [
        # 4-table: the three seats after the dealer play, the dealer sits out
        pytest.param(1, [1, 2, 3, 4], 2, 3, 4, id="4-table-dealer-1"),
        pytest.param(3, [1, 2, 3, 4], 4, 1, 2, id="4-table-dealer-3"),
        pytest.param(4, [1, 2, 3, 4], 1, 2, 3, id="4-table-dealer-4"),
        # 3-table: the dealer is Hinterhand
        pytest.param(1, [1, 2, 3], 2, 3, 1, id="3-table-dealer-1"),
        pytest.param(2, [1, 2, 3], 3, 1, 2, id="3-table-dealer-2"),
        pytest.param(3, [1, 2, 3], 1, 2, 3, id="3-table-dealer-3"),
        # a table that lost seat 2
        pytest.param(4, [1, 3, 4], 1, 3, 4, id="missing-seat-dealer-4"),
        pytest.param(1, [4, 3, 1], 3, 4, 1, id="missing-seat-unsorted"),
    ],
)
def test_positions_follow_the_dealer_clockwise(dealer, seats, forehand, middlehand, rearhand):
    result = positions(dealer, seats)

    assert result == {
        Position.FOREHAND: forehand,
        Position.MIDDLEHAND: middlehand,
        Position.REARHAND: rearhand,
    }


@pytest.mark.parametrize("dealer", [1, 2, 3, 4])
def test_positions_leave_dealer_out_at_4_table(dealer):
    assert dealer not in positions(dealer, [1, 2, 3, 4]).values()


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_positions_make_dealer_rearhand_at_3_table(dealer):
    assert positions(dealer, [1, 2, 3])[Position.REARHAND] == dealer


@pytest.mark.parametrize(
    ("dealer", "seats", "active"),
    [
        (2, [1, 2, 3, 4], (3, 4, 1)),
        (3, [1, 2, 3], (1, 2, 3)),
        (1, [1, 3, 4], (3, 4, 1)),
    ],
)
def test_active_seats_are_forehand_to_rearhand(dealer, seats, active):
    assert active_seats(dealer, seats) == active


@pytest.mark.parametrize(
    ("dealer", "seats"),
    [
        pytest.param(5, [1, 2, 3, 4], id="dealer-not-at-table"),
        pytest.param(1, [1, 2], id="two-seats"),
        pytest.param(1, [1, 2, 3, 4, 5], id="five-seats"),
        pytest.param(1, [], id="no-seats"),
    ],
)
def test_positions_raise_value_error_when_input_is_bad(dealer, seats):
    with pytest.raises(ValueError):
        positions(dealer, seats)


def test_active_seats_raise_value_error_when_dealer_is_missing():
    with pytest.raises(ValueError):
        active_seats(2, [1, 3, 4])


def test_position_labels_are_english_message_ids():
    assert [position.label for position in Position] == ["Forehand", "Middlehand", "Rearhand"]
