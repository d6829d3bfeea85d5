"""One import of a tournament's document at a time on a portal (docs/results-format.md,
"A results portal").

A hall whose upload outlasts its wait sends the same document again; without this each
repeat would occupy another portal worker importing it. The lock is taken without
waiting, before the import's transaction: a second upload of the same id while the first
imports is answered at once (202, "in progress") instead of importing too. It is a
PostgreSQL advisory lock of the session, or on SQLite an exclusive ``flock`` on a file
next to the database: both end with the process that holds them, so a worker ended in
the middle of an import leaves no lock behind.
"""

import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


def advisory_key(document_id: str) -> int:
    """The signed 64-bit key of PostgreSQL's advisory lock for ``document_id``."""
    digest = hashlib.sha256(f"skat-results-import:{document_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def lock_file(database_name, document_id: str) -> str:
    """The file whose ``flock`` is the lock on SQLite: beside the database file (in the
    temporary directory for a database in memory)."""
    name = str(database_name)
    folder = os.path.dirname(name) if os.path.isabs(name) else tempfile.gettempdir()
    tag = hashlib.sha256(name.encode()).hexdigest()[:12]
    directory = os.path.join(folder, f"skatverein-imports-{tag}")
    os.makedirs(directory, exist_ok=True)
    return os.path.join(directory, f"{hashlib.sha256(document_id.encode()).hexdigest()}.lock")


@contextmanager
def importing(document_id: str) -> Iterator[bool]:
    """Yields True holding the lock of ``document_id``'s import, False (at once) while
    another request or process holds it. A document without an id takes no lock: the
    import refuses it."""
    if not document_id:
        yield True
    elif connection.vendor == "postgresql":
        with _advisory(advisory_key(document_id)) as taken:
            yield taken
    else:
        with _flocked(lock_file(connection.settings_dict["NAME"], document_id)) as taken:
            yield taken


@contextmanager
def _advisory(key: int) -> Iterator[bool]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
        taken = cursor.fetchone()[0]
    try:
        yield taken
    finally:
        if taken:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])


@contextmanager
def _flocked(path: str) -> Iterator[bool]:
    with open(path, "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
