"""Watching phones for ``bench load --phones N --poll P``: the public ranking kept open.

Each phone does what ``static/js/live.js`` does in a browser: it opens the tournament
ranking once (a first visit, ``Accept-Encoding: gzip``), reads the live region's
``data-version``, ``data-version-url`` and ``data-live-url``, then every ``P`` seconds
asks the version URL and, only when the version differs from the one it shows, fetches
the live URL (the ranking table alone, ``?fragment=1``) and takes the table's new
``data-version``. live.js fetches with ``cache: "no-store"``, so a browser sends no
``If-None-Match`` there, and neither does a phone here: the table is fetched only after
the version moved, when a 304 is impossible anyway. The status counts are printed so
that a change of that behaviour shows.

All pages are opened before the table devices start (timed and printed apart), so what
runs beside table entry is the polling of pages already open, the situation of an
evening. The first polls are then spread evenly over one interval (phone ``i`` of ``N``
at ``i × P / N``) and each phone waits ``P`` seconds after its last answer, as live.js
does, so they do not all ask at the same instant. One scheduler thread hands the due
phones to a bounded pool of threads; a phone that starts more than a second after it
was due is counted as "late", which shows when the simulating process itself was the
bottleneck rather than the server.
"""

import gzip
import heapq
import html
import http.client
import json
import re
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TextIO

from .ranking import percentile

POOL_THREADS = 100  # a slow server must not make the phones wait for a thread
LATE_AFTER_S = 1.0
REQUEST_TIMEOUT_S = 30
BROWSER_HEADERS = {"Accept-Encoding": "gzip", "X-Requested-With": "fetch"}
LIVE_ATTRIBUTE = re.compile(r'data-(version|version-url|live-url|live)="([^"]*)"')


def first_due_offsets(phones: int, poll_s: float) -> list[float]:
    """When each phone opens the page, in seconds from the start: spread over one interval."""
    return [number * poll_s / phones for number in range(phones)]


@dataclass
class Figures:
    """What all phones saw, per kind of request."""

    opens_ms: list[float] = field(default_factory=list)
    polls_ms: list[float] = field(default_factory=list)
    tables_ms: list[float] = field(default_factory=list)
    table_bytes: list[int] = field(default_factory=list)
    statuses: dict[str, Counter] = field(
        default_factory=lambda: {"open": Counter(), "poll": Counter(), "table": Counter()}
    )
    errors: Counter = field(default_factory=Counter)
    changed: int = 0
    late: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Phone:
    """One open browser tab on the tournament ranking."""

    page_path: str
    version: str = ""
    version_path: str = ""
    live_path: str = ""
    live: bool = False

    def open(self, port: int, figures: Figures) -> None:
        status, body, _ms = _get(port, self.page_path, figures, "open", figures.opens_ms)
        if status == 200:
            found = dict(LIVE_ATTRIBUTE.findall(body))
            self.version = found.get("version", "")
            self.version_path = html.unescape(found.get("version-url", ""))
            self.live_path = html.unescape(found.get("live-url", ""))
            self.live = bool(self.version_path and self.live_path)

    def poll(self, port: int, figures: Figures) -> None:
        status, body, _ms = _get(port, self.version_path, figures, "poll", figures.polls_ms)
        if status != 200 or str(json.loads(body)["version"]) == self.version:
            return
        with figures.lock:
            figures.changed += 1
        status, body, _ms = _get(port, self.live_path, figures, "table", figures.tables_ms)
        if status == 200:
            found = dict(LIVE_ATTRIBUTE.findall(body))
            self.version = found.get("version", self.version)
            self.live = found.get("live") == "true"


def _get(port: int, path: str, figures: Figures, kind: str, timings: list[float]):
    """(status or None, decoded body, ms) of one GET on a fresh connection, recorded."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
    started = time.perf_counter()
    try:
        conn.request("GET", path, headers=BROWSER_HEADERS)
        response = conn.getresponse()
        raw = response.read()
        status = response.status
    except (OSError, http.client.HTTPException) as failed:
        status, raw = None, b""
        with figures.lock:
            figures.errors[f"{kind} {type(failed).__name__}"] += 1
    finally:
        conn.close()
    ms = (time.perf_counter() - started) * 1000
    with figures.lock:
        timings.append(ms)
        if status is not None:
            figures.statuses[kind][status] += 1
            if status != 200:
                figures.errors[f"{kind} {status}"] += 1
            if kind == "table":
                figures.table_bytes.append(len(raw))
    if status is not None and response.getheader("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    return status, raw.decode("utf-8", "replace"), ms


class Watchers:
    """``count`` phones: their pages opened first, then polling every ``poll_s`` seconds
    until a deadline."""

    def __init__(self, count: int, poll_s: float):
        self.count = count
        self.poll_s = poll_s
        self.figures = Figures()
        self.page_path = ""
        self.phones: list[Phone] = []
        self._thread: threading.Thread | None = None

    def open_pages(self, port: int, tournament_id: int) -> None:
        """Every phone opens the ranking (through the pool), before the devices start: the
        polling, not a crowd of first visits, is what runs beside table entry."""
        self.page_path = f"/turniere/{tournament_id}/rangliste/"
        self.phones = [Phone(self.page_path) for _ in range(self.count)]
        with ThreadPoolExecutor(max_workers=max(1, min(self.count, POOL_THREADS))) as pool:
            for phone in self.phones:
                pool.submit(phone.open, port, self.figures)

    def start(self, port: int, deadline: float) -> None:
        if self.phones:
            self._thread = threading.Thread(target=self._schedule, args=(port, deadline))
            self._thread.start()

    def join(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def _schedule(self, port: int, deadline: float) -> None:
        started = time.monotonic()
        due = [
            (started + offset, number, phone)
            for number, (offset, phone) in enumerate(
                zip(first_due_offsets(self.count, self.poll_s), self.phones, strict=True)
            )
        ]
        heapq.heapify(due)
        ready = threading.Condition()
        running = 0

        def step(phone: Phone, when: float, number: int) -> None:
            nonlocal running
            try:
                if time.monotonic() - when > LATE_AFTER_S:
                    with self.figures.lock:
                        self.figures.late += 1
                # A page that was not live yet is opened again, as a person would reload it.
                (phone.poll if phone.live else phone.open)(port, self.figures)
            except Exception as failed:  # a broken answer must not end the simulation
                with self.figures.lock:
                    self.figures.errors[f"phone {type(failed).__name__}"] += 1
            with ready:
                running -= 1
                heapq.heappush(due, (time.monotonic() + self.poll_s, number, phone))
                ready.notify()

        with ThreadPoolExecutor(max_workers=min(self.count, POOL_THREADS)) as pool:
            with ready:
                while True:
                    now = time.monotonic()
                    if now >= deadline or (not due and not running):
                        break
                    if due and due[0][0] <= now:
                        when, number, phone = heapq.heappop(due)
                        if when < deadline:
                            running += 1
                            pool.submit(step, phone, when, number)
                        continue
                    wait = (due[0][0] if due else deadline) - now
                    ready.wait(timeout=min(wait, deadline - now))


def report_phones(watchers: Watchers, elapsed: float, out: TextIO) -> None:
    """The phones' figures, apart from the table devices'."""
    figures = watchers.figures
    out.write(
        f"Phones: {watchers.count}, each asking every {watchers.poll_s:g} s "
        f"(spread evenly), {watchers.page_path}\n"
    )
    if not watchers.count:
        return
    polls = len(figures.polls_ms)
    tables = figures.statuses["table"]
    size = statistics.median(figures.table_bytes) / 1024 if figures.table_bytes else 0
    out.write(
        f"page opens    {len(figures.opens_ms)}  {_statuses(figures.statuses['open'])} "
        "(before the devices start)\n"
        f"open ms       {_percentiles(figures.opens_ms)}\n"
        f"version polls {polls} ({polls / elapsed:.1f}/s), changed {figures.changed}\n"
        f"version ms    {_percentiles(figures.polls_ms)}\n"
        f"table fetches {len(figures.tables_ms)}  {_statuses(tables)}, "
        f"{size:.1f} KB each (median, as sent)\n"
        f"table ms      {_percentiles(figures.tables_ms)}\n"
        f"phone errors  {sum(figures.errors.values())}"
        f"{' ' + repr(dict(figures.errors)) if figures.errors else ''}\n"
        f"late starts   {figures.late} (more than {LATE_AFTER_S:g} s after due)\n"
    )


def _statuses(counts: Counter) -> str:
    other = sum(counts.values()) - counts[200] - counts[304]
    return f"200: {counts[200]}, 304: {counts[304]}, other: {other}"


def _percentiles(values: list[float]) -> str:
    return "  ".join(f"p{p} {percentile(sorted(values), p):.0f}" for p in (50, 95, 99))
