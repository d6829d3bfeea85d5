"""Database connections across gunicorn's fork with ``preload_app`` (skatverein/forking.py).

A connection the master opened must never be used by a worker: each worker opens its own.
"""

import gc
import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db.utils import ConnectionHandler

from skatverein import forking
from skatverein.env import database_config
from tests.hall_server import free_port

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 120  # a busy 2-core machine takes that long to load the application
WORKERS = 2


def _probe(port: int) -> dict | None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        conn.request("GET", "/probe")
        return json.loads(conn.getresponse().read())
    except OSError:
        return None


def test_a_preloaded_servers_workers_each_open_their_own_connection(tmp_path):
    """gunicorn with the project's gunicorn.conf.py (``preload_app`` on) and a master that
    queried the database before forking: every worker answers from a connection it opened
    itself, none from the master's."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(WORKERS),
    }
    command = [sys.executable, "-m", "gunicorn", "--config=gunicorn.conf.py"]
    command += ["--no-control-socket", "--log-level=warning", "tests.preload_probe:application"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        answers: dict[int, dict] = {}
        deadline = time.monotonic() + START_TIMEOUT_S
        while len(answers) < WORKERS and time.monotonic() < deadline:
            assert server.poll() is None, "gunicorn stopped"
            answer = _probe(port)
            if answer is None:
                time.sleep(0.2)
            else:
                answers[answer["pid"]] = answer
    finally:
        server.terminate()
        server.wait(timeout=30)

    assert len(answers) == WORKERS, answers
    assert server.pid not in answers
    assert all(answer["opened_in"] == pid for pid, answer in answers.items()), answers
    # The application's objects came frozen for the garbage collector (tens of thousands:
    # Django, the views, the PDF libraries), so the workers' collections skip them.
    assert all(answer["frozen"] > 50_000 for answer in answers.values()), answers


@pytest.fixture
def own_handler(tmp_path, django_db_blocker):
    """A connection handler of its own on a file database (the test database is in memory
    and cannot be opened by a second process)."""
    config = database_config(f"sqlite:///{tmp_path / 'fork.sqlite3'}")
    handler = ConnectionHandler({"default": config})
    with django_db_blocker.unblock():
        yield handler
        handler.close_all()


def _in_child(work) -> str:
    """Run ``work`` in a forked child; what it returns (or the error) comes back as text."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not collected
        os.close(read)
        try:
            result = str(work())
        except BaseException as error:  # noqa: BLE001 - reported to the parent
            result = f"error: {error!r}"
        os.write(write, result.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        result = pipe.read()
    os.waitpid(pid, 0)
    return result


def test_the_master_closes_its_connections_before_it_forks(own_handler):
    database = own_handler["default"]
    database.cursor().execute("SELECT 1")

    forking.close_before_fork(own_handler)

    assert database.connection is None


def test_the_master_freezes_its_objects_before_it_forks():
    # The test process itself runs frozen (tests/conftest.py): only a process that was not
    # frozen before is thawed again, or the rest of the suite would walk the whole heap.
    frozen_before = gc.get_freeze_count()
    built = [object()]  # a container built now, so not frozen yet in either case
    assert any(obj is built for obj in gc.get_objects())
    try:
        forking.freeze_before_fork()
        assert gc.get_freeze_count() > frozen_before
        assert not any(obj is built for obj in gc.get_objects())  # no longer collected
    finally:
        if not frozen_before:
            gc.unfreeze()


def test_a_worker_drops_the_inherited_connection_and_opens_its_own(own_handler):
    database = own_handler["default"]
    with database.cursor() as cursor:
        cursor.execute("CREATE TABLE t (x integer)")
    inherited = id(database.connection)

    def worker():
        forking.forget_inherited(own_handler)
        dropped = database.connection is None
        with database.cursor() as cursor:
            cursor.execute("INSERT INTO t VALUES (1)")
        return f"{dropped} {id(database.connection) != inherited}"

    assert _in_child(worker) == "True True"
    # The master's connection was neither closed nor disturbed by the child.
    with database.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM t")
        assert cursor.fetchone() == (1,)
