"""``manage.py bench --quick``: the whole performance table runs, in a throw-away database."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEASURED = [
    "series ranking",
    "tournament ranking",
    "teams ranking",
    "season ranking",
    "ranking page, cached",
    "ranking page, 304 Not Modified",
    "list PDF, rendered and signed",
    "list PDF, from storage",
    "tournament ranking XLSX",
]


def test_bench_quick_prints_the_performance_table(tmp_path):
    development_database = tmp_path / "development.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{development_database}",
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    command = [sys.executable, "manage.py", "bench", "--quick"]

    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)

    assert done.returncode == 0, done.stderr
    output = done.stdout
    assert "200 participants x 3 series x 12 rounds = 7200 games" in output
    for name in MEASURED:
        assert re.search(rf"^{re.escape(name)} +\d+\.\d", output, re.M), name
    ratios = re.findall(r"^\w+ ranking +[\d.]+ +[\d.]+ +([\d.]+)$", output, re.M)
    assert len(ratios) == 4
    for clients in (1, 20):
        entry = rf"API game entry, {clients} client\(s\) +(p50 \d+ +p95 \d+|not measured: gunicorn)"
        assert re.search(entry, output)
    assert not development_database.exists()
