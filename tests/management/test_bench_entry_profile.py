"""``bench entry-profile``: game entry through the WSGI application, profiled in-process."""

import re

from tournaments.benchmarks import entry_profile


def test_entry_profile_posts_every_game_as_the_device_does_and_lists_the_costliest_calls(
    run_bench,
):
    text = run_bench(
        "entry-profile", *("--games", "3", "--profiled", "2", "--warm", "1", "--top", "5")
    )

    # Every game stored (201), the answer with the list's state (?state=1) as the device asks.
    assert re.search(r"^answers       \{'201 Created': 6\}$", text, re.MULTILINE)
    assert "3 entries counted after 1, with ?state=1" in text
    assert re.search(r"^cpu ms        mean [\d.]+  p50 [\d.]+  p95 [\d.]+$", text, re.MULTILINE)
    queries = float(re.search(r"^queries       ([\d.]+) per entry$", text, re.M).group(1))
    assert queries >= 5  # at least the code check, the game, its points, the audit, the key
    assert "2 entries profiled, by cumulative" in text
    assert "2 entries profiled, by tottime" in text


def test_profile_listing_paths_are_cut_to_what_follows_the_project_or_package():
    line = f"  1  0.1  {entry_profile.ROOT}/tournaments/api/games.py:71(games)"
    packaged = "  1  0.1  /x/.venv/lib/python3.11/site-packages/django/db/models/query.py:1(f)"

    assert entry_profile._short(line) == "  1  0.1  tournaments/api/games.py:71(games)"
    assert entry_profile._short(packaged) == "  1  0.1  django/db/models/query.py:1(f)"


def test_a_pause_before_each_post_idles_or_keeps_the_processor_busy(run_bench, monkeypatch):
    slept = []
    monkeypatch.setattr(entry_profile, "_sleep", slept.append)

    text = run_bench(
        "entry-profile", *("--games", "2", "--profiled", "0", "--warm", "1", "--pause", "7")
    )

    # Before each counted post, not before the warming ones (nor the profiled ones).
    assert slept == [0.007, 0.007]
    assert "a pause of 7 ms before each counted entry (idle)" in text
    assert re.search(r"^answers       \{'201 Created': 3\}$", text, re.MULTILINE)

    slept.clear()
    text = run_bench(
        "entry-profile",
        *("--games", "2", "--profiled", "0", "--warm", "0", "--pause", "3", "--busy-pause"),
    )
    assert slept == []
    assert "a pause of 3 ms before each counted entry (busy)" in text


def test_core_gives_the_games_to_the_save_alone_and_counts_them_stored(run_bench):
    text = run_bench("entry-profile", *("--games", "3", "--profiled", "1", "--warm", "1", "--core"))

    assert "3 entries counted after 1, with ?state=1, sqlite, the save alone (--core)" in (
        text.replace("postgresql", "sqlite")
    )
    # No request: nothing answered with a status, every game stored by the save's calls.
    assert re.search(r"^answers       \{'stored \(core\)': 5\}$", text, re.MULTILINE)
    assert "tournaments/benchmarks/entry_core.py" in text
    assert "rest_framework/views.py" not in text
