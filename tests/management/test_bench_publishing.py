"""``manage.py bench publishing --quick``: a results document exported, uploaded to a real
portal (gunicorn on the throw-away database) and imported, and the portal's ranking page
opened and polled by phones; every figure from a real run, with machine, load and commit."""

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

NUMBER = r"[\d,]+(?:\.\d+)?"


def number(text: str) -> float:
    return float(text.replace(",", ""))


def test_bench_publishing_quick_reports_export_upload_import_and_the_polled_ranking(run_bench):
    output = run_bench("publishing", "--quick")

    assert re.search(
        r"^Publishing: 40 players x 3 series x 1 rounds = 120 games, (sqlite|postgresql)",
        output,
        re.M,
    ), output
    export = re.search(
        rf"^document export +p50 ({NUMBER}) ms +best ({NUMBER}) ms +\(({NUMBER}) KB", output, re.M
    )
    upload = re.search(
        rf"^upload to the portal +({NUMBER}) ms +\(HTTP 201, ({NUMBER}) KB", output, re.M
    )
    imported = re.search(rf"^import +p50 ({NUMBER}) ms +best ({NUMBER}) ms", output, re.M)
    assert export and upload and imported, output
    assert number(export[1]) >= number(export[2]) > 0
    assert export[3] == upload[2]  # the same document, as sent
    opens = re.search(
        rf"^portal ranking page, 20 phones: first visit p50 ({NUMBER}) ms, p95 ({NUMBER}) ms "
        r"\((\d+) pages, (\d+) errors\)",
        output,
        re.M,
    )
    polls = re.search(
        rf"^polling every 1 s for 3 s: version poll p50 ({NUMBER}) ms, p95 ({NUMBER}) ms "
        r"\((\d+) polls, (\d+) errors\)",
        output,
        re.M,
    )
    assert opens and polls, output
    assert number(opens[1]) <= number(opens[2]) and opens[3] == "20" and opens[4] == "0"
    assert number(polls[1]) <= number(polls[2]) and int(polls[3]) >= 20 and polls[4] == "0"
    assert re.search(r"^Machine: .+\d+ CPUs", output, re.M)
    assert re.search(r"^Load average \(1 min\) at start / end: [\d.]+ / [\d.]+$", output, re.M)
    assert re.search(r"^Commit: [0-9a-f]{7,}", output, re.M)


@pytest.mark.parametrize("arguments", [["--players", "7"], ["--phones", "0"], ["--poll", "x"]])
def test_bench_publishing_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "publishing", *arguments)
