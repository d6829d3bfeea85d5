"""Every way to seat a small field at its tables, for a draw that compares them all.

Seat order inside a table and the numbering of equal tables do not count: 7 players at a
4-table and a 3-table have 35 seatings, 10 players (4 + 3 + 3) 2,100, 13 players 200,200.
"""

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import factorial


def seating_count(sizes: Sequence[int]) -> int:
    """How many ways there are to seat the players at tables of ``sizes`` (seat order and
    the numbering of equal tables aside)."""
    count = factorial(sum(sizes))
    for size in sizes:
        count //= factorial(size)
    for equal_tables in Counter(sizes).values():
        count //= factorial(equal_tables)
    return count


def every_seating(players: tuple[int, ...], sizes: tuple[int, ...]) -> Iterator[list[tuple]]:
    """Every seating of ``players`` at tables of ``sizes`` (4-tables first), each once."""
    if not sizes:
        yield []
        return
    equal = sizes.count(sizes[0])
    for group in combinations(players, sizes[0] * equal):
        left = tuple(player for player in players if player not in group)
        for tables in _equal_tables(group, sizes[0]):
            for rest in every_seating(left, sizes[equal:]):
                yield [*tables, *rest]


def _equal_tables(players: tuple[int, ...], size: int) -> Iterator[list[tuple]]:
    """Every split of ``players`` into tables of ``size``; the lowest player's table first."""
    if not players:
        yield []
        return
    first, others = players[0], players[1:]
    for mates in combinations(others, size - 1):
        left = tuple(player for player in others if player not in mates)
        for rest in _equal_tables(left, size):
            yield [(first, *mates), *rest]
