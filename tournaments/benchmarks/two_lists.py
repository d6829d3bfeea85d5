"""``bench load --two-lists``: entry with two lists per table against one list per table.

On one gunicorn server (started once, ``--workers``), two runs of ``--seconds`` each with
``--devices`` 4-player tables at ``--pace``:

1. one list per table: one device per table posts its list (as ``bench load``);
2. two lists per table (docs/rules.md 4.1): per table the device of list A and the device
   of list B post the same list at the same time with their own codes, list B once
   differing (game 5 won instead of lost or the other way round), so every table has one
   difference for the server to find while it compares every game as it arrives.

The report sets entry p95 of run 2 against run 1 and counts the differences found (one a
table that got that far). Figures depend on the machine and are printed, never asserted.
"""

import random
import tempfile
from collections import Counter
from typing import TextIO

from django.db import connection

from tournaments.models import ListDifference, Table, Tournament
from tournaments.services import table_access

from . import load
from .evening import build_evening
from .ranking import machine, percentile
from .server import running_server
from .table_devices import Device, describe_pace

DIFFERING_GAME = 5


def run(options: dict, out: TextIO) -> None:
    one, two = measure(options)
    report(one, two, options, out)


def measure(options: dict) -> tuple[tuple[list, float], tuple[list, float]]:
    """Both runs on one server: (devices, seconds taken) with one list, then with two."""
    rng = random.Random(options["seed"])
    single = _devices(options["devices"], options["rounds"], rng)
    double = two_list_devices(options["devices"], options["rounds"], rng)
    for group in (single, double):
        for number, device in enumerate(group):
            device.pace_s = options["pace"]
            device.offset_s = (
                (number // (2 if group is double else 1)) * options["pace"] / (options["devices"])
            )
    with (
        tempfile.TemporaryDirectory(prefix="skatverein-bench-static-") as static_root,
        running_server(load.server_options(options), static_root) as up,
    ):
        one = (single, load._run(up.port, single, options["seconds"], None))
        two = (double, load._run(up.port, double, options["seconds"], None))
    return one, two


def two_list_devices(count: int, rounds: int, rng: random.Random) -> list[Device]:
    """``count`` tables of a tournament keeping two lists, each with the device of list A
    and the device of list B (the same games, but for one)."""
    devices = _devices(count, rounds, rng)
    tournament_id = Table.objects.get(pk=devices[0].table_id).series.tournament_id
    Tournament.objects.filter(pk=tournament_id).update(lists_per_table=2)
    paired = []
    for device in devices:
        table = Table.objects.select_related("series__tournament").get(pk=device.table_id)
        games = [dict(game) for game in device.games]
        differing = _differing_index(games)
        if differing is not None:
            game = games[differing]
            game["won"], game["schneider"] = not game["won"], False
        code_b = table_access.issue_code(table, kept_list=table_access.LIST_B)
        paired += [device, Device(table.id, code_b, games)]
    return paired


def _devices(count: int, rounds: int, rng: random.Random) -> list[Device]:
    """One device per table of a new running tournament (benchmarks/evening.py)."""
    _tournament_id, tables = build_evening(count, rounds, rng)
    return [Device(table.table_id, table.code, table.games) for table in tables]


def _differing_index(games) -> int | None:
    """The first declared game from game :data:`DIFFERING_GAME` on (list index), if any."""
    return next((i for i in range(DIFFERING_GAME - 1, len(games)) if "won" in games[i]), None)


def figures(devices, elapsed: float) -> dict:
    latencies = sorted(ms for device in devices for ms in device.latencies_ms)
    errors = sum((device.errors for device in devices), Counter())
    return {
        "requests": len(latencies),
        "per_second": len(latencies) / elapsed if elapsed else 0.0,
        "acknowledged": sum(device.acknowledged for device in devices),
        "errors": sum(errors.values()),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "p99": percentile(latencies, 99),
    }


def differences(double: list[Device]) -> tuple[int, int]:
    """(differences the server found, tables whose two lists both reached the differing
    game) for the devices of the two-list run, list A and B of a table side by side."""
    tables = {device.table_id for device in double}
    reached = 0
    for device_a, device_b in zip(double[::2], double[1::2], strict=True):
        differing = _differing_index(device_b.games)
        done = min(device_a.acknowledged, device_b.acknowledged)
        reached += differing is not None and done > differing
    return ListDifference.objects.filter(table_id__in=tables).count(), reached


def report(one, two, options: dict, out: TextIO) -> None:
    (single, single_s), (double, double_s) = one, two
    first, second = figures(single, single_s), figures(double, double_s)
    found, reached = differences(double)
    ratio = second["p95"] / first["p95"] if first["p95"] else float("nan")
    out.write(
        f"Load, two lists per table: {options['devices']} tables, {options['seconds']} s a run, "
        f"gunicorn {options['workers']} workers, {connection.vendor}\n"
        f"Machine: {machine()}\n"
        f"pace          {describe_pace(options.get('pace', 0))}\n"
    )
    for label, run in (("one list ", first), ("two lists", second)):
        out.write(
            f"{label}     {run['requests']} requests ({run['per_second']:.1f}/s), "
            f"{run['acknowledged']} acknowledged, {run['errors']} errors; latency ms "
            f"p50 {run['p50']:.0f}  p95 {run['p95']:.0f}  p99 {run['p99']:.0f}\n"
        )
    out.write(
        f"p95 two lists / one list  {ratio:.2f}\n"
        f"differences found  {found} (expected {reached}: one a table whose two lists both "
        f"reached their differing game)\n"
    )
