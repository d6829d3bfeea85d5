"""What ``make dev`` runs: its own database and files, never the hall's.

The hall laptop keeps its evening in ``var/skatverein.sqlite3`` (``make run``); the
development server loads the demo with its published password, so it must not open that
file. The targets run here with a stand-in interpreter that prints the environment it was
given instead of starting Django.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")

STAND_IN = """#!/bin/sh
echo "RUN $*"
echo "DATABASE_URL=$DATABASE_URL"
echo "MEDIA_ROOT=$MEDIA_ROOT"
"""


def run_make(tmp_path: Path, target: str, **environment) -> str:
    venv = tmp_path / "venv"
    venv.mkdir()
    python = venv / "python"
    python.write_text(STAND_IN)
    python.chmod(0o755)
    (venv / ".installed").touch()  # newer than the requirements: no install
    env = {"PATH": os.environ.get("PATH", ""), **environment}
    result = subprocess.run(
        ["make", "--no-print-directory", "-s", target, f"VENV={venv}", f"PYTHON={python}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_make_dev_uses_its_own_database_and_files(tmp_path):
    printed = run_make(tmp_path, "dev")

    assert f"DATABASE_URL=sqlite:///{ROOT}/var/dev.sqlite3" in printed
    assert f"MEDIA_ROOT={ROOT}/var/dev-media" in printed
    assert "skatverein.sqlite3" not in printed
    assert "RUN manage.py demo" in printed


def test_make_dev_keeps_a_database_the_developer_chose(tmp_path):
    printed = run_make(tmp_path, "dev", DATABASE_URL="postgres://dev@localhost/skat")

    assert "DATABASE_URL=postgres://dev@localhost/skat" in printed
