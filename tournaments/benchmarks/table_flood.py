"""``bench load --flood N``: one phone holding N connections of unauthenticated reads open
on the table pool while the devices enter.

Each connection asks, as fast as it is answered, for a table's games through the API
without the ``X-Table-Code`` header and for the table's entry page without a session, in
turn, across the evening's tables: what a curious or broken phone in the hall's Wi-Fi does
to the address printed on the table cards. The table devices' latencies with and without
the flood show what such reads cost the devices' workers; the flood's answers are counted
by status and printed apart.

As in :mod:`.login_flood`, the connections run in a forked process of their own at the
lowest CPU priority, so what is measured is what the server spends on them.
"""

import http.client
import itertools
import os
import threading
import time
from dataclasses import dataclass, field
from typing import TextIO

from .login_flood import REQUEST_TIMEOUT_S, Flood
from .ranking import percentile


@dataclass
class TableFlood(Flood):
    """``count`` connections reading the ``table_ids``' games and pages without a code;
    forked, collected and counted as :class:`.login_flood.Flood` does."""

    table_ids: list[int] = field(default_factory=list)

    def start(self, port: int, deadline: float) -> None:
        """Start the flood on the table pool's ``port`` until ``deadline`` (monotonic)."""
        if self.count and self.table_ids:
            super().start(port, deadline)

    def _in_child(self, port: int, deadline: float, results) -> None:
        os.nice(19)
        turns = itertools.count()
        threads = [
            threading.Thread(target=self._read, args=(port, deadline, turns))
            for _ in range(self.count)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        results.put((dict(self.statuses), self.latencies_ms))

    def _read(self, port: int, deadline: float, turns) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        for turn in turns:
            if time.monotonic() >= deadline:
                break
            table = self.table_ids[(turn // 2) % len(self.table_ids)]
            path = f"/api/v1/tables/{table}/games/" if turn % 2 else f"/tisch/{table}/"
            started = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Accept-Language": "de"})
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as failed:
                status = type(failed).__name__
                conn.close()
            with self._lock:
                self.statuses[status] += 1
                self.latencies_ms.append((time.perf_counter() - started) * 1000)


def report_table_flood(flood: TableFlood | None, elapsed: float, out: TextIO) -> None:
    if flood is None or not flood.count:
        return
    latencies = sorted(flood.latencies_ms)
    answered = ", ".join(f"{status}: {n}" for status, n in sorted(flood.statuses.items(), key=str))
    out.write(
        f"table flood   {flood.count} connections of reads without a code on the table "
        f"pool, {len(latencies)} reads ({len(latencies) / elapsed:.1f}/s): {answered}\n"
        f"flood ms      p50 {percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}\n"
    )
