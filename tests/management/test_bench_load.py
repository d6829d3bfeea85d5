"""``manage.py bench load``: devices post through a real gunicorn, and the counts add up."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]


def _count(name: str, text: str) -> int:
    return int(re.search(rf"^{name}\s+(\d+)", text, re.MULTILINE).group(1))


def test_bench_load_counts_every_acknowledged_game_stored_once(tmp_path):
    development_database = tmp_path / "development.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{development_database}"}
    command = [sys.executable, "manage.py", "bench", "load", "--devices", "2", "--seconds", "2"]
    command += ["--workers", "2"]

    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Load: 2 table devices, 2 s, gunicorn 2 workers, sqlite" in out
    assert _count("acknowledged", out) >= 1
    assert _count("stored", out) == _count("acknowledged", out)
    assert (_count("lost", out), _count("duplicated", out), _count("errors", out)) == (0, 0, 0)
    assert re.search(r"^latency ms\s+p50 \d+\s+p95 \d+\s+p99 \d+", out, re.MULTILINE)
    assert not development_database.exists()


@pytest.mark.parametrize("arguments", [["--devices", "0"], ["--seconds", "601"]])
def test_bench_load_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "load", *arguments)
