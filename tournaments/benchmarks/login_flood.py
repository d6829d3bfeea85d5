"""``bench load --login-flood N``: anonymous clients flooding the logins beside the tables.

Each flooding client does what a script in the hall's Wi-Fi would: it opens the login page
once for its CSRF cookie and token, then posts wrong passwords for ever new user names (so
no per-account lock stops it) as fast as the answers come, alternating the login page and
the API's token endpoint. Every such post costs an Argon2 hash unless something refuses it
first; the table devices' latencies with and without the flood show whether it does.
The flood's answers are counted by status and printed apart.

The flooding clients run in a process of their own, at the lowest CPU priority: in the
simulating process their threads would hold its interpreter lock, and on the server's
own cores they would take the CPU that in a hall is the attacker's phone's. What is
measured is then what the server spends on the flood, not what the flood's senders do.
"""

import http.client
import itertools
import multiprocessing
import os
import re
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from typing import TextIO

from .ranking import percentile

REQUEST_TIMEOUT_S = 30
_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass
class Flood:
    """``count`` flooding clients and what they were answered."""

    count: int
    pause_s: float = 0.0  # between one client's posts: 0 as fast as answered
    statuses: Counter = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    _threads: list = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _process: object = None
    _results: object = None

    def start(self, port: int, deadline: float) -> None:
        """Start the flood in a forked process; ``deadline`` is a ``time.monotonic()`` value."""
        context = multiprocessing.get_context("fork")
        self._results = context.Queue()
        self._process = context.Process(
            target=self._in_child, args=(port, deadline, self._results), daemon=True
        )
        self._process.start()

    def join(self) -> None:
        if self._process is None:
            return
        statuses, latencies = self._results.get(timeout=REQUEST_TIMEOUT_S * 4)
        self._process.join(timeout=REQUEST_TIMEOUT_S)
        self.statuses.update(statuses)
        self.latencies_ms.extend(latencies)

    def _in_child(self, port: int, deadline: float, results) -> None:
        os.nice(19)
        names = itertools.count()
        self._threads = [
            threading.Thread(target=self._flood, args=(port, deadline, names))
            for _ in range(self.count)
        ]
        for thread in self._threads:
            thread.start()
        for thread in self._threads:
            thread.join()
        results.put((dict(self.statuses), self.latencies_ms))

    def _flood(self, port: int, deadline: float, names) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        try:
            cookie, token = _login_form(conn)
        except (OSError, http.client.HTTPException):
            return
        for number in names:
            if time.monotonic() >= deadline:
                break
            started = time.perf_counter()
            try:
                status = _post(conn, number, cookie, token)
            except (OSError, http.client.HTTPException) as failed:
                status = type(failed).__name__
                conn.close()
            with self._lock:
                self.statuses[status] += 1
                self.latencies_ms.append((time.perf_counter() - started) * 1000)
            if self.pause_s:
                time.sleep(self.pause_s)


def _login_form(conn) -> tuple[str, str]:
    conn.request("GET", "/anmelden/")
    response = conn.getresponse()
    page = response.read().decode()
    cookies = response.headers.get_all("Set-Cookie") or []
    cookie = "; ".join(c.split(";", 1)[0] for c in cookies)
    match = _TOKEN.search(page)
    return cookie, match.group(1) if match else ""


def _post(conn, number: int, cookie: str, token: str):
    username = f"gast-{number}"
    if number % 2:
        body = f'{{"username": "{username}", "password": "falsch"}}'
        headers = {"Content-Type": "application/json"}
        conn.request("POST", "/api/v1/auth/token/", body=body, headers=headers)
    else:
        form = {"csrfmiddlewaretoken": token, "username": username, "password": "falsch"}
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": cookie,
            "Referer": "http://127.0.0.1/anmelden/",
        }
        conn.request("POST", "/anmelden/", body=urllib.parse.urlencode(form), headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status


def report_flood(flood: Flood | None, elapsed: float, out: TextIO) -> None:
    if flood is None or not flood.count:
        return
    latencies = sorted(flood.latencies_ms)
    answered = ", ".join(f"{status}: {n}" for status, n in sorted(flood.statuses.items(), key=str))
    pace = f"a post every {flood.pause_s * 1000:g} ms each" if flood.pause_s else "unpaced"
    out.write(
        f"login flood   {flood.count} anonymous clients ({pace}), {len(latencies)} posts "
        f"({len(latencies) / elapsed:.1f}/s): {answered}\n"
        f"flood ms      p50 {percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}\n"
    )
