"""``manage.py bench load``: devices post through a real gunicorn, and the counts add up."""

import http.server
import io
import re
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tests import factories as f
from tournaments.benchmarks import load, ranking, server
from tournaments.benchmarks.phones import first_due_offsets

KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}


def _count(name: str, text: str) -> int:
    return int(re.search(rf"^{name}\s+(\d+)", text, re.MULTILINE).group(1))


def test_bench_load_counts_every_game_once_and_reports_the_phones_apart(run_bench):
    """One run of devices and phones (starting gunicorn and a database takes most of it)."""
    text = run_bench(
        "load",
        *("--devices", "2", "--seconds", "2", "--workers", "2"),
        *("--phones", "5", "--poll", "1", "--pace", "1"),
    )

    assert f"Load: 2 table devices, 2 s, gunicorn 2 workers, {connection.vendor}" in text
    assert 1 <= _count("acknowledged", text) <= 2 * (2 + 1)  # at most one a second a table
    assert _count("stored", text) == _count("acknowledged", text)
    assert (_count("lost", text), _count("duplicated", text), _count("errors", text)) == (0, 0, 0)
    assert re.search(r"^latency ms\s+p50 \d+\s+p95 \d+\s+p99 \d+", text, re.MULTILINE)
    assert re.search(r"^load average  [\d./]+ at the start, [\d./]+ at the end$", text, re.M)
    # The worker profile: every post's CPU time, measured inside the workers.
    entries = re.search(r"^cpu ms        game entry: (\d+) requests, mean [\d.]+", text, re.M)
    assert int(entries.group(1)) == _count("requests", text)
    assert re.search(r"^server cpu    [\d.]+ s in \d+ s", text, re.M)
    assert re.search(
        r"^Phones: 5, each asking every 1 s \(spread evenly\), /turniere/\d+/rangliste/$",
        text,
        re.MULTILINE,
    )
    assert "pace          a game every 1 s per table, tables spread evenly" in text
    assert _count("page opens", text) == 5
    assert _count("version polls", text) >= 1
    changed = int(re.search(r"^version polls .*, changed (\d+)$", text, re.MULTILINE).group(1))
    assert _count("table fetches", text) == changed
    assert _count("phone errors", text) == 0
    for name in ("open ms", "version ms", "table ms"):
        assert re.search(rf"^{name}\s+p50 \d+  p95 \d+  p99 \d+$", text, re.MULTILINE)
    assert re.search(r"^table fetches\s+\d+  200: \d+, 304: \d+, other: 0, ", text, re.MULTILINE)


def test_bench_load_core_stores_the_devices_games_through_the_saves_own_calls(run_bench):
    text = run_bench("load", *("--devices", "2", "--seconds", "2", "--pace", "1", "--core"))

    assert "entries       the save's own calls (--core)" in text
    assert _count("acknowledged", text) >= 2
    assert _count("stored", text) == _count("acknowledged", text)
    assert (_count("lost", text), _count("duplicated", text), _count("errors", text)) == (0, 0, 0)
    entries = re.search(r"^cpu ms        game entry: (\d+) requests", text, re.MULTILINE)
    assert int(entries.group(1)) == _count("acknowledged", text)


def test_phones_first_polls_are_spread_evenly_over_one_interval():
    assert first_due_offsets(5, 30) == [0, 6, 12, 18, 24]


@pytest.mark.parametrize(
    "arguments",
    [
        ["--devices", "0"],
        ["--seconds", "601"],
        ["--phones", "-1"],
        ["--poll", "0"],
        ["--pace", "-1"],
    ],
)
def test_bench_load_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "load", *arguments)


@pytest.mark.django_db
def test_report_counts_lost_duplicated_and_failed_posts_per_table():
    short, long = f.make_seated_table(players=4), f.make_seated_table(players=4)
    for table in (short, long):
        f.enter(table, passed=True)
        f.enter(table, passed=True)
    # The first device was told 3 games were stored, the second only 1.
    claims_more = load.Device(short.id, "code", [KARO_WON] * 4, acknowledged=3)
    claims_less = load.Device(long.id, "code", [KARO_WON], acknowledged=1)
    claims_more.latencies_ms = [10.0, 20.0, 30.0, 40.0, 50.0]
    claims_less.errors = Counter({503: 2, "ConnectionResetError": 1})
    out = io.StringIO()

    load.report(load.Run([claims_more, claims_less], 2.0), {"seconds": 2, "workers": 1}, out)

    text = out.getvalue()
    assert (_count("acknowledged", text), _count("stored", text)) == (4, 4)
    assert (_count("lost", text), _count("duplicated", text)) == (1, 1)
    assert "errors        3 {503: 2, 'ConnectionResetError': 1}" in text
    assert "requests      5 (2.5/s)" in text
    assert "lists done    1 of 2" in text
    assert "latency ms    p50 30  p95 48  p99 50" in text


@pytest.mark.parametrize(("values", "expected"), [([], 0.0), ([7.0], 7.0), ([1.0, 2.0, 3.0], 2.0)])
def test_percentile_of_few_values(values, expected):
    assert ranking.percentile(values, 50) == expected


def test_device_counts_a_refused_connection_as_an_error_and_retries_until_the_deadline():
    device = load.Device(table_id=1, code="code", games=[KARO_WON])
    nobody_listens = server.free_port()

    device.run(nobody_listens, deadline=time.monotonic() + 0.3)

    assert device.acknowledged == 0
    assert set(device.errors) == {"ConnectionRefusedError"}
    assert device.errors["ConnectionRefusedError"] == len(device.latencies_ms) >= 2


def test_device_posts_its_games_as_the_table_device_does_asking_for_the_lists_state():
    """``?state=1``: the answer carries the list's state, as the device's page asks
    (static/js/table/sending.js), so the load measures the save the hall makes."""
    seen = []

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - the name http.server calls
            self.rfile.read(int(self.headers["Content-Length"]))
            seen.append((self.path, self.headers["X-Table-Code"]))
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    listening = http.server.HTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=listening.serve_forever, daemon=True).start()
    device = load.Device(table_id=7, code="ABC", games=[KARO_WON, KARO_WON])
    try:
        device.run(listening.server_address[1], deadline=time.monotonic() + 10)
    finally:
        listening.shutdown()

    assert device.acknowledged == 2
    assert seen == [("/api/v1/tables/7/games/?state=1", "ABC")] * 2


def test_waiting_for_a_server_that_exited_names_its_exit_code():
    exited = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    exited.wait(timeout=30)

    with pytest.raises(RuntimeError, match=r"gunicorn stopped at start \(exit code 3\)"):
        server.wait_until_up(server.free_port(), exited)


def test_rerun_against_an_unreachable_server_names_it_and_its_error():
    url = "postgres://nobody@127.0.0.1:1/skatverein"
    options = {"devices": 1, "seconds": 1, "workers": 1, "rounds": 1, "seed": 1}

    with pytest.raises(RuntimeError, match=r"bench load on postgres://nobody@127\.0\.0\.1:1/"):
        load.rerun_against({**options, "database_url": url}, io.StringIO())
