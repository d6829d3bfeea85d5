"""``bench entry-profile``: where one game entry's CPU goes, measured in this process.

``bench load`` measures what an entry costs a gunicorn worker; this one says why. It
builds the same evening (:mod:`.evening`), loads the WSGI application gunicorn serves
(``skatverein.wsgi``: the project's middleware, the table port's wrapper when
``SKATVEREIN_POOL=tables``) and posts the tables' games to
``POST /api/v1/tables/{id}/games/?state=1`` with ``X-Table-Code`` and
``Idempotency-Key``, as the table device does, one table after the other. No server, no
sockets: the thread's CPU per entry, the queries per entry, and a cProfile of the
entries after them, top functions by time inside and by time alone.

The first ``--warm`` entries are not counted (the first request of a process fills
caches a gunicorn worker has filled long before). The profiled entries run slower than
the counted ones: the profile is for finding the cost, the counted figure for comparing.

``--pause MS`` waits before each counted entry, as a table worker waits between a hall's
games: idle (``time.sleep``, the processor may sleep or run other work meanwhile) or, with
``--busy-pause``, spinning on the clock. On the shared 2-core machine of
docs/performance.md the same entries cost about twice the CPU after an idle pause of
300 ms as back to back, and much less so after a busy one: what a save costs in the
workers of ``bench load`` depends on what the processor did before it.

``--core`` gives the same games straight to the calls the games view makes for them,
without Django's request handling, the middleware and DRF (:mod:`.entry_core`): what a
save costs when nothing around it runs.
"""

import cProfile
import io
import json
import pstats
import random
import re
import statistics
import sysconfig
import time
import uuid
from typing import TextIO

from django.db import connection
from django.test.utils import override_settings

from .entry_core import CorePosts
from .evening import build_evening
from .options import WholeNumber, add_whole_numbers
from .ranking import machine, percentile
from .server import ROOT
from .worker_meter import read_and_closed

HELP = "Profile game entry through the WSGI application in this process (no server)."
HOST = "127.0.0.1"


def add_arguments(parser) -> None:
    add_whole_numbers(
        parser,
        WholeNumber("--games", low=1, high=5000, default=300, help="entries counted (300)"),
        WholeNumber("--profiled", low=0, high=5000, default=200, help="entries profiled (200)"),
        WholeNumber("--warm", low=0, high=500, default=20, help="entries not counted (20)"),
        WholeNumber("--top", low=1, high=200, default=30, help="functions listed (30)"),
        WholeNumber(
            "--pause", low=0, high=5000, default=0, help="ms waited before each counted entry (0)"
        ),
    )
    parser.add_argument(
        "--busy-pause", action="store_true", help="spin through the pause instead of idling"
    )
    parser.add_argument(
        "--save-profile", default="", help="also write the profile to this file (pstats)"
    )
    parser.add_argument(
        "--show-queries", action="store_true", help="print the statements of one entry"
    )
    parser.add_argument(
        "--core",
        action="store_true",
        help="give the games straight to the save's own calls, without Django's request "
        "handling, the middleware and DRF (a floor, benchmarks/entry_core.py)",
    )
    parser.add_argument(
        "--without-state",
        action="store_true",
        help="post without ?state=1 (the answer is the game alone)",
    )


def run(options: dict, out: TextIO) -> None:
    wanted = options["warm"] + options["games"] + options["profiled"]
    # 48 games a table (12 rounds): enough tables for every post.
    tables_needed = max(1, -(-wanted // 48))
    with override_settings(ALLOWED_HOSTS=[HOST], SECURE_SSL_REDIRECT=False):
        from skatverein.wsgi import application

        _tournament, tables = build_evening(tables_needed, 12, random.Random(2026))
        posts = Posts(application, tables, not options["without_state"])
        if options["core"]:
            posts = CorePosts(posts)
        for _ in range(options["warm"]):
            posts.send()
        queries = QueryCount()
        pause = Pause(options["pause"], options["busy_pause"])
        with connection.execute_wrapper(queries):
            cpu_ms = [pause.then(posts.send) for _ in range(options["games"])]
        if options["show_queries"]:
            with connection.execute_wrapper(queries.printing(out)):
                posts.send()
        profiler = cProfile.Profile(time.thread_time)
        if options["profiled"]:
            profiler.enable()
            for _ in range(options["profiled"]):
                posts.send()
            profiler.disable()
            if options["save_profile"]:
                profiler.dump_stats(options["save_profile"])
    report(options, cpu_ms, queries.count, posts, profiler, out)


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


class Pause:
    """Waits ``ms`` milliseconds, idle or spinning on the clock, before a call."""

    def __init__(self, ms: int, busy: bool):
        self.seconds, self.busy = ms / 1000, busy

    def then(self, call):
        if self.seconds and self.busy:
            until = time.perf_counter() + self.seconds
            while time.perf_counter() < until:
                pass
        elif self.seconds:
            _sleep(self.seconds)
        return call()

    def describe(self) -> str:
        if not self.seconds:
            return ""
        ms, kind = round(self.seconds * 1000), "busy" if self.busy else "idle"
        return f"pause         a pause of {ms} ms before each counted entry ({kind})\n"


class QueryCount:
    """A database execute wrapper counting the statements (Django's own query log is
    emptied at the start of every request)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)

    def printing(self, out: TextIO):
        """A wrapper writing each statement of one entry to ``out``."""

        def wrapper(execute, sql, params, many, context):
            out.write(f"query         {sql[:300]}\n")
            return execute(sql, params, many, context)

        return wrapper


class Posts:
    """The tables' games, posted in turn: one game of each table, then the next round."""

    def __init__(self, application, tables, with_state: bool):
        self.application = application
        self.queue = [
            (table, number, table.games[number])
            for number in range(max(len(t.games) for t in tables))
            for table in tables
            if number < len(table.games)
        ]
        self.query = "state=1" if with_state else ""
        self.statuses: dict[str, int] = {}
        self.run_id = uuid.uuid4().hex

    def send(self) -> float:
        """Post the next game; its CPU milliseconds in this thread."""
        table, number, game = self.queue.pop(0)
        body = json.dumps(game).encode()
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": f"/api/v1/tables/{table.table_id}/games/",
            "QUERY_STRING": self.query,
            "SERVER_NAME": HOST,
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": HOST,
            "HTTP_HOST": HOST,
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_X_TABLE_CODE": table.code,
            "HTTP_IDEMPOTENCY_KEY": f"{table.table_id}-{number}-{self.run_id}",
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
            "wsgi.errors": io.StringIO(),
            "wsgi.version": (1, 0),
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        started = time.thread_time()
        read_and_closed(self.application, environ, self._start_response)
        return (time.thread_time() - started) * 1000

    def _start_response(self, status: str, headers, exc_info=None):
        self.statuses[status] = self.statuses.get(status, 0) + 1
        return lambda data: None


def report(options, cpu_ms, queries, posts, profiler, out: TextIO) -> None:
    cpu = sorted(cpu_ms)
    out.write(
        f"Entry profile: {len(cpu)} entries counted after {options['warm']}, "
        f"{'without' if options['without_state'] else 'with'} ?state=1, {connection.vendor}"
        f"{', the save alone (--core)' if options['core'] else ''}\n"
        f"Machine: {machine()}\n"
        f"answers       {dict(sorted(posts.statuses.items()))}\n"
        f"cpu ms        mean {statistics.fmean(cpu):.2f}  p50 {percentile(cpu, 50):.2f}  "
        f"p95 {percentile(cpu, 95):.2f}\n"
        f"queries       {queries / len(cpu):.1f} per entry\n"
        f"{Pause(options['pause'], options['busy_pause']).describe()}"
    )
    if not options["profiled"]:
        return
    for order in ("cumulative", "tottime"):
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats(order).print_stats(options["top"])
        out.write(f"\n--- {options['profiled']} entries profiled, by {order} ---\n")
        out.write(_trimmed(text.getvalue()))


def _trimmed(listing: str) -> str:
    """The listing from its header on, with the paths of the project, the installed
    packages and the standard library cut to what follows them."""
    lines = listing.splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    return "\n".join(_short(line) for line in lines[start:]) + "\n"


def _short(line: str) -> str:
    line = _PACKAGES.sub("", line).replace(f"{ROOT}/", "")
    return line.replace(f"{sysconfig.get_paths()['stdlib']}/", "")


_PACKAGES = re.compile(r"\S*/site-packages/")
