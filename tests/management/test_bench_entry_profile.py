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
