"""Every seating of a small field (tournaments/skat/seatings.py), which the draw compares."""

import pytest

from tournaments.skat.draw import table_sizes
from tournaments.skat.seatings import every_seating, seating_count


@pytest.mark.parametrize("prefer_three", [False, True])
@pytest.mark.parametrize("count", [3, 4, 6, 7, 8, 9, 10, 11, 12])
def test_every_seating_lists_each_seating_once_at_tables_of_the_right_sizes(count, prefer_three):
    sizes = tuple(table_sizes(count, prefer_three))

    seatings = list(every_seating(tuple(range(count)), sizes))

    assert len(seatings) == seating_count(sizes)
    assert len({frozenset(frozenset(table) for table in s) for s in seatings}) == len(seatings)
    assert all([len(table) for table in seating] == list(sizes) for seating in seatings)
    assert all(
        sorted(p for table in seating for p in table) == list(range(count)) for seating in seatings
    )


@pytest.mark.parametrize(
    ("sizes", "count"),
    [
        ((3, 3), 10),
        ((4, 3), 35),
        ((4, 4), 35),
        ((3, 3, 3), 280),
        ((4, 3, 3), 2_100),
        ((4, 3, 3, 3), 200_200),
    ],
)
def test_seating_count_leaves_seat_order_and_equal_table_numbers_aside(sizes, count):
    assert seating_count(sizes) == count
