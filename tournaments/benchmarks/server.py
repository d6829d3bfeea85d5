"""The gunicorn the load benchmark measures: started, waited for, its CPU read, stopped.

It runs with the project's own ``gunicorn.conf.py`` (through :mod:`.server_settings`,
which adds the per-request CPU meter of :mod:`.worker_meter`) against the throw-away
database the command created, on a free port of 127.0.0.1.
"""

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection

from .entry_core import CORE_ENV
from .worker_meter import (
    METER_ENV,
    PROFILE_ENV,
    KindFigures,
    profile_breakdown,
    read_meter,
    server_cpu_seconds,
)

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 180  # a busy 2-core machine needs that long to start the workers
SETTINGS = Path(__file__).with_name("server_settings.py")


@dataclass(frozen=True)
class ServerOptions:
    """How gunicorn runs: ``workers`` and, to compare choices, a worker class and threads
    other than ``gunicorn.conf.py``'s (empty/0: the project's own)."""

    workers: int = 4
    worker_class: str = ""
    threads: int = 0
    profile: bool = False  # run the game posts under cProfile (slower: for the breakdown)
    core: bool = False  # answer the game posts with the save's own calls (entry_core.py)
    timeout: int = 120  # gunicorn's worker timeout, gunicorn.conf.py's default
    environment: dict = field(default_factory=dict)  # extra settings for the server


@dataclass
class Server:
    port: int
    process: subprocess.Popen
    # What the workers wrote as they stopped: CPU per kind of request, the profile.
    meter: dict[str, KindFigures] = field(default_factory=dict)
    profile: list = field(default_factory=list)

    def cpu_seconds(self) -> float:
        """CPU seconds the master and its workers have used so far."""
        return server_cpu_seconds(self.process.pid)


@contextlib.contextmanager
def running_server(options: ServerOptions, static_root: str):
    """gunicorn on a free port of 127.0.0.1, answering; stopped when the block ends, and
    then what its workers measured is read into the :class:`Server`."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-meter-") as meter:
        process = start_gunicorn(port, options, static_root, meter)
        up = Server(port, process)
        try:
            wait_until_up(port, process)
            yield up
        finally:
            process.terminate()
            process.wait(timeout=60)
        up.meter, up.profile = read_meter(meter), profile_breakdown(meter)


def database_url() -> str:
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


def collect_static(static_root: str) -> None:
    """Hashed, compressed static files for the server, as ``collectstatic`` makes them in
    production; without their manifest every page that links a style sheet fails."""
    env = {**os.environ, "STATIC_ROOT": static_root}
    command = [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def start_gunicorn(
    port: int, options: ServerOptions, static_root: str, meter_directory: str = ""
) -> subprocess.Popen:
    env = {
        **os.environ,
        **options.environment,
        "STATIC_ROOT": static_root,
        "DATABASE_URL": database_url(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
    }
    if meter_directory:
        env[METER_ENV] = meter_directory
    if options.core:
        env[CORE_ENV] = "1"
    if options.profile:
        env[PROFILE_ENV] = "1"
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "skatverein.wsgi:application",
        f"--config={SETTINGS}",
        f"--bind=127.0.0.1:{port}",
        f"--workers={options.workers}",
        # Imported once and the workers forked from it: the start is not what is measured.
        "--preload",
        f"--timeout={options.timeout}",
        "--log-level=warning",
    ]
    if options.worker_class:
        command.append(f"--worker-class={options.worker_class}")
    if options.threads:
        command.append(f"--threads={options.threads}")
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
