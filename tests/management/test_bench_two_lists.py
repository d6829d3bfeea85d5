"""``manage.py bench load --two-lists``: one list per table against two, on one gunicorn."""

import re


def test_bench_load_two_lists_sets_both_runs_side_by_side(run_bench):
    text = run_bench(
        "load",
        *("--two-lists", "--devices", "2", "--seconds", "3", "--workers", "2", "--rounds", "2"),
    )

    assert "Load, two lists per table: 2 tables, 3 s a run, gunicorn 2 workers" in text
    for label in ("one list ", "two lists"):
        found = re.search(
            rf"^{label}\s+(\d+) requests .*, (\d+) acknowledged, (\d+) errors; latency ms "
            r"p50 \d+  p95 \d+  p99 \d+$",
            text,
            re.MULTILINE,
        )
        assert found, label
        assert int(found.group(2)) >= 1
        assert int(found.group(3)) == 0
    assert re.search(r"^p95 two lists / one list  \d+\.\d\d$", text, re.MULTILINE)
    found, expected = re.search(r"^differences found  (\d+) \(expected (\d+):", text, re.M).groups()
    assert found == expected
