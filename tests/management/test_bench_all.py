"""``manage.py bench all``: one Markdown table of every measurement, each from a real run."""

import datetime
import re

from django.db import connection

from tournaments.benchmarks import full_report
from tournaments.benchmarks.ranking import MAX_PARTICIPANTS

NUMBER = r"(\d[\d,]*(?:\.\d+)?)"
ENTRY = "4 devices, 40 players, a game every 1 s, 1 s"
PHONES = "10 phones polling every 1 s"
LISTS = "2 tables, a game every 1 s"
# The rows of --quick, in order: its rankings at 12, 24 and 48 players, where a
# tournament holds at most 20 (as the full report's 8,000 are more than one seats).
ROWS = [
    "machine",
    "software",
    "date",
    "load average (1 min) at start / end",
    f"{ENTRY}: games acknowledged",
    f"{ENTRY}: errors / lost / duplicated",
    f"{ENTRY}: entry p50 / p95",
    "CPU per entry in the workers, mean / p50",
    f"the same + {PHONES}: entry p50 / p95",
    "entry p95 with phones / without",
    "the same + phones: errors / lost / duplicated",
    f"{PHONES}: version poll p50 / p95",
    f"{PHONES}: table fetch p50 / p95",
    f"{PHONES}: polls / table fetches / errors",
    f"{LISTS}: one list p50 / p95, two lists p50 / p95",
    f"{LISTS}: differences found / expected, errors",
    *(
        label
        for name in ("series", "tournament", "teams")
        for label in (
            f"{name} ranking / floor, 12 players",
            f"{name} ranking / floor, 20 players (the largest tournament of 24)",
            f"{name} ranking / floor, 20 players (the largest tournament of 48)",
        )
    ),
    "season ranking / floor, 12 players",
    "season ranking / floor, 24 players in 2 tournaments (20 + 4)",
    "season ranking / floor, 48 players in 3 tournaments (20 + 20 + 8)",
    "runtime of this report",
]


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in re.findall(NUMBER, text)]


def _table(output: str) -> dict[str, str]:
    lines = output.strip().splitlines()
    assert lines[0] == f"| measured | {connection.vendor} (quick) |"
    assert lines[1] == "| --- | --- |"
    rows = {}
    for line in lines[2:]:
        cells = line.split(" | ")
        assert line.startswith("| ") and line.endswith(" |") and len(cells) == 2, line
        label, value = cells[0][2:], cells[1][:-2]
        assert label not in rows, label
        rows[label] = value
    return rows


def _within_rounding(ratio: float, over: float, under: float, rounded: float) -> bool:
    """Whether ``ratio`` (two decimals) is over / under, both printed to ± ``rounded``."""
    low = (over - rounded) / (under + rounded)
    high = (over + rounded) / max(under - rounded, 1e-9)
    return low - 0.005 <= ratio <= high + 0.005


def test_bench_all_quick_prints_every_figure_in_one_markdown_table(run_bench):
    table = _table(run_bench("all", "--quick"))

    assert list(table) == ROWS
    assert all(_numbers(value) for value in table.values())
    assert re.fullmatch(r"\d+ cores, .+", table["machine"])
    database = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    assert re.fullmatch(rf"Python [\d.]+, Django [\d.]+, {database} [\d.]+", table["software"])
    assert (
        table["date"]
        == f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d} " + (table["date"].split(" ", 1)[1])
    )
    assert re.fullmatch(r"[\d.]+ / [\d.]+", table["load average (1 min) at start / end"])
    # Entry: the devices' games counted against the database, every post's CPU time taken
    # in the workers.
    acknowledged = int(table[f"{ENTRY}: games acknowledged"])
    assert 1 <= acknowledged <= 4 * 2
    assert table[f"{ENTRY}: errors / lost / duplicated"] == "0 / 0 / 0"
    assert table["the same + phones: errors / lost / duplicated"] == "0 / 0 / 0"
    quiet, watched = (
        _numbers(table[label])
        for label in (f"{ENTRY}: entry p50 / p95", f"the same + {PHONES}: entry p50 / p95")
    )
    assert quiet[0] <= quiet[1] and watched[0] <= watched[1]
    (ratio,) = _numbers(table["entry p95 with phones / without"])
    assert _within_rounding(ratio, watched[1], quiet[1], 0.5)
    mean, median, entries = _numbers(table["CPU per entry in the workers, mean / p50"])
    assert mean > 0 and median > 0 and entries >= acknowledged
    polls, fetches, errors = _numbers(table[f"{PHONES}: polls / table fetches / errors"])
    assert polls >= 1 and fetches <= polls and errors == 0
    # Two lists: one difference a table that got as far as its differing game.
    found, expected, errors = _numbers(table[f"{LISTS}: differences found / expected, errors"])
    assert found == expected and errors == 0
    for label, value in table.items():
        if " ranking / floor, " in label:
            ms, floor, ratio = _numbers(value)
            assert ms > 0
            assert _within_rounding(ratio, ms, floor, 0.05), label
    assert _numbers(table["runtime of this report"])[0] >= 1


def test_a_season_larger_than_a_tournament_is_several_tournaments():
    assert full_report.tournament_sizes(500, MAX_PARTICIPANTS) == [500]
    assert full_report.tournament_sizes(3996, MAX_PARTICIPANTS) == [3996]
    assert full_report.tournament_sizes(8000, MAX_PARTICIPANTS) == [3996, 3996, 8]
    assert full_report.FULL.sizes == (500, 2000, 8000)


def test_bench_all_on_a_database_server_runs_the_same_command_there(run_bench, monkeypatch):
    calls = []

    def rerun_against(url, arguments, out):
        calls.append((url, arguments))
        out.write("| measured | postgresql (quick) |\n")

    monkeypatch.setattr(full_report.rerun, "rerun_against", rerun_against)
    url = "postgres://someone@127.0.0.1:5432/skatverein"

    output = run_bench("all", "--quick", "--database-url", url)

    assert calls == [(url, ["all", "--quick"])]
    assert output == "| measured | postgresql (quick) |\n"
