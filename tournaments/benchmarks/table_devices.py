"""The table devices of ``bench load``: one thread per table posting its list game by game.

Each device posts to ``POST /api/v1/tables/{id}/games/?state=1`` with the ``X-Table-Code``
header, as the table device's page does (``static/js/table/sending.js``: the answer
carries the list's state, docs/api.md), one ``Idempotency-Key`` per game, and sends a
game whose post failed again with the same key.
"""

import http.client
import json
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

REQUEST_TIMEOUT_S = 30


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
        path = f"/api/v1/tables/{self.table_id}/games/?state=1"
        headers = {"Content-Type": "application/json", "X-Table-Code": self.code}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)
        sleep_until(time.monotonic() + self.offset_s, deadline)
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
                sleep_until(time.monotonic() + self.pace_s, deadline)
            else:
                self.errors[status] += 1
                time.sleep(0.05)
        conn.close()


def describe_pace(seconds: float) -> str:
    if not seconds:
        return "next game as soon as the last is acknowledged (stress)"
    return f"a game every {seconds:g} s per table, tables spread evenly"


def sleep_until(when: float, deadline: float) -> None:
    time.sleep(max(0.0, min(when, deadline) - time.monotonic()))
