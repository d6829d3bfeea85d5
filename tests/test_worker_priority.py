"""The workers' CPU priority (gunicorn.conf.py, ``GUNICORN_NICE``): the hall pool's workers
run below the table pool's, so that under load the kernel serves the tables first."""

import os
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest

CONFIG = Path(__file__).resolve().parent.parent / "gunicorn.conf.py"


def niceness_of_a_worker(monkeypatch, nice: str | None) -> int:
    """The niceness a freshly forked worker has after gunicorn.conf.py's ``post_fork``,
    relative to its master's."""
    if nice is None:
        monkeypatch.delenv("GUNICORN_NICE", raising=False)
    else:
        monkeypatch.setenv("GUNICORN_NICE", nice)
    config = runpy.run_path(str(CONFIG))
    server = SimpleNamespace(cfg=SimpleNamespace(preload_app=False))
    master = os.nice(0)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker
        try:
            config["post_fork"](server, None)
            os.write(write, str(os.nice(0)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        worker = int(answer.read())
    os.waitpid(pid, 0)
    return worker - master


@pytest.mark.parametrize(
    ("nice", "expected"), [("10", 10), ("3", 3), ("0", 0), (None, 0), ("-5", 0)]
)
def test_a_worker_runs_at_the_configured_nice_value(monkeypatch, nice, expected):
    if expected and os.nice(0) + expected > 19:
        pytest.skip("this test process runs at the lowest priority already")
    assert niceness_of_a_worker(monkeypatch, nice) == expected
