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

``--phones N --poll P`` adds N phones that keep the tournament ranking open meanwhile and
poll it every P seconds as the page's script does (:mod:`.phones`); their figures are
printed apart from the devices', so a run with and one without phones show whether table
entry is affected.

Figures depend on the machine and are printed, never asserted. ``--database-url`` runs
the same against another database server (a throw-away database is created there too).
"""

import contextlib
import datetime
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from django.db import connection
from django.db.models import Count

from tournaments.models import Game, Player, Table, Tournament
from tournaments.services import participants, table_access
from tournaments.services.demo.lists import random_game
from tournaments.services.draw import draw_series
from tournaments.services.seating import table_rounds
from tournaments.skat.rounds import deal_of, game_count

from .login_flood import Flood, report_flood
from .phones import Watchers, report_phones
from .ranking import machine, percentile, whole_number_between

HELP = "Simulate table devices entering lists at once through gunicorn and the API."
ROOT = Path(__file__).resolve().parents[2]
REQUEST_TIMEOUT_S = 30
START_TIMEOUT_S = 180  # a busy 2-core machine needs that long to start the workers


def add_arguments(parser) -> None:
    parser.add_argument(
        "--devices", type=whole_number_between(1, 250), default=50, help="tables (50)"
    )
    parser.add_argument(
        "--seconds", type=whole_number_between(1, 600), default=30, help="duration (30)"
    )
    parser.add_argument(
        "--workers", type=whole_number_between(1, 32), default=4, help="gunicorn workers (4)"
    )
    parser.add_argument(
        "--rounds", type=whole_number_between(1, 40), default=12, help="rounds (12)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="random seed of the games")
    parser.add_argument(
        "--pace",
        type=whole_number_between(0, 600),
        default=0,
        help="seconds a table takes for a game: a device posts its next game that long "
        "after the last was acknowledged (0: at once, a stress test)",
    )
    parser.add_argument(
        "--phones",
        type=whole_number_between(0, 2000),
        default=0,
        help="watching phones with the tournament ranking open, polling as live.js does (0)",
    )
    parser.add_argument(
        "--poll",
        type=whole_number_between(1, 300),
        default=30,
        help="seconds between a phone's version polls, spread evenly over the phones (30)",
    )
    parser.add_argument(
        "--login-flood",
        type=whole_number_between(0, 200),
        default=0,
        help="anonymous clients flooding the logins with wrong passwords meanwhile (0)",
    )
    parser.add_argument(
        "--flood-pause",
        type=whole_number_between(0, 10_000),
        default=0,
        help="milliseconds a flooding client waits between its posts (0: none)",
    )
    parser.add_argument(
        "--two-lists",
        action="store_true",
        help="compare entry with two lists per table (two devices a table) against one "
        "(benchmarks/two_lists.py)",
    )
    parser.add_argument(
        "--database-url",
        default="",
        help="run against this database server (e.g. postgres://user@host/db) instead",
    )


@dataclass
class Device:
    """One simulated table device and what happened to its posts."""

    table_id: int
    code: str
    games: list[dict]
    acknowledged: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    pace_s: float = 0.0  # seconds from one acknowledged game to the next post; 0: at once
    offset_s: float = 0.0  # when the first post is due, so paced tables do not post at once

    def run(self, port: int, deadline: float) -> None:
        path = f"/api/v1/tables/{self.table_id}/games/"
        headers = {"Content-Type": "application/json", "X-Table-Code": self.code}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        _sleep_until(time.monotonic() + self.offset_s, deadline)
        while self.acknowledged < len(self.games) and time.monotonic() < deadline:
            body = json.dumps(self.games[self.acknowledged])
            headers["Idempotency-Key"] = f"{self.table_id}-{self.acknowledged}-{self.run_id}"
            started = time.perf_counter()
            try:
                conn.request("POST", path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as failed:
                status = type(failed).__name__
                conn.close()
            self.latencies_ms.append((time.perf_counter() - started) * 1000)
            if isinstance(status, int) and 200 <= status < 300:
                self.acknowledged += 1
                _sleep_until(time.monotonic() + self.pace_s, deadline)
            else:
                self.errors[status] += 1
                time.sleep(0.05)
        conn.close()


def _pace(seconds: float) -> str:
    if not seconds:
        return "next game as soon as the last is acknowledged (stress)"
    return f"a game every {seconds:g} s per table, tables spread evenly"


def _sleep_until(when: float, deadline: float) -> None:
    time.sleep(max(0.0, min(when, deadline) - time.monotonic()))


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
    devices, elapsed = simulate(
        options["devices"],
        options["seconds"],
        options["workers"],
        options["rounds"],
        options["seed"],
        watchers,
        pace=options["pace"],
        flood=flood,
    )
    report(devices, elapsed, options, out)
    report_phones(watchers, elapsed, out)
    report_flood(flood, elapsed, out)


def simulate(
    count: int,
    seconds: float,
    workers: int,
    rounds: int,
    seed: int,
    watchers: Watchers | None = None,
    pace: float = 0,
    flood: Flood | None = None,
):
    """Start gunicorn, let ``count`` devices post games for ``seconds`` (and the
    ``watchers`` poll the ranking, the ``flood`` post wrong passwords meanwhile), stop it
    again; returns the devices (with their latencies and errors) and the elapsed seconds."""
    devices = build_devices(count, rounds, random.Random(seed))
    for number, device in enumerate(devices):
        device.pace_s, device.offset_s = pace, number * pace / len(devices)
    tournament_id = Table.objects.get(pk=devices[0].table_id).series.tournament_id
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-static-") as static_root:
        if (watchers is not None and watchers.count) or (flood is not None and flood.count):
            _collect_static(static_root)  # pages need the manifest, as in production
        with _server(workers, static_root) as port:
            if watchers is not None:
                watchers.open_pages(port, tournament_id)
            return _run(port, devices, seconds, watchers, flood)


def simulate_each(counts: list[int], seconds: float, workers: int, rounds: int, seed: int):
    """As :func:`simulate` without phones, for each of ``counts`` devices in turn (each
    group on a tournament of its own) on one server, started once; a (devices, elapsed
    seconds) pair per count."""
    rng = random.Random(seed)
    groups = [build_devices(count, rounds, rng) for count in counts]
    with (
        tempfile.TemporaryDirectory(prefix="skatverein-bench-static-") as static_root,
        _server(workers, static_root) as port,
    ):
        return [_run(port, devices, seconds, None) for devices in groups]


@contextlib.contextmanager
def _server(workers: int, static_root: str):
    """gunicorn on a free port of 127.0.0.1, answering; stopped when the block ends."""
    port = free_port()
    server = start_gunicorn(port, workers, static_root)
    try:
        wait_until_up(port, server)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=60)


def _run(port: int, devices, seconds: float, watchers: Watchers | None, flood=None):
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    threads = [threading.Thread(target=d.run, args=(port, deadline)) for d in devices]
    if flood is not None and flood.count:
        flood.start(port, deadline)
    for thread in threads:
        thread.start()
    if watchers is not None:
        watchers.start(port, deadline)
    for thread in threads:
        thread.join()
    if watchers is not None:
        watchers.join()
    if flood is not None:
        flood.join()
    return devices, time.monotonic() - started


def build_devices(count: int, rounds: int, rng: random.Random) -> list[Device]:
    """A tournament of ``count`` 4-player tables drawn, with codes and each list's games."""
    # Running from the start, as after the first game: its ranking page is live at once.
    tournament = Tournament.objects.create(
        name="Lasttest",
        date=datetime.date.today(),
        rounds_per_series=rounds,
        status=Tournament.Status.RUNNING,
    )
    players = Player.objects.bulk_create(
        Player(first_name="Karl", last_name=f"Spieler {n}") for n in range(1, 4 * count + 1)
    )
    participants.register_many(
        tournament, [participants.Registration(player) for player in players]
    )
    series = participants.add_series(tournament)
    draw_series(series, seed=rng.randrange(1000))
    devices = []
    for table in Table.objects.filter(series=series).order_by("number"):
        plan = table_rounds(table)
        games = [
            random_game(rng, deal_of(number, plan).active)
            for number in range(1, game_count(plan) + 1)
        ]
        devices.append(Device(table.id, table_access.issue_code(table), games))
    return devices


def report(devices: list[Device], elapsed: float, options: dict, out: TextIO) -> None:
    stored = dict(
        Game.objects.filter(table_id__in=[d.table_id for d in devices])
        .values_list("table_id")
        .annotate(n=Count("id"))
    )
    acknowledged = sum(d.acknowledged for d in devices)
    lost = sum(max(d.acknowledged - stored.get(d.table_id, 0), 0) for d in devices)
    duplicated = sum(max(stored.get(d.table_id, 0) - d.acknowledged, 0) for d in devices)
    errors = sum((d.errors for d in devices), Counter())
    latencies = sorted(ms for d in devices for ms in d.latencies_ms)
    complete = sum(d.acknowledged == len(d.games) for d in devices)
    out.write(
        f"Load: {len(devices)} table devices, {options['seconds']} s, gunicorn "
        f"{options['workers']} workers, {connection.vendor}\n"
        f"Machine: {machine()}\n"
        f"pace          {_pace(options.get('pace', 0))}\n"
        f"requests      {len(latencies)} ({len(latencies) / elapsed:.1f}/s)\n"
        f"acknowledged  {acknowledged} ({acknowledged / elapsed:.1f} games/s)\n"
        f"stored        {sum(stored.values())}\n"
        f"lost          {lost}\n"
        f"duplicated    {duplicated}\n"
        f"errors        {sum(errors.values())}"
        f"{' ' + dict(errors).__repr__() if errors else ''}\n"
        f"lists done    {complete} of {len(devices)}\n"
        f"latency ms    p50 {percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}"
        f"  p99 {percentile(latencies, 99):.0f}\n"
    )


def _server_database_url() -> str:
    """The throw-away database the command just created, as a URL for the server process."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    quote = urllib.parse.quote
    user = quote(settings["USER"] or "")
    password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
    host = settings["HOST"] or "localhost"
    port = f":{settings['PORT']}" if settings["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{quote(settings['NAME'])}"


def _collect_static(static_root: str) -> None:
    """Hashed, compressed static files for the server, as ``collectstatic`` makes them in
    production; without their manifest every page that links a style sheet fails."""
    env = {**os.environ, "STATIC_ROOT": static_root}
    command = [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def start_gunicorn(port: int, workers: int, static_root: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "STATIC_ROOT": static_root,
        "DATABASE_URL": _server_database_url(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
    }
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "skatverein.wsgi:application",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        # The application is imported once and the workers forked from it: the server is
        # up in half the time, and its start is not what is measured.
        "--preload",
        "--timeout=120",
        "--log-level=warning",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env)


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped at start (exit code {server.returncode})")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer on port {port} within {START_TIMEOUT_S} s")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
        "login_flood",
        "flood_pause",
    )
    arguments = [f"--{name.replace('_', '-')}={options[name]}" for name in names if name in options]
    command = [sys.executable, "manage.py", "bench", "load", *arguments]
    env = {**os.environ, "DATABASE_URL": options["database_url"]}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    out.write(done.stdout)
    if done.returncode:
        raise RuntimeError(f"bench load on {options['database_url']} failed:\n{done.stderr}")
