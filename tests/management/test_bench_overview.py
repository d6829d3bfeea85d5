"""``manage.py bench --quick``: the whole performance table runs, in a throw-away database."""

import re

from tournaments.benchmarks import server

MEASURED = [
    "series ranking",
    "tournament ranking",
    "teams ranking",
    "season ranking",
    "ranking page, cached",
    "ranking page, 304 Not Modified",
    "list PDF, rendered and signed",
    "list PDF, from storage",
    "tournament ranking XLSX, made",
    "tournament ranking XLSX, from storage",
]


def test_bench_quick_prints_the_performance_table(run_bench, monkeypatch):
    servers = []
    start_gunicorn = server.start_gunicorn
    monkeypatch.setattr(
        server, "start_gunicorn", lambda *args: servers.append(start_gunicorn(*args)) or servers[-1]
    )

    output = run_bench("--quick", "--participants", "48")

    assert "48 participants x 3 series x 12 rounds = 1728 games" in output
    for name in MEASURED:
        assert re.search(rf"^{re.escape(name)} +\d+\.\d", output, re.M), name
    ratios = re.findall(r"^\w+ ranking +[\d.]+ +[\d.]+ +([\d.]+)$", output, re.M)
    assert len(ratios) == 4
    for clients in (1, 20):
        entry = rf"API game entry, {clients} client\(s\) +(p50 \d+ +p95 \d+|not measured: gunicorn)"
        assert re.search(entry, output)
    assert len(servers) == 2
