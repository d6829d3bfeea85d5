"""``manage.py bench publishing``: what leaving the hall costs, and what a portal takes.

A finished tournament of ``--players`` (400) in 3 series is generated and played out at
random (the ranking benchmark's :func:`build_championship`). Measured, in the throw-away
database the command made:

- **document export**: ``results_document`` of the tournament (median and best of
  ``--repeat`` runs) and the document's size as sent;
- **upload**: one ``POST /api/v1/results/`` of that document, with a publishing token, to
  a real portal (gunicorn with ``SKATVEREIN_PORTAL=1`` on the same database, as the
  load benchmark runs it, its worker timeout raised to ``UPLOAD_TIMEOUT_S`` so a long
  import is measured rather than ended): the request, the checks and the import, until
  the 201;
- **import**: the same import in this process without HTTP (median and best);
- **the portal's ranking page**: ``--phones`` (1,000) phones open the uploaded
  tournament's ranking on that portal (provisional, as during the evening, so the page is
  live; first visits through a pool of 100 threads), then poll its version every
  ``--poll`` seconds for ``--seconds`` as live.js does (tournaments/benchmarks/phones.py);
  p50 and p95 of each.

Each upload and import is of a copy under a new document id (the portal keeps the
original as the hall's own tournament). ``--quick`` (40 players, 1 round, 20 phones for
3 s) proves in the suite that the command works; its numbers mean little.
"""

import copy
import json
import os
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import TextIO

from django.db import connection

from publishing.services import portal, results_document, results_import
from tournaments.benchmarks.options import WholeNumber, add_whole_numbers
from tournaments.benchmarks.phones import Watchers
from tournaments.benchmarks.ranking import build_championship, machine, percentile
from tournaments.benchmarks.server import ServerOptions, collect_static, running_server
from tournaments.models import GamePoints, Tournament

HELP = "Results document export, upload and import; the portal's ranking for polling phones."
SERIES = 3
QUICK = {"players": 40, "rounds": 1, "phones": 20, "poll": 1, "seconds": 3, "repeat": 2}
UPLOAD_TIMEOUT_S = 1800
ROOT = Path(__file__).resolve().parent.parent


def add_arguments(parser) -> None:
    parser.add_argument(
        "--quick", action="store_true", help="40 players, 1 round, 20 phones for 3 s (for CI)"
    )
    add_whole_numbers(
        parser,
        WholeNumber("--players", low=8, high=4000, default=400, help="players (default 400)"),
        WholeNumber("--rounds", low=1, high=12, default=12, help="rounds per series (12)"),
        WholeNumber("--phones", low=1, high=5000, default=1000, help="polling phones (1000)"),
        WholeNumber("--poll", low=1, high=300, default=30, help="seconds between polls (30)"),
        WholeNumber("--seconds", low=1, high=3600, default=60, help="seconds of polling (60)"),
        WholeNumber("--repeat", low=1, high=20, default=3, help="timed exports and imports (3)"),
    )
    parser.add_argument("--seed", type=int, default=2027, help="random seed of the games")


def run(options: dict, out: TextIO) -> None:
    sizes = {**options, **QUICK} if options.get("quick") else options
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    tournament = build_championship(
        sizes["players"], SERIES, sizes["rounds"], seed=options.get("seed", 2027)
    )
    # Provisional, as published during the evening: the portal's page is then live and the
    # phones poll its version as live.js does (a finished one they would only reload).
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    games = GamePoints.objects.filter(tournament=tournament).values("game").distinct().count()
    out.write(
        f"Publishing: {sizes['players']} players x {SERIES} series x {sizes['rounds']} rounds"
        f" = {games} games, {connection.vendor} (built in {time.perf_counter() - started:.1f} s)\n"
    )
    document, export_ms = _timed(lambda: results_document.results_document(tournament), sizes)
    body = json.dumps(document, ensure_ascii=False).encode("utf-8")
    kilobytes = f"{len(body) / 1024:,.0f}"
    out.write(f"{'document export':<24}{_median_best(export_ms)}  ({kilobytes} KB)\n")
    imported, import_ms = _timed(
        lambda: results_import.import_document(_fresh_copy(document)), sizes
    )
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-static-") as static_root:
        collect_static(static_root)  # the portal's pages need the manifest, as in production
        # A long import is measured, not ended by gunicorn.conf.py's 120 s worker timeout.
        server = ServerOptions(environment={"SKATVEREIN_PORTAL": "1"}, timeout=UPLOAD_TIMEOUT_S)
        with running_server(server, static_root) as up:
            _club, token = portal.issue_token(f"Benchmark-Portal {uuid.uuid4().hex[:8]}")
            status, answer, upload_ms = _upload(up.port, token, _fresh_copy(document, club=True))
            out.write(
                f"{'upload to the portal':<24}{upload_ms:,.1f} ms  (HTTP {status}, "
                f"{kilobytes} KB through gunicorn)\n"
            )
            if status != 201:
                out.write(f"  the portal answered: {answer}\n")
            out.write(f"{'import':<24}{_median_best(import_ms)}  (in this process)\n")
            # The uploaded copy; without it the one imported here, which the portal serves
            # from the same database.
            shown = answer["tournament"] if status == 201 else imported.tournament
            _phones(up.port, shown, sizes, out)
    out.write(f"Machine: {machine()}\n")
    out.write(
        f"Load average (1 min) at start / end: {load_before:.2f} / {os.getloadavg()[0]:.2f}\n"
    )
    out.write(f"Commit: {_commit()}\n")


def _timed(make, sizes: dict) -> tuple[object, list[float]]:
    """What ``make()`` gives and its wall times in ms over ``--repeat`` runs."""
    times, made = [], None
    for _ in range(sizes["repeat"]):
        started = time.perf_counter()
        made = make()
        times.append((time.perf_counter() - started) * 1000)
    return made, times


def _median_best(ms: list[float]) -> str:
    return f"p50 {statistics.median(ms):,.1f} ms  best {min(ms):,.1f} ms"


def _fresh_copy(document: dict, *, club: bool = False) -> dict:
    """The document under a new id (and, for another portal club, a new club id)."""
    made = copy.deepcopy(document)
    made["id"] = str(uuid.uuid4())
    if club:
        made["club"]["id"] = str(uuid.uuid4())
    return made


def _upload(port: int, token: str, document: dict) -> tuple[int, dict, float]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/results/",
        data=json.dumps(document, ensure_ascii=False).encode("utf-8"),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=UPLOAD_TIMEOUT_S) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except OSError as error:  # no answer at all (the portal closed the connection)
        ms = (time.perf_counter() - started) * 1000
        return 0, {"no answer": str(getattr(error, "reason", error))}, ms
    ms = (time.perf_counter() - started) * 1000
    try:
        return status, json.loads(raw or b"null"), ms
    except ValueError:
        return status, {"body": raw[:300].decode("utf-8", "replace")}, ms


def _phones(port: int, tournament_id: int, sizes: dict, out: TextIO) -> None:
    """The phones open the imported tournament's ranking on the portal, then poll it."""
    watchers = Watchers(sizes["phones"], sizes["poll"])
    watchers.open_pages(port, tournament_id)
    figures = watchers.figures
    opened_with_errors = sum(figures.errors.values())
    out.write(
        f"portal ranking page, {sizes['phones']} phones: first visit "
        f"p50 {percentile(figures.opens_ms, 50):,.1f} ms, "
        f"p95 {percentile(figures.opens_ms, 95):,.1f} ms "
        f"({len(figures.opens_ms)} pages, {opened_with_errors} errors)\n"
    )
    watchers.start(port, time.monotonic() + sizes["seconds"])
    watchers.join()
    out.write(
        f"polling every {sizes['poll']} s for {sizes['seconds']} s: version poll "
        f"p50 {percentile(figures.polls_ms, 50):,.1f} ms, "
        f"p95 {percentile(figures.polls_ms, 95):,.1f} ms "
        f"({len(figures.polls_ms)} polls, {sum(figures.errors.values()) - opened_with_errors}"
        " errors)\n"
    )


def _commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"
