"""``manage.py bench all``: the performance table of docs/performance.md for one database,
in one run.

One Markdown table: the machine (cores, CPU model, Python, Django, the database's
version), the date and the load average at the start and the end, so that a figure from a
busy machine can be recognised; then what the benchmarks of this package measure,
called as they are:

- game entry through gunicorn (:mod:`.load`): 100 table devices of a tournament of
  2,000 players (a first series played out), each posting its next game 5 s after the
  last was acknowledged, for 60 s; errors, lost and duplicated games, latency p50/p95,
  and the CPU time of one entry inside the workers (the worker profile);
- the same again with 1,000 phones polling the ranking every 30 s (:mod:`.phones`): the
  devices' p95 with phones against without, and the phones' own latencies;
- entry with two lists per table against one (:mod:`.two_lists`);
- the series, tournament, team and season rankings beside their floors
  (:mod:`.overview`), best of several runs each, at three sizes. A tournament seats at
  most 999 tables (3,996 players, ``seating.MAX_TABLE_NUMBER``), so a size beyond that is
  a season of several tournaments of the same club: the series, tournament and team
  rankings are measured on the largest of them, the season ranking over all.

``--quick`` runs every part small and short (a few devices for two seconds, rankings of
a few dozen players), to prove in the test suite that the table is complete; its figures
mean little. ``--database-url`` runs the same against a database server.
"""

import datetime
import os
import platform
import sqlite3
import time
from dataclasses import dataclass
from typing import TextIO

import django
from django.db import connection

from tournaments.models import Club

from . import load, overview, rerun, two_lists
from .load_report import Run, tally
from .phones import Watchers
from .ranking import MAX_PARTICIPANTS, build_championship, percentile
from .server import ServerOptions

HELP = "Everything the table of docs/performance.md shows, in one run (--quick: small)."
SERIES, ROUNDS, SEED = 3, 12, 2026


@dataclass(frozen=True)
class Plan:
    """The sizes and durations of one report."""

    devices: int  # table devices of the entry runs
    seconds: int  # duration of each entry run
    pace: int  # seconds from an acknowledged game to a device's next post
    players: int  # players of the tournament the phones watch
    phones: int
    poll: int  # seconds between a phone's version polls
    list_tables: int  # tables of the two-lists comparison
    sizes: tuple[int, ...]  # players of the rankings
    largest_tournament: int  # players one tournament may hold
    repeat: int  # runs per ranking and floor (the best counts)
    workers: int = 4


FULL = Plan(
    devices=100,
    seconds=60,
    pace=5,
    players=2000,
    phones=1000,
    poll=30,
    list_tables=30,
    sizes=(500, 2000, 8000),
    largest_tournament=MAX_PARTICIPANTS,
    repeat=10,
)
# Every part as in FULL, small: the largest size a season of two tournaments and a small one.
QUICK = Plan(
    devices=4,
    seconds=1,
    pace=1,
    players=40,
    phones=10,
    poll=1,
    list_tables=2,
    sizes=(12, 24, 48),
    largest_tournament=20,
    repeat=2,
)


def add_arguments(parser) -> None:
    parser.add_argument(
        "--quick", action="store_true", help="every part small and short (for the tests)"
    )
    rerun.add_database_url(parser)


def run(options: dict, out: TextIO) -> None:
    if options.get("database_url"):
        arguments = ["all", *(["--quick"] if options.get("quick") else [])]
        rerun.rerun_against(options["database_url"], arguments, out)
        return
    out.write(report(QUICK if options.get("quick") else FULL))


def report(plan: Plan) -> str:
    """Measure everything of ``plan`` and return the Markdown table."""
    started, load_before = time.monotonic(), os.getloadavg()
    rows = [
        ("machine", machine()),
        ("software", software()),
        ("date", f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC"),
    ]
    rows += entry_rows(plan)
    rows += two_list_rows(plan)
    rows += ranking_rows(plan)
    load_after = os.getloadavg()
    averages = f"{load_before[0]:.2f} / {load_after[0]:.2f}"
    rows.insert(3, ("load average (1 min) at start / end", averages))
    rows.append(("runtime of this report", f"{time.monotonic() - started:.0f} s"))
    return markdown(rows, f"{connection.vendor} ({'quick' if plan is QUICK else 'full'})")


def markdown(rows: list[tuple[str, str]], column: str) -> str:
    lines = [f"| measured | {column} |", "| --- | --- |"]
    lines += [f"| {label} | {value} |" for label, value in rows]
    return "\n".join(lines) + "\n"


def machine() -> str:
    return (
        f"{os.cpu_count()} cores, {cpu_model()}, {platform.system()} {platform.release()} "
        f"{platform.machine()}"
    )


def cpu_model() -> str:
    """The processor's name as the kernel gives it (``/proc/cpuinfo``), else the platform's."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown processor"


def software() -> str:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            database = f"PostgreSQL {cursor.fetchone()[0].split()[0]}"
    else:
        database = f"SQLite {sqlite3.sqlite_version}"
    return f"Python {platform.python_version()}, Django {django.get_version()}, {database}"


def _ms(values: list[float], *percentiles: int) -> str:
    ordered = sorted(values)
    return " / ".join(f"{percentile(ordered, p):.0f}" for p in percentiles) + " ms"


def _entry_run(plan: Plan, *, players: int = 0, watchers: Watchers | None = None) -> Run:
    return load.simulate(
        plan.devices,
        plan.seconds,
        ServerOptions(workers=plan.workers),
        ROUNDS,
        SEED,
        watchers,
        pace=plan.pace,
        players=players,
    )


def _outcome(measured: Run) -> str:
    counted = tally(measured.devices)
    return f"{measured.errors} / {counted.lost} / {counted.duplicated}"


def entry_rows(plan: Plan) -> list[tuple[str, str]]:
    """The devices on the watched tournament, without phones (game entry on its own: its
    outcome, latency and CPU) and with them (what the phones change, what they see)."""
    quiet = _entry_run(plan, players=plan.players)
    watchers = Watchers(plan.phones, plan.poll)
    watched = _entry_run(plan, players=plan.players, watchers=watchers)
    figures = watchers.figures
    entry = quiet.entry
    without = percentile(quiet.latencies, 95)
    with_phones = percentile(watched.latencies, 95)
    what = (
        f"{plan.devices} devices, {plan.players:,} players, a game every {plan.pace} s, "
        f"{plan.seconds} s"
    )
    phones = f"{plan.phones:,} phones polling every {plan.poll} s"
    return [
        (f"{what}: games acknowledged", f"{tally(quiet.devices).acknowledged}"),
        (f"{what}: errors / lost / duplicated", _outcome(quiet)),
        (f"{what}: entry p50 / p95", _ms(quiet.latencies, 50, 95)),
        (
            "CPU per entry in the workers, mean / p50",
            f"{entry.mean_cpu_ms:.1f} / {entry.median_cpu_ms:.1f} ms ({entry.count} entries)",
        ),
        (f"the same + {phones}: entry p50 / p95", _ms(watched.latencies, 50, 95)),
        ("entry p95 with phones / without", f"{with_phones / without:.2f}×"),
        ("the same + phones: errors / lost / duplicated", _outcome(watched)),
        (f"{phones}: version poll p50 / p95", _ms(figures.polls_ms, 50, 95)),
        (f"{phones}: table fetch p50 / p95", _ms(figures.tables_ms, 50, 95)),
        (
            f"{phones}: polls / table fetches / errors",
            f"{len(figures.polls_ms)} / {len(figures.tables_ms)} / {sum(figures.errors.values())}",
        ),
    ]


def two_list_rows(plan: Plan) -> list[tuple[str, str]]:
    options = {
        "seed": SEED,
        "devices": plan.list_tables,
        "rounds": ROUNDS,
        "pace": plan.pace,
        "seconds": plan.seconds,
        "workers": plan.workers,
    }
    (single, single_s), (double, double_s) = two_lists.measure(options)
    one, two = two_lists.figures(single, single_s), two_lists.figures(double, double_s)
    found, reached = two_lists.differences(double)
    what = f"{plan.list_tables} tables, a game every {plan.pace} s"
    return [
        (
            f"{what}: one list p50 / p95, two lists p50 / p95",
            f"{one['p50']:.0f} / {one['p95']:.0f} ms, {two['p50']:.0f} / {two['p95']:.0f} ms "
            f"({two['p95'] / one['p95']:.2f}×)",
        ),
        (
            f"{what}: differences found / expected, errors",
            f"{found} / {reached}, {one['errors'] + two['errors']}",
        ),
    ]


def tournament_sizes(players: int, largest: int) -> list[int]:
    """The tournaments a season of ``players`` is built from: as many of ``largest`` as
    fit, then the rest (8,000 = 3,996 + 3,996 + 8)."""
    sizes = []
    while players > largest:
        sizes.append(largest)
        players -= largest
    return [*sizes, players]


def ranking_rows(plan: Plan) -> list[tuple[str, str]]:
    """Each ranking beside its floor at each size, the rows of one ranking together."""
    rows: dict[str, list[tuple[str, str]]] = {}
    for size in plan.sizes:
        parts = tournament_sizes(size, plan.largest_tournament)
        club = Club.objects.create(name=f"Benchmark-Saison {size}")
        measured = build_championship(parts[0], SERIES, ROUNDS, seed=SEED, club=club)
        for number, players in enumerate(parts[1:], start=1):
            build_championship(players, SERIES, ROUNDS, seed=SEED + number, club=club)
        for name, ms, floor in overview.rankings(measured, plan.repeat, overview.best_ms):
            where = f"{size:,} players"
            if len(parts) > 1 and name.startswith("season"):
                where += f" in {len(parts)} tournaments ({' + '.join(f'{n:,}' for n in parts)})"
            elif len(parts) > 1:
                where = f"{parts[0]:,} players (the largest tournament of {size:,})"
            rows.setdefault(name, []).append(
                (f"{name} / floor, {where}", f"{ms:.1f} / {floor:.1f} ms ({ms / floor:.2f}×)")
            )
    return [row for by_size in rows.values() for row in by_size]
