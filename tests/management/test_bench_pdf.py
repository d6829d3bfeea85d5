"""``manage.py bench pdf``: its series is signed and sealed by the real services, so every
seal verifies, and the command reports on tiny sizes without touching the database."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.benchmarks.pdf import build_signed_series
from tournaments.models import Signature, Table
from tournaments.services.seal import verify_seal

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_bench_pdf_series_is_signed_and_sealed_so_that_every_seal_verifies():
    series = build_signed_series(tables=5, rounds=1, seed=7)

    tables = list(Table.objects.filter(series=series))
    assert len(tables) == 5
    assert {table.status for table in tables} == {Table.Status.SIGNED}
    assert [verify_seal(table.seal).reason for table in tables] == ["valid"] * 5
    methods = Signature.objects.filter(table__series=series).values_list("method", flat=True)
    assert sorted(set(methods)) == ["image", "pin"] and len(methods) == 20


def test_bench_pdf_prints_timings_in_a_throwaway_database(tmp_path):
    development_database = tmp_path / "development.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{development_database}"}
    command = [sys.executable, "manage.py", "bench", "pdf", "--tables", "5", "--rounds", "1"]

    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)

    assert done.returncode == 0, done.stderr
    assert "Bulk PDF benchmark: series of 5 tables x 1 rounds" in done.stdout
    assert "Target: 5 lists rendered and signed under 30 s" in done.stdout
    assert not development_database.exists()


@pytest.mark.parametrize("arguments", [["--tables", "4"], ["--tables", "2001"], ["--rounds", "0"]])
def test_bench_pdf_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "pdf", *arguments)
