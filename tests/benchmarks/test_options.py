import argparse

import pytest

from tournaments.benchmarks import BENCHMARKS
from tournaments.benchmarks.options import WholeNumber, add_whole_numbers


def parser_with(*options: WholeNumber) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_whole_numbers(parser, *options)
    return parser


def test_each_row_becomes_an_option_in_its_order_with_default_and_help():
    parser = parser_with(
        WholeNumber("--tables", low=5, high=2000, default=500, help="tables (default 500)"),
        WholeNumber("--rounds", low=1, high=40, default=12, help="rounds per series"),
    )

    assert vars(parser.parse_args([])) == {"tables": 500, "rounds": 12}
    assert vars(parser.parse_args(["--rounds", "40", "--tables", "5"])) == {
        "tables": 5,
        "rounds": 40,
    }
    help_text = parser.format_help()
    assert "tables (default 500)" in help_text
    assert help_text.index("--tables") < help_text.index("--rounds")


@pytest.mark.parametrize("text", ["4", "2001", "-1", "zehn", "5.0", ""])
def test_a_value_outside_the_range_or_no_whole_number_is_refused_naming_the_range(text):
    parser = parser_with(WholeNumber("--tables", low=5, high=2000, default=500, help="tables"))

    with pytest.raises(argparse.ArgumentError, match=r"a whole number from 5 to 2000, not "):
        parser.parse_args([f"--tables={text}"])


@pytest.mark.parametrize(
    ("benchmark", "flag", "low", "high", "default"),
    [
        ("load", "--devices", 1, 250, 50),
        ("load", "--flood-pause", 0, 10_000, 0),
        ("load", "--table-workers", 1, 32, 3),
        ("load", "--threads", 0, 64, 0),
        ("ranking", "--repeat", 1, 100, 5),
        ("pdf", "--tables", 5, 2000, 500),
        ("pdf", "--rounds", 1, 40, 12),
    ],
)
def test_the_benchmarks_take_their_numbers_within_their_ranges(benchmark, flag, low, high, default):
    parser = argparse.ArgumentParser(exit_on_error=False)
    BENCHMARKS[benchmark].add_arguments(parser)
    name = flag.removeprefix("--").replace("-", "_")

    assert getattr(parser.parse_args([]), name) == default
    assert getattr(parser.parse_args([flag, str(low)]), name) == low
    assert getattr(parser.parse_args([flag, str(high)]), name) == high
    for outside in (low - 1, high + 1):
        with pytest.raises(argparse.ArgumentError, match=f"from {low} to {high}"):
            parser.parse_args([flag, str(outside)])
