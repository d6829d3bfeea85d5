"""Starting ``manage.py hall`` (what ``make run`` runs) as a real process on a fresh database.

Everything the hall keeps goes to a temporary folder: the SQLite database, the keys and the
collected static files; the port is a free one. Only PATH is taken from the test's own
environment, so CI's or the developer's variables cannot hide what a fresh clone lacks.
"""

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
# Long enough for migrating, loading the demo and starting the workers on a busy 2-core
# machine; a server that has not started by then has failed.
START_TIMEOUT_SECONDS = 180
LISTENING = "Listening at:"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def hall_environment(folder: Path, **extra) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "SKATVEREIN_HALL": "1",
        "DATABASE_URL": f"sqlite:///{folder / 'hall.sqlite3'}",
        "HALL_SECRETS_FILE": str(folder / "hall-secrets.env"),
        "STATIC_ROOT": str(folder / "static"),
        "GUNICORN_WORKERS": "2",
        "HALL_TABLE_WORKERS": "1",
        **extra,
    }


def run_hall(folder: Path, *args, **extra) -> subprocess.CompletedProcess:
    """``manage.py hall`` with ``args`` (e.g. ``--no-server``), to its end."""
    return subprocess.run(
        [sys.executable, "manage.py", "hall", *args],
        cwd=BASE_DIR,
        env=hall_environment(folder, **extra),
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT_SECONDS,
    )


@contextlib.contextmanager
def hall_server(folder: Path, **extra):
    """The hall server as ``make run`` starts it; yields (port, what it printed so far).

    Waits until every gunicorn pool says it listens (two: the table pool and the hall pool,
    one with ``HALL_TABLE_PORT=0``), and stops the server (this process only) after.
    """
    port = free_port()
    extra.setdefault("HALL_TABLE_PORT", str(free_port()))
    pools = 1 if extra["HALL_TABLE_PORT"] == "0" else 2
    process = subprocess.Popen(
        [sys.executable, "manage.py", "hall"],
        cwd=BASE_DIR,
        env=hall_environment(folder, HALL_PORT=str(port), **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    started = threading.Event()

    def read_output():
        for line in process.stdout:
            lines.append(line)
            if "".join(lines).count(LISTENING) >= pools:
                started.set()
        started.set()  # the process ended: stop waiting

    reader = threading.Thread(target=read_output, daemon=True)
    reader.start()
    try:
        started.wait(START_TIMEOUT_SECONDS)
        output = "".join(lines)
        assert LISTENING in output, output
        yield port, output
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        reader.join(timeout=5)


def printed_password(output: str) -> str | None:
    found = re.search(r"Passwort: (\S+) \(", output)
    return found.group(1) if found else None
