"""gunicorn settings of the load benchmark: the project's ``gunicorn.conf.py``, measured.

``gunicorn -c tournaments/benchmarks/server_settings.py`` runs the server as the hall
and production run it (every setting and hook of ``gunicorn.conf.py``; the benchmark gives
bind address and workers on the command line) and, when ``SKATVEREIN_BENCH_METER`` names
a directory, wraps each worker's application in :class:`.worker_meter.CpuMeter` once the
worker has loaded it. gunicorn reads this file by its path, before Django is set up, so
the meter is imported in the hook, when the worker has loaded the application. With
``SKATVEREIN_BENCH_CORE`` set (``bench load --core``) the devices' game posts are answered
by :class:`.entry_core.CoreEntries`, the save's own calls without the request around them.
"""

import os
import runpy
from pathlib import Path

_project = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))
globals().update({name: value for name, value in _project.items() if not name.startswith("_")})
_post_worker_init = _project.get("post_worker_init")
_worker_exit = _project.get("worker_exit")


def post_worker_init(worker):  # noqa: F811 - chained to the project's own hook
    if _post_worker_init is not None:
        _post_worker_init(worker)
    from tournaments.benchmarks.entry_core import CORE_ENV, CoreEntries
    from tournaments.benchmarks.worker_meter import METER_ENV, PROFILE_ENV, CpuMeter

    if os.environ.get(CORE_ENV):  # bench load --core: the floor, measured by the meter below
        worker.wsgi = CoreEntries(worker.wsgi)
    directory = os.environ.get(METER_ENV)
    if directory:
        worker.wsgi = CpuMeter(worker.wsgi, directory, profile=bool(os.environ.get(PROFILE_ENV)))


def worker_exit(server, worker):  # noqa: F811 - chained to the project's own hook
    close = getattr(getattr(worker, "wsgi", None), "close_meter", None)
    if close is not None:
        close()
    if _worker_exit is not None:
        _worker_exit(server, worker)
