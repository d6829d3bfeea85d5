"""Open table devices for ``bench load --device-polls N``: each keeps its table's page open.

A device does what ``static/js/table/entry-page.js`` does while the keeper enters nothing
on it: it opens its table with the code once (``/tisch/code/<code>/``, which gives the
session), then every :data:`POLL_S` seconds asks the list's state
(``/tisch/<id>/stand/``, ``web/table/state.py``) with the ETag it has, and keeps the new
ETag of a 304 or a 200. The devices of the load's tables enter games meanwhile, so the
tournament's version moves all the time: most polls cost the version read, or the state
read when another table moved it, and a poll renders the list only when its own table got
a game. The devices are spread over the tables and their first polls over one interval.
"""

import http.client
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TextIO

from .ranking import percentile

POLL_S = 3.0  # STATE_POLL_MS in static/js/table/entry-page.js
REQUEST_TIMEOUT_S = 30


@dataclass
class OpenDevice:
    table_id: int
    code: str
    cookie: str = ""
    etag: str = ""

    def open(self, conn) -> int:
        conn.request("GET", f"/tisch/code/{self.code}/")
        response = conn.getresponse()
        response.read()
        cookies = response.headers.get_all("Set-Cookie") or []
        self.cookie = "; ".join(c.split(";", 1)[0] for c in cookies)
        return response.status

    def poll(self, conn) -> int:
        headers = {"Cookie": self.cookie, "Accept": "application/json", "X-Server-Only": "1"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        conn.request("GET", f"/tisch/{self.table_id}/stand/", headers=headers)
        response = conn.getresponse()
        response.read()
        self.etag = response.getheader("ETag") or self.etag
        return response.status


@dataclass
class DevicePolls:
    """``count`` open devices over ``tables`` ((id, code) pairs), polling until a deadline."""

    count: int
    statuses: Counter = field(default_factory=Counter)
    polls_ms: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _threads: list[threading.Thread] = field(default_factory=list)

    def start(self, port: int, tables: list[tuple[int, str]], deadline: float) -> None:
        if not self.count or not tables:
            return
        for number in range(self.count):
            table_id, code = tables[number % len(tables)]
            device = OpenDevice(table_id, code)
            offset = number * POLL_S / self.count
            thread = threading.Thread(target=self._keep_open, args=(device, port, offset, deadline))
            thread.start()
            self._threads.append(thread)

    def join(self) -> None:
        for thread in self._threads:
            thread.join()

    def _keep_open(self, device: OpenDevice, port: int, offset: float, deadline: float) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        try:
            device.open(conn)
        except (OSError, http.client.HTTPException):
            conn.close()
        time.sleep(offset)
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                status = device.poll(conn)
            except (OSError, http.client.HTTPException) as failed:
                status = type(failed).__name__
                conn.close()
            with self.lock:
                self.statuses[status] += 1
                self.polls_ms.append((time.perf_counter() - started) * 1000)
            time.sleep(max(0.0, POLL_S - (time.perf_counter() - started)))
        conn.close()


def report_device_polls(polls: DevicePolls, elapsed: float, out: TextIO) -> None:
    if not polls.count:
        return
    timings = sorted(polls.polls_ms)
    out.write(
        f"Open devices: {polls.count}, each asking its list's state every {POLL_S:g} s\n"
        f"state polls   {len(timings)} ({len(timings) / elapsed:.1f}/s)  "
        f"{dict(polls.statuses)}\n"
        f"state ms      p50 {percentile(timings, 50):.0f}  p95 {percentile(timings, 95):.0f}\n"
    )
