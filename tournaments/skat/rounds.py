"""Rounds of a table's list when players leave or join (docs/rules.md 3).

A round is one deal by every player present at its start: 4 games at a 4-player table,
3 at a 3-player table. A player may leave only after the last game of a round and join
only at the start of one, so each round has a fixed set of seats, and the number of games
of a series follows from the rounds, not from a fixed 48 or 36.
"""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .dealing import active_seats


@dataclass(frozen=True)
class Presence:
    """A seat taken from ``from_game`` up to and including ``until_game`` (None: to the end)."""

    seat: int
    from_game: int = 1
    until_game: int | None = None

    def covers(self, game_number: int) -> bool:
        return sits_at(game_number, self.from_game, self.until_game)


def sits_at(game_number: int, from_game: int, until_game: int | None) -> bool:
    """Whether a seat taken from ``from_game`` up to ``until_game`` (None: to the end) is
    taken at game ``game_number``."""
    return from_game <= game_number and (until_game is None or game_number <= until_game)


@dataclass(frozen=True)
class Round:
    number: int
    first_game: int
    seats: tuple[int, ...]

    @property
    def last_game(self) -> int:
        return self.first_game + len(self.seats) - 1

    def games(self) -> range:
        return range(self.first_game, self.last_game + 1)


@dataclass(frozen=True)
class Deal:
    """Who deals game ``number`` and who plays it."""

    number: int
    round: Round
    dealer: int
    active: tuple[int, ...]

    @property
    def table_size(self) -> int:
        """Players at the table for this game: decides the 30 or 40 credits."""
        return len(self.round.seats)

    @property
    def seats(self) -> tuple[int, ...]:
        return self.round.seats


class SeatingError(ValueError):
    """A seating that no round can be played with (fewer than 3 or more than 4 players)."""

    def __init__(self, game_number: int, seats: Sequence[int]):
        self.game_number = game_number
        self.seats = tuple(seats)
        super().__init__(f"{len(seats)} players at game {game_number}")


def plan_rounds(round_count: int, presences: Iterable[Presence]) -> tuple[Round, ...]:
    """Every round of the series; seat sets are taken at the first game of each round.

    A table's plan is asked for several times by each saved game (the entry, its answer's
    state, the deals the device values ahead), always from the same few seatings; so
    plans are kept per seating, and are tuples of frozen rounds that no caller can change.
    """
    return _planned(round_count, tuple(presences))


@lru_cache(maxsize=1024)
def _planned(round_count: int, presences: tuple[Presence, ...]) -> tuple[Round, ...]:
    rounds, first_game = [], 1
    for number in range(1, round_count + 1):
        seats = tuple(sorted({p.seat for p in presences if p.covers(first_game)}))
        if len(seats) not in (3, 4):
            if len(seats) < 3 and rounds:
                break  # two players wait for a replacement: the list ends here
            raise SeatingError(first_game, seats)
        rounds.append(Round(number, first_game, seats))
        first_game += len(seats)
    return tuple(rounds)


def game_count(rounds: Sequence[Round]) -> int:
    return rounds[-1].last_game if rounds else 0


def deal_of(game_number: int, rounds: Sequence[Round]) -> Deal | None:
    """The deal of game ``game_number``, or None if the series has no such game."""
    for round_ in rounds:
        if round_.first_game <= game_number < round_.first_game + len(round_.seats):
            return _deal(game_number, round_)
    return None


def deals_from(first_number: int, rounds: Sequence[Round]) -> Iterator[Deal]:
    """The deals from game ``first_number`` to the end of the series, in order."""
    for round_ in rounds:
        for number in range(max(first_number, round_.first_game), round_.last_game + 1):
            yield _deal(number, round_)


@lru_cache(maxsize=4096)
def _deal(game_number: int, round_: Round) -> Deal:
    dealer = round_.seats[game_number - round_.first_game]
    return Deal(game_number, round_, dealer, active_seats(dealer, round_.seats))


def is_round_end(game_number: int, rounds: Sequence[Round]) -> bool:
    return any(r.last_game == game_number for r in rounds)


def is_round_start(game_number: int, rounds: Sequence[Round]) -> bool:
    return any(r.first_game == game_number for r in rounds)
