"""Benchmarks run by ``manage.py bench NAME``: generated data, timed, in a throw-away database.

A benchmark is a measurement, not a test: the numbers depend on the machine, so they are
printed together with the machine, never asserted. Each one registers itself in
:data:`BENCHMARKS` with the options it takes and a ``run`` that prints its report; the
command creates a fresh database for it (:func:`throwaway_database`) and drops it again, so
the development database is never read or written.

To add one: a module here with ``add_arguments(parser)`` and ``run(options, out)``, and an
entry in :data:`BENCHMARKS`; an app built on this one adds its own with :func:`register`
from its ``AppConfig.ready()`` (the league's ``bench league``). Its sizes and durations are
:class:`.options.WholeNumber` rows (range checked while parsing, before any database is
created).
"""

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

from django.db import DEFAULT_DB_ALIAS, connections

from . import entry_profile, full_report, load, overview, pdf, ranking


@dataclass(frozen=True)
class Benchmark:
    help: str
    add_arguments: Callable  # (argparse parser) -> None
    run: Callable[[dict, TextIO], None]  # (parsed options, output) -> None


BENCHMARKS: dict[str, Benchmark] = {
    "ranking": Benchmark(ranking.HELP, ranking.add_arguments, ranking.run),
    "pdf": Benchmark(pdf.HELP, pdf.add_arguments, pdf.run),
    "load": Benchmark(load.HELP, load.add_arguments, load.run),
    "entry-profile": Benchmark(entry_profile.HELP, entry_profile.add_arguments, entry_profile.run),
    "all": Benchmark(full_report.HELP, full_report.add_arguments, full_report.run),
}
OVERVIEW = Benchmark(overview.HELP, overview.add_arguments, overview.run)
"""What ``manage.py bench`` runs without a name: the performance table of
docs/performance.md."""


def register(name: str, benchmark: Benchmark) -> None:
    """Add an app's benchmark as ``manage.py bench <name>``; ``all`` stays the last one the
    command's help lists."""
    BENCHMARKS[name] = benchmark
    BENCHMARKS["all"] = BENCHMARKS.pop("all")


@contextmanager
def throwaway_database() -> Iterator[str]:
    """Switch the default connection to a new, migrated database, then drop it and switch back.

    This is what the test runner does (``create_test_db``): with SQLite the database is a
    file in a temporary directory (a file, not memory, so the timings are those of a real
    installation); with another engine a database ``<name>_bench_<pid>`` on the same server
    (never the engine's default test database, which a test run may be using). Afterwards the
    connection points at the database it pointed at before (``create_test_db`` returns
    the new name, not the old one), so a benchmark run inside a longer-lived process, such
    as a test, leaves that process's database in place. Yields a description of where the
    throw-away database lives, for the report.
    """
    connection = connections[DEFAULT_DB_ALIAS]
    previous_name = connection.settings_dict["NAME"]
    previous_test = dict(connection.settings_dict["TEST"])
    with tempfile.TemporaryDirectory(prefix="skatverein-bench-") as directory:
        if connection.vendor == "sqlite":
            connection.settings_dict["TEST"]["NAME"] = os.path.join(directory, "bench.sqlite3")
        elif not previous_test.get("NAME"):
            # Not the engine's default test database: a test run may be using it, and
            # autoclobber would drop it.
            connection.settings_dict["TEST"]["NAME"] = f"{previous_name}_bench_{os.getpid()}"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield f"{connection.vendor} {connection.settings_dict['NAME']}"
        finally:
            connection.creation.destroy_test_db(previous_name, verbosity=0)
            connection.settings_dict["TEST"].clear()
            connection.settings_dict["TEST"].update(previous_test)
