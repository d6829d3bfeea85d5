"""Who deals and who plays (docs/rules.md 3).

Seat 1 deals the first game of every round and dealing passes clockwise. At a 4-player
table the dealer sits out; at a 3-player table the dealer is Hinterhand. Seats are the
numbers 1..4 of the players present, so a table that lost seat 2 deals 1, 3, 4.
"""

from collections.abc import Sequence
from enum import StrEnum

from .i18n import gettext_noop


class Position(StrEnum):
    """Position in a deal: who leads first (Vorhand), second and third."""

    FOREHAND = "forehand"  # Vorhand
    MIDDLEHAND = "middlehand"  # Mittelhand
    REARHAND = "rearhand"  # Hinterhand

    @property
    def label(self) -> str:
        return POSITION_LABELS[self]


POSITION_LABELS = {
    Position.FOREHAND: gettext_noop("Forehand"),
    Position.MIDDLEHAND: gettext_noop("Middlehand"),
    Position.REARHAND: gettext_noop("Rearhand"),
}


def dealer_seat(game_number: int, player_count: int) -> int:
    """The dealer of game ``game_number`` (1-based) at a table of seats 1..n."""
    if game_number < 1:
        raise ValueError("game numbers start at 1")
    if player_count not in (3, 4):
        raise ValueError("a Skat table has 3 or 4 players")
    return (game_number - 1) % player_count + 1


def dealer_in_round(game_in_round: int, seats: Sequence[int]) -> int:
    """The dealer of the n-th game (1-based) of a round played by ``seats`` in seat order."""
    if len(set(seats)) not in (3, 4) or game_in_round < 1:
        raise ValueError("games count from 1 at a table of 3 or 4 seats")
    return sorted(seats)[(game_in_round - 1) % len(seats)]


def positions(dealer: int, seats: Sequence[int]) -> dict[Position, int]:
    """Vorhand, Mittelhand and Hinterhand for a deal: the three seats after the dealer."""
    ordered = sorted(seats)
    if dealer not in ordered or len(ordered) not in (3, 4):
        raise ValueError("the dealer must sit at a table of 3 or 4 seats")
    start = ordered.index(dealer)
    clockwise = [ordered[(start + step) % len(ordered)] for step in range(1, 4)]
    return dict(zip(Position, clockwise, strict=True))


def active_seats(dealer: int, seats: Sequence[int]) -> tuple[int, ...]:
    """The seats that play the deal and may be declarer, in order Vorhand..Hinterhand."""
    return tuple(positions(dealer, seats).values())
