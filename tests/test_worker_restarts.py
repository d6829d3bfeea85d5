"""Which requests count toward a worker's restart (gunicorn.conf.py, ``max_requests``).

A worker is restarted after about ``GUNICORN_MAX_REQUESTS`` requests to hand back the
memory big rankings and PDFs took. A request refused before Django builds it (the table
pool's refusals, a flooded login's 429) takes no such memory and is not counted: a flood
of 2,400 refusals a second restarted every table worker about every 1.2 s, and the game
entry after each restart cost a fresh worker 45–70 ms of CPU instead of 11 ms.

Both halves run a real gunicorn with the project's gunicorn.conf.py and the table pool's
application, one worker, restarted after 5 counted requests.
"""

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skatverein import early_refusal
from tests.hall_server import free_port

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 120  # a busy 2-core machine takes that long to load the application
MAX_REQUESTS = 5


def _get(port: int, path: str) -> int | None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path, headers={"Accept-Language": "de"})
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return None


def _workers(master: int) -> set[int]:
    """The master's child processes (Linux: /proc)."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return {int(pid) for pid in children}


def _settled_workers(master: int, count: int = 1) -> set[int]:
    """The workers once ``count`` of them run (a restarted worker is replaced at once)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        workers = _workers(master)
        if len(workers) == count:
            return workers
        time.sleep(0.1)
    raise AssertionError(f"gunicorn does not run {count} worker(s): {_workers(master)}")


@pytest.fixture
def table_pool(tmp_path):
    """(port, master pid) of a real table pool: one worker, restarted after 5 requests."""
    if not Path("/proc/self/task").exists():
        pytest.skip("the workers are read from /proc (Linux)")
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "1",
        "GUNICORN_MAX_REQUESTS": str(MAX_REQUESTS),
        "SKATVEREIN_POOL": "tables",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
    }
    command = [sys.executable, "-m", "gunicorn", "--config=gunicorn.conf.py"]
    command += ["--no-control-socket", "--log-level=warning", "skatverein.wsgi:application"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while _get(port, "/api/v1/tables/1/games/") is None:
            assert server.poll() is None, "gunicorn stopped"
            assert time.monotonic() < deadline, "gunicorn did not answer"
            time.sleep(0.2)
        yield port, server.pid
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_refusals_before_django_do_not_restart_a_table_worker(table_pool):
    port, master = table_pool
    before = _settled_workers(master)

    answers = [_get(port, f"/api/v1/tables/{n % 3 + 1}/games/") for n in range(6 * MAX_REQUESTS)]

    assert answers == [403] * (6 * MAX_REQUESTS)
    assert _settled_workers(master) == before


def test_requests_django_answers_still_restart_a_table_worker(table_pool):
    """The counterpart: the limit still holds for what reaches Django (the health check)."""
    port, master = table_pool
    before = _settled_workers(master)

    answers = [_get(port, "/healthz") for _ in range(MAX_REQUESTS + 2)]

    assert answers == [200] * (MAX_REQUESTS + 2)
    assert _settled_workers(master).isdisjoint(before)


def test_a_refusal_is_marked_in_the_request_and_not_counted():
    environ = {}
    worker = type("Worker", (), {"nr": 7})()
    config = {}
    exec((ROOT / "gunicorn.conf.py").read_text(), config)  # noqa: S102 - the project's own file

    early_refusal.mark(environ)
    config["post_request"](worker, None, environ, None)
    config["post_request"](worker, None, {}, None)

    assert worker.nr == 6
