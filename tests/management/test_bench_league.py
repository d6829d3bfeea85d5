"""``manage.py bench league``: runs on tiny sizes in a throw-away database and prints each
league table beside its GROUP BY floor with the ratio."""

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def test_bench_league_prints_both_tables_beside_their_floor(run_bench):
    output = run_bench("league", "--groups", "2", "--rounds", "1", "--repeat", "1")

    rows = re.findall(
        r"^(one group of 16 teams|2 groups of 4 teams) +(\d+) +(\d+) +[\d.]+ +[\d.]+ +(\d+) "
        r"+[\d.]+ +[\d.]+$",
        output,
        re.M,
    )
    # 5 match days x 3 series x 4 tables x 4 games (one round) x 4 list point rows:
    # 16 teams play at 4 venues a day, 2 groups of 4 at one venue each.
    assert rows == [
        ("one group of 16 teams", "16", str(5 * 4 * 3 * 4 * 4 * 4), "5"),
        ("2 groups of 4 teams", "8", str(5 * 2 * 3 * 4 * 4 * 4), "5"),
    ]
    assert "Goal: the table within 2x its GROUP BY floor" in output


@pytest.mark.parametrize("arguments", [["--groups", "0"], ["--rounds", "13"], ["--repeat", "x"]])
def test_bench_league_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "league", *arguments)
