"""``manage.py bench`` without a name: the whole performance table in one run.

Each ranking beside its raw-SQL floor (the bare GROUP BY it cannot do without) and their
ratio, which depends little on how busy the machine is; the public ranking page (cold,
from the cache, and "304 Not Modified"); one list PDF rendered and served from storage;
the ranking XLSX; and game entry through the API at 1 and 20 table devices (the load
benchmark's devices, through gunicorn). ``--quick`` runs a tenth of the championship and
a few seconds of load, to prove in CI that the command works; its numbers mean little.
"""

import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings

from tournaments.models import GamePoints, Seat, Table, Tournament
from tournaments.services import ranking, season_ranking, team_ranking
from tournaments.services.sealing import certificates, signing

from . import load
from .pdf import png_data_url, signature_png
from .ranking import build_championship, machine, participant_count, percentile

HELP = "Every ranking beside its SQL floor, the live page, a list PDF, the XLSX, API entry."
SUMS = "SUM(gp.game_points), SUM(gp.won), SUM(gp.lost), SUM(gp.credit)"


def add_arguments(parser) -> None:
    parser.add_argument(
        "--quick", action="store_true", help="a tenth of the size and short load runs (for CI)"
    )
    parser.add_argument(
        "--participants",
        type=participant_count,
        default=None,
        help="players of the championship (default 2000, with --quick 200)",
    )


def run(options: dict, out: TextIO) -> None:
    quick = options.get("quick", False)
    participants, repeat = (200, 3) if quick else (2000, 5)
    participants = options.get("participants") or participants
    # --quick proves that the entry runs work; a figure of a few seconds says little anyway.
    load_seconds = 1 if quick else 20
    started = time.perf_counter()
    tournament = build_championship(participants, 3, 12, seed=2026)
    built_s = time.perf_counter() - started
    games = GamePoints.objects.filter(tournament=tournament).values("game").distinct().count()
    out.write(
        f"Bench{' --quick' if quick else ''}: {participants} participants x 3 series x 12 "
        f"rounds = {games} games, {connection.vendor} (built in {built_s:.1f} s)\n"
    )
    out.write(f"{'measured':<34}{'ms':>10}{'SQL floor ms':>14}{'ratio':>8}\n")
    for name, ms, floor_ms in rankings(tournament, repeat):
        out.write(f"{name:<34}{ms:>10.1f}{floor_ms:>14.1f}{ms / floor_ms:>8.2f}\n")
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-media-") as media:
        # The test client's host, plain HTTP, and static URLs without collectstatic's manifest.
        storages = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        with override_settings(
            MEDIA_ROOT=media,
            ALLOWED_HOSTS=["testserver"],
            SECURE_SSL_REDIRECT=False,
            STORAGES=storages,
        ):
            for name, ms in downloads(tournament, repeat):
                out.write(f"{name:<34}{ms:>10.1f}\n")
    for clients in (1, 20):
        label = f"API game entry, {clients} client(s)"
        try:
            measured = load.simulate(clients, load_seconds, load.ServerOptions(), 12, 2026)
        except RuntimeError as failed:  # gunicorn did not come up on an overloaded machine
            out.write(f"{label:<34}  not measured: {failed}\n")
            continue
        latencies = measured.latencies
        out.write(
            f"{label:<34}"
            f"  p50 {percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}"
            f"  ({len(latencies)} posts, {measured.errors} errors, "
            f"{measured.entry.mean_cpu_ms:.1f} ms CPU each)\n"
        )
    out.write(f"Machine: {machine()}\n")
    out.write(f"Database: {options.get('database', connection.vendor)}\n")


def floors(tournament: Tournament) -> dict[str, tuple[str, list]]:
    """Each ranking's floor, a true lower bound of it: the list point rows it sums, summed
    by one ``GROUP BY`` and nothing else (no join, no names, no sorting)."""
    series = tournament.series.get(number=1)
    table = GamePoints._meta.db_table
    year = tournament.date.year
    return {
        "series": (
            f"SELECT gp.participant_id, {SUMS} FROM {table} gp "
            "WHERE gp.series_id = %s GROUP BY gp.participant_id",
            [series.pk],
        ),
        "tournament": (
            f"SELECT gp.participant_id, {SUMS} FROM {table} gp "
            "WHERE gp.tournament_id = %s GROUP BY gp.participant_id",
            [tournament.pk],
        ),
        # A team's total is its members' totals: the same rows, summed per participant.
        # (Joining the participants to group by team did more than the service's one
        # GROUP BY, and took longer than the ranking: no lower bound.)
        "teams": (
            f"SELECT gp.participant_id, {SUMS} FROM {table} gp "
            "WHERE gp.tournament_id = %s GROUP BY gp.participant_id",
            [tournament.pk],
        ),
        # The season's rows: every series of the club's tournaments of the year, summed
        # per tournament, participant and series, without the players the service joins.
        "season": (
            f"SELECT gp.tournament_id, gp.participant_id, gp.series_id, {SUMS} FROM {table} gp "
            f"WHERE gp.tournament_id IN (SELECT id FROM {Tournament._meta.db_table} "
            "WHERE club_id = %s AND date >= %s AND date < %s) "
            "GROUP BY gp.tournament_id, gp.participant_id, gp.series_id",
            [tournament.club_id, f"{year}-01-01", f"{year + 1}-01-01"],
        ),
    }


def services(tournament: Tournament) -> dict[str, Callable[[], list]]:
    """Each ranking of :func:`floors`, as the service computes it (series 1, the club's
    season of the tournament's year)."""
    series = tournament.series.get(number=1)
    year = tournament.date.year
    return {
        "series": lambda: ranking.rank_series(series),
        "tournament": lambda: ranking.rank_tournament(tournament),
        "teams": lambda: team_ranking.rank_teams(tournament),
        "season": lambda: season_ranking.rank_season(tournament.club, year),
    }


def rankings(
    tournament: Tournament, repeat: int, timed: Callable[[Callable, int], float] | None = None
) -> list[tuple[str, float, float]]:
    """(name, ms of the service, ms of its raw-SQL floor) per ranking: the median of
    ``repeat`` runs, or what ``timed(action, repeat)`` makes of them (e.g. :func:`best_ms`)."""
    timed = timed or median_ms
    results = []
    queries = floors(tournament)
    for name, service in services(tournament).items():
        sql, params = queries[name]
        floor = timed(lambda sql=sql, params=params: _fetch(sql, params), repeat)
        results.append((f"{name} ranking", timed(service, repeat), floor))
    return results


def _rendered_afresh(client: Client, url: str) -> bytes:
    """A kept file (list PDF, ranking XLSX) made anew: the stored files are removed first
    (a median of several renderings says more than one, which moved by ±20 ms from run to
    run)."""
    shutil.rmtree(Path(settings.MEDIA_ROOT) / "exports", ignore_errors=True)
    return _body(client.get(url))


def _body(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def downloads(tournament: Tournament, repeat: int) -> list[tuple[str, float]]:
    client = Client()
    page = f"/turniere/{tournament.pk}/rangliste/"
    cache.clear()
    cold = _timed(lambda: client.get(page))
    cached = median_ms(lambda: client.get(page), repeat)
    etag = client.get(page).get("ETag", "")
    not_modified = median_ms(lambda: client.get(page, HTTP_IF_NONE_MATCH=etag), repeat)
    if client.get(page, HTTP_IF_NONE_MATCH=etag).status_code != 304:
        not_modified = float("nan")  # the page does not answer conditional requests
    size = len(client.get(page).content)
    table = _sealed_table(tournament)
    # The club's signing certificate is made once per club and loaded once per worker
    # process; a list's first rendering does not pay that.
    certificates.load_key_and_certificate(certificates.certificate_for(tournament.club))
    pdf = f"/api/v1/tables/{table.pk}/list.pdf"
    pdf_cold = median_ms(lambda: _rendered_afresh(client, pdf), repeat)
    pdf_cached = median_ms(lambda: _body(client.get(pdf)), repeat)
    xlsx = f"/api/v1/tournaments/{tournament.pk}/ranking.xlsx"
    xlsx_made = median_ms(lambda: _rendered_afresh(client, xlsx), repeat)
    xlsx_stored = median_ms(lambda: _body(client.get(xlsx)), repeat)
    return [
        (f"ranking page, cold ({size // 1024} KB)", cold),
        ("ranking page, cached", cached),
        ("ranking page, 304 Not Modified", not_modified),
        ("list PDF, rendered and signed", pdf_cold),
        ("list PDF, from storage", pdf_cached),
        ("tournament ranking XLSX, made", xlsx_made),
        ("tournament ranking XLSX, from storage", xlsx_stored),
    ]


def _sealed_table(tournament: Tournament) -> Table:
    """Table 1 of series 1, signed by its players, so its list is sealed."""
    table = Table.objects.get(series__tournament=tournament, series__number=1, number=1)
    for seat in Seat.objects.filter(table=table).select_related("participant"):
        if seat.number % 2:  # every player draws their own signature
            image = png_data_url(signature_png(seat.number))
            signing.sign_list(table, seat.number, image=image)
        else:
            signing.sign_list(table, seat.number, pin=seat.participant.pin)
    table.refresh_from_db()
    return table


def _fetch(sql: str, params: list) -> list:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _timed(action: Callable) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def median_ms(action: Callable, repeat: int) -> float:
    """Median wall time of ``repeat`` runs after one warm-up run."""
    action()
    return statistics.median(_timed(action) for _ in range(repeat))


def best_ms(action: Callable, repeat: int) -> float:
    """Shortest wall time of ``repeat`` runs after one warm-up run: on a shared machine
    the run that other programs disturbed least."""
    action()
    return min(_timed(action) for _ in range(repeat))
