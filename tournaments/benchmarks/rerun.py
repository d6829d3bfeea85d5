"""A benchmark run against another database server: the same command in a new process.

Django picks its database once, from ``DATABASE_URL`` at start, so ``--database-url`` runs
``manage.py bench …`` again in a child process with that variable set; the child creates
its own throw-away database on that server and prints its report, which is passed on.
"""

import os
import subprocess
import sys
from typing import TextIO

from .server import ROOT


def add_database_url(parser) -> None:
    parser.add_argument(
        "--database-url",
        default="",
        help="run against this database server (e.g. postgres://user@host/db) instead",
    )


def rerun_against(database_url: str, arguments: list[str], out: TextIO) -> None:
    """``manage.py bench *arguments`` against ``database_url``; its report written to
    ``out``. A failing run raises RuntimeError naming the command, the server and the
    child's error output."""
    command = [sys.executable, "manage.py", "bench", *arguments]
    env = {**os.environ, "DATABASE_URL": database_url}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    out.write(done.stdout)
    if done.returncode:
        raise RuntimeError(f"bench {arguments[0]} on {database_url} failed:\n{done.stderr}")
