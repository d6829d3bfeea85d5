"""``manage.py bench pdf``: its series is signed and sealed by the real services, so every
seal verifies, and the command reports on tiny sizes without touching the database."""

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.benchmarks.pdf import build_signed_series
from tournaments.models import Signature, Table
from tournaments.services.sealing.seal import verify_seal


@pytest.mark.django_db
def test_bench_pdf_series_is_signed_and_sealed_so_that_every_seal_verifies():
    series = build_signed_series(tables=5, rounds=1, seed=7)

    tables = list(Table.objects.filter(series=series))
    assert len(tables) == 5
    assert {table.status for table in tables} == {Table.Status.SIGNED}
    assert [verify_seal(table.seal).reason for table in tables] == ["valid"] * 5
    methods = Signature.objects.filter(table__series=series).values_list("method", flat=True)
    assert sorted(set(methods)) == ["image", "pin"] and len(methods) == 20


def test_bench_pdf_prints_timings_in_a_throwaway_database(run_bench):
    output = run_bench("pdf", "--tables", "5", "--rounds", "1")

    assert "Bulk PDF benchmark: series of 5 tables x 1 rounds" in output
    # A series of 1 table and one of 5, each list on one page.
    rows = re.findall(r"^ +(\d+) +(\d+) +[\d.]+ +[\d.]+ +[\d.]+ +\d+ +[\d.]+", output, re.M)
    assert rows == [("1", "1"), ("5", "5")]
    assert "Memory per extra table:" in output
    assert "Target: 5 lists rendered and signed under 30 s" in output


@pytest.mark.parametrize("arguments", [["--tables", "4"], ["--tables", "2001"], ["--rounds", "0"]])
def test_bench_pdf_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "pdf", *arguments)
