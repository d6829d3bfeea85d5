"""``bench load``: table devices entering complete lists at once, through gunicorn and the API.

Builds a tournament with one 4-player table per device in the throw-away database, gives
every table its code, starts gunicorn on 127.0.0.1 (a free port, ``--workers``) against
that database, and lets one thread per table post its list game by game to
``POST /api/v1/tables/{id}/games/`` with the ``X-Table-Code`` header, as a table device
does, for ``--seconds``. Each game carries its own ``Idempotency-Key``; a device whose post
fails sends the same game with the same key again (the way the device pages retry).
After gunicorn has stopped, the games in the database are counted per table and set
against the acknowledged (2xx) posts:

- lost: acknowledged but not stored (the promise broken worst);
- duplicated: stored more often than acknowledged (a retry stored twice);
- errors: every non-2xx answer or failed connection, by status.

``--login-flood N`` adds N anonymous clients posting wrong passwords to the login page and
the token endpoint as fast as they are answered (:mod:`.login_flood`): the devices'
latencies with and without it show whether a flood slows the hall.

The server runs as the hall runs it (``manage.py hall``, :mod:`.pools`): the devices post
to a table pool of ``--table-workers`` workers, phones and flood go to a hall pool of
``--workers`` workers at nice ``--hall-nice``; ``--one-pool`` serves all from one pool.

``--core`` answers the devices' game posts with the save's own calls, without Django's
request handling, the middleware and DRF (:class:`.entry_core.CoreEntries`): what a save
costs the workers when nothing runs around it, a floor for the save's CPU goal.

``--flood N`` adds one phone holding N connections of reads without a table code open on
the table pool (:mod:`.table_flood`).

``--phones N --poll P`` adds N phones that keep the tournament ranking open meanwhile and
poll it every P seconds as the page's script does (:mod:`.phones`); their figures are
printed apart from the devices', so a run with and one without phones show whether table
entry is affected.

Figures depend on the machine and are printed, never asserted. ``--database-url`` runs
the same against another database server (a throw-away database is created there too).
"""

import os
import random
import tempfile
import threading
import time
from typing import TextIO

from . import rerun
from .device_polls import DevicePolls, report_device_polls
from .evening import build_evening
from .load_report import Run, report
from .login_flood import Flood, report_flood
from .options import WholeNumber, add_whole_numbers
from .phones import Watchers, report_phones
from .pools import PoolOptions, add_pool_arguments, pool_options, running_pools
from .server import ServerOptions, collect_static
from .table_devices import Device
from .table_flood import TableFlood, report_table_flood

HELP = "Simulate table devices entering lists at once through gunicorn and the API."


def add_arguments(parser) -> None:
    add_whole_numbers(
        parser,
        WholeNumber("--devices", low=1, high=250, default=50, help="tables (50)"),
        WholeNumber("--seconds", low=1, high=600, default=30, help="duration (30)"),
        WholeNumber("--workers", low=1, high=32, default=4, help="gunicorn workers (4)"),
        WholeNumber("--rounds", low=1, high=40, default=12, help="rounds (12)"),
    )
    parser.add_argument("--seed", type=int, default=2026, help="random seed of the games")
    add_whole_numbers(
        parser,
        WholeNumber(
            "--pace",
            low=0,
            high=600,
            default=0,
            help="seconds a table takes for a game: a device posts its next game that long "
            "after the last was acknowledged (0: at once, a stress test)",
        ),
        WholeNumber(
            "--phones",
            low=0,
            high=2000,
            default=0,
            help="watching phones with the tournament ranking open, polling as live.js does (0)",
        ),
        WholeNumber(
            "--poll",
            low=1,
            high=300,
            default=30,
            help="seconds between a phone's version polls, spread evenly over the phones (30)",
        ),
        WholeNumber(
            "--device-polls",
            low=0,
            high=1000,
            default=0,
            help="open table devices asking their list's state every 3 s meanwhile, spread "
            "over the tables (0; benchmarks/device_polls.py)",
        ),
        WholeNumber(
            "--login-flood",
            low=0,
            high=200,
            default=0,
            help="anonymous clients flooding the logins with wrong passwords meanwhile (0)",
        ),
        WholeNumber(
            "--flood",
            low=0,
            high=200,
            default=0,
            help="connections of one phone reading the table pool without a code meanwhile (0)",
        ),
        WholeNumber(
            "--flood-pause",
            low=0,
            high=10_000,
            default=0,
            help="milliseconds a flooding client waits between its posts (0: none)",
        ),
    )
    add_pool_arguments(parser)
    parser.add_argument(
        "--two-lists",
        action="store_true",
        help="compare entry with two lists per table (two devices a table) against one "
        "(benchmarks/two_lists.py)",
    )
    add_whole_numbers(
        parser,
        WholeNumber(
            "--players",
            low=0,
            high=8000,
            default=0,
            help="players of the tournament; more than the devices seat gives it a first "
            "series played out and the devices' series drawn for all (0: 4 per device)",
        ),
    )
    parser.add_argument(
        "--worker-class",
        default="",
        help="gunicorn worker class instead of gunicorn.conf.py's (e.g. gthread)",
    )
    add_whole_numbers(
        parser,
        WholeNumber(
            "--threads",
            low=0,
            high=64,
            default=0,
            help="threads per gunicorn worker instead of gunicorn.conf.py's (0: its own)",
        ),
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="run the game posts under cProfile and print where their time goes "
        "(slows them down: for finding the cost, not for the figures)",
    )
    parser.add_argument(
        "--core",
        action="store_true",
        help="store the devices' games with the save's own calls, without Django's request "
        "handling, the middleware and DRF (a floor to compare with, benchmarks/entry_core.py)",
    )
    rerun.add_database_url(parser)


def run(options: dict, out: TextIO) -> None:
    if options["database_url"]:
        rerun_against(options, out)
        return
    if options.get("two_lists"):
        from . import two_lists

        two_lists.run(options, out)
        return
    watchers = Watchers(options["phones"], options["poll"])
    flood = Flood(options.get("login_flood", 0), options.get("flood_pause", 0) / 1000)
    table_flood = TableFlood(options.get("flood", 0))
    polls = DevicePolls(options.get("device_polls", 0))
    measured = simulate(
        options["devices"],
        options["seconds"],
        server_options(options),
        options["rounds"],
        options["seed"],
        watchers,
        pace=options["pace"],
        flood=flood,
        players=options.get("players", 0),
        pools=pool_options(options),
        table_flood=table_flood,
        polls=polls,
    )
    report(measured, options, out)
    report_device_polls(polls, measured.elapsed, out)
    report_phones(watchers, measured.elapsed, out)
    report_flood(flood, measured.elapsed, out)
    report_table_flood(table_flood, measured.elapsed, out)


def server_options(options: dict) -> ServerOptions:
    return ServerOptions(
        workers=options["workers"],
        worker_class=options.get("worker_class", ""),
        threads=options.get("threads", 0),
        profile=options.get("profile", False),
        core=options.get("core", False),
    )


def simulate(
    count: int,
    seconds: float,
    server: ServerOptions,
    rounds: int,
    seed: int,
    watchers: Watchers | None = None,
    pace: float = 0,
    flood: Flood | None = None,
    players: int = 0,
    pools: PoolOptions | None = None,
    table_flood: TableFlood | None = None,
    polls: DevicePolls | None = None,
) -> Run:
    """Start gunicorn, let ``count`` devices post games for ``seconds`` (and the
    ``watchers`` poll the ranking, the ``flood`` post wrong passwords meanwhile), stop it
    again; returns what the devices saw and what the server spent. ``pools``: the hall's
    table and hall pools (:mod:`.pools`); None, one pool. ``table_flood`` reads the
    tables without a code on the table pool meanwhile."""
    tournament_id, tables = build_evening(count, rounds, random.Random(seed), players)
    devices = [Device(t.table_id, t.code, t.games) for t in tables]
    floods = [flood] if flood is not None else []
    if table_flood is not None and table_flood.count:
        table_flood.table_ids = [t.table_id for t in tables]
        floods.append(table_flood)
    for number, device in enumerate(devices):
        device.pace_s, device.offset_s = pace, number * pace / len(devices)
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-static-") as static_root:
        if (watchers is not None and watchers.count) or any(f.count for f in floods):
            collect_static(static_root)  # pages need the manifest, as in production
        with running_pools(server, pools or PoolOptions(one_pool=True), static_root) as up:
            if watchers is not None:
                watchers.open_pages(up.port, tournament_id)
            load_before, cpu_before = os.getloadavg(), up.cpu_seconds()
            elapsed = _run(
                up.port, devices, seconds, watchers, flood, up.table_port, table_flood, polls
            )
            cpu = up.cpu_seconds() - cpu_before
            load_after = os.getloadavg()
        # The workers have written their meters and profiles as they stopped.
        return Run(
            devices,
            elapsed,
            meter=up.meter,
            server_cpu_s=cpu,
            load_before=load_before,
            load_after=load_after,
            profile=up.profile,
        )


def _run(
    port: int,
    devices,
    seconds: float,
    watchers: Watchers | None,
    flood=None,
    device_port=0,
    table_flood: TableFlood | None = None,
    polls: DevicePolls | None = None,
) -> float:
    """Devices and the ``table_flood`` go to ``device_port`` (the table pool; else
    ``port``), the rest to ``port``."""
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    target = device_port or port
    threads = [threading.Thread(target=d.run, args=(target, deadline)) for d in devices]
    if flood is not None and flood.count:
        flood.start(port, deadline)
    if table_flood is not None and table_flood.count:
        table_flood.start(target, deadline)
    for thread in threads:
        thread.start()
    if polls is not None:
        polls.start(target, [(d.table_id, d.code) for d in devices], deadline)
    if watchers is not None:
        watchers.start(port, deadline)
    for thread in threads:
        thread.join()
    if watchers is not None:
        watchers.join()
    if flood is not None:
        flood.join()
    if table_flood is not None:
        table_flood.join()
    if polls is not None:
        polls.join()
    return time.monotonic() - started


def rerun_against(options: dict, out: TextIO) -> None:
    """The same command in a process whose default database is the given server."""
    names = (
        "devices",
        "seconds",
        "workers",
        "rounds",
        "seed",
        "pace",
        "phones",
        "poll",
        "device_polls",
        "login_flood",
        "flood",
        "flood_pause",
        "players",
        "worker_class",
        "threads",
        "table_workers",
        "hall_nice",
    )
    arguments = [
        f"--{name.replace('_', '-')}={options[name]}"
        for name in names
        if name in options and options[name] not in ("", None)
    ]
    for flag in ("profile", "one_pool", "core"):
        if options.get(flag):
            arguments.append(f"--{flag.replace('_', '-')}")
    rerun.rerun_against(options["database_url"], ["load", *arguments], out)
