"""What each request costs a gunicorn worker: its CPU time, measured inside the worker.

Wall-clock latencies on a shared 2-core machine move with whatever else runs there; the
CPU time the worker's thread spends on a request does not (much). So the load benchmark
starts gunicorn with :mod:`.server_settings`, which wraps each worker's WSGI application
in :class:`CpuMeter` after the worker has loaded it: for every request the thread's CPU
time (``time.thread_time``, which also holds for threaded workers) and its wall time are
appended as one line to a file per worker process in ``SKATVEREIN_BENCH_METER`` (a
directory). :func:`read_meter` sums them per kind of request after the run.

With ``SKATVEREIN_BENCH_PROFILE`` set as well, the table devices' game posts are run
under :mod:`cProfile` and each worker writes its profile when it exits;
:func:`profile_breakdown` merges them into the functions that take the most time. The
profiler slows every call down, so its run is for finding where the time goes, not for
the figures themselves.
"""

import cProfile
import os
import pstats
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

METER_ENV = "SKATVEREIN_BENCH_METER"
PROFILE_ENV = "SKATVEREIN_BENCH_PROFILE"
ENTRY = "game entry"
KINDS = (
    (ENTRY, "POST", re.compile(r"^/api/v1/tables/\d+/games/$")),
    ("version poll", "GET", re.compile(r"^/turniere/\d+/version/$")),
    ("table fetch", "GET", re.compile(r"^/turniere/\d+/rangliste/$"), "fragment=1"),
    ("page open", "GET", re.compile(r"^/turniere/\d+/rangliste/$")),
    ("login", "POST", re.compile(r"^/(anmelden|api/v1/auth/token)/$")),
)


def kind_of(method: str, path: str, query: str) -> str:
    for kind, wanted_method, pattern, *needs in KINDS:
        if method == wanted_method and pattern.match(path) and all(n in query for n in needs):
            return kind
    return "other"


def read_and_closed(application, environ, start_response) -> list[bytes]:
    """``application``'s answer, read and closed, as a WSGI server does with it.

    Closing a Django answer sends ``request_finished`` (the database connection's check,
    the request's clean-up), so a measurement around this counts that work too; the list
    returned has nothing left to close.
    """
    answer = application(environ, start_response)
    try:
        return list(answer)
    finally:
        close = getattr(answer, "close", None)
        if close is not None:
            close()


class CpuMeter:
    """A WSGI application that records what each request of ``application`` costs."""

    def __init__(self, application, directory: str, *, profile: bool = False):
        self.application = application
        self.directory = directory
        # CPU time, not wall time: a post waiting for the write lock costs no CPU.
        self.profiler = cProfile.Profile(time.thread_time) if profile else None
        self._profiled = False
        self._file = None

    def __call__(self, environ, start_response):
        kind = kind_of(
            environ.get("REQUEST_METHOD", ""),
            environ.get("PATH_INFO", ""),
            environ.get("QUERY_STRING", ""),
        )
        started, started_cpu = time.perf_counter(), time.thread_time()
        if self.profiler is not None and kind == ENTRY:
            self._profiled = True
            self.profiler.enable()
            try:
                body = read_and_closed(self.application, environ, start_response)
            finally:
                self.profiler.disable()
        else:
            body = read_and_closed(self.application, environ, start_response)
        cpu_ms = (time.thread_time() - started_cpu) * 1000
        wall_ms = (time.perf_counter() - started) * 1000
        self._write(f"{kind}\t{cpu_ms:.3f}\t{wall_ms:.3f}\n")
        return body

    def _write(self, line: str) -> None:
        if self._file is None:
            path = Path(self.directory) / f"requests-{os.getpid()}.tsv"
            self._file = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115
        self._file.write(line)

    def close_meter(self) -> None:
        """Flush the lines and write the profile, if any (at the worker's exit)."""
        if self._file is not None:
            self._file.close()
            self._file = None
        # A worker that answered no entry (the hall pool's) has an empty profile, which
        # pstats cannot read back.
        if self.profiler is not None and self._profiled:
            self.profiler.dump_stats(Path(self.directory) / f"profile-{os.getpid()}.pstats")


@dataclass
class KindFigures:
    """CPU and wall milliseconds of every request of one kind, across all workers."""

    cpu_ms: list[float] = field(default_factory=list)
    wall_ms: list[float] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.cpu_ms)

    @property
    def mean_cpu_ms(self) -> float:
        return statistics.fmean(self.cpu_ms) if self.cpu_ms else 0.0

    @property
    def median_cpu_ms(self) -> float:
        return statistics.median(self.cpu_ms) if self.cpu_ms else 0.0


def read_meter(directory: str) -> dict[str, KindFigures]:
    """Every worker's lines, per kind of request."""
    figures: dict[str, KindFigures] = {}
    for path in sorted(Path(directory).glob("requests-*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            kind, cpu_ms, wall_ms = line.split("\t")
            one = figures.setdefault(kind, KindFigures())
            one.cpu_ms.append(float(cpu_ms))
            one.wall_ms.append(float(wall_ms))
    return figures


def profile_breakdown(directory: str, limit: int = 15) -> list[tuple[str, float, float]]:
    """(function, share of the entries' time spent inside it, share in it alone) of the
    ``limit`` functions of the product with the most time inside, from every worker's
    profile; empty without profiles."""
    files = sorted(str(p) for p in Path(directory).glob("profile-*.pstats"))
    if not files:
        return []
    merged = pstats.Stats(*files)
    total = merged.total_tt or 1.0
    rows = []
    for (filename, line, name), (_cc, _nc, tottime, cumtime, _callers) in merged.stats.items():
        if "/tournaments/" not in filename and "/skatverein/" not in filename:
            continue
        where = filename.split("/tournaments/", 1)[-1] if "/tournaments/" in filename else filename
        rows.append((f"{where}:{line} {name}", cumtime / total, tottime / total))
    rows.sort(key=lambda row: -row[1])
    return rows[:limit]


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds of process ``pid`` and of its children it has waited for (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    # utime, stime, cutime, cstime are fields 14–17 of stat; fields[0] here is field 3.
    return sum(int(value) for value in fields[11:15]) / ticks


def server_cpu_seconds(master_pid: int) -> float:
    """CPU seconds of a gunicorn master and all its workers, living and gone, so far."""
    total = process_cpu_seconds(master_pid)
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        try:
            total += process_cpu_seconds(int(child))
        except (FileNotFoundError, ProcessLookupError):
            continue  # it exited meanwhile; the master's cutime has it once it is reaped
    return total
