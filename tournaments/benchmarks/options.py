"""The whole-number options of the benchmarks: one row per option, added in one loop.

Every size, duration and count a benchmark takes is a whole number within a range. It is
checked while the arguments are parsed, so a wrong value stops ``manage.py bench`` before
a throw-away database is created. A benchmark declares these options as
:class:`WholeNumber` rows, in the order ``--help`` lists them, and adds them with
:func:`add_whole_numbers`; its other options (flags, text, the seed) it adds itself.
"""

import argparse
from typing import NamedTuple


class WholeNumber(NamedTuple):
    """``flag`` takes a whole number from ``low`` to ``high``; ``default`` if not given."""

    flag: str
    low: int
    high: int
    default: int
    help: str


def add_whole_numbers(parser, *options: WholeNumber) -> None:
    for option in options:
        parser.add_argument(
            option.flag,
            type=whole_number_between(option.low, option.high),
            default=option.default,
            help=option.help,
        )


def whole_number_between(low: int, high: int):
    """The argparse type of a whole number from ``low`` to ``high``."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low} to {high}, not {text!r}")
        return value

    return whole_number
