"""Database connections across gunicorn's fork, for ``preload_app`` (gunicorn.conf.py).

With ``preload_app`` the master imports the application once and forks every worker from
it. A database connection must never be shared by two processes: two SQLite connections
in one file descriptor corrupt each other's locks, and a PostgreSQL socket read by two
processes mixes their answers (and a child that *closes* it ends the master's session,
since libpq says goodbye to the server). So the master closes what it opened before it
forks (:func:`close_before_fork`), and a worker forgets whatever it still inherited
without closing it (:func:`forget_inherited`); each worker then opens its own connection
at its first query.

The master also moves the objects it has built (Django, the views, the PDF libraries:
about 240,000) into the garbage collector's permanent generation before it forks
(:func:`freeze_before_fork`), as the Python documentation advises for servers that fork
without exec. A worker's full collections then no longer walk them: the first one took a
worker about 125 ms of CPU in the middle of a game entry (the 33rd request, measured
with ``manage.py bench load``), writing to every inherited page and so copying it.
"""

import gc

from django.db import connections as default_connections

# Inherited connection objects a worker dropped, kept referenced so that the garbage
# collector never finalises (and so closes) the master's socket or file from the child.
_inherited: list = []


def close_before_fork(connections=default_connections) -> None:
    """In the master, before it forks a worker: close every database connection it holds."""
    for connection in connections.all(initialized_only=True):
        connection.close()


def freeze_before_fork() -> None:
    """In the master, before it forks a worker: what it holds is never collected in the
    workers (it lives as long as they do)."""
    gc.freeze()


def forget_inherited(connections=default_connections) -> None:
    """In a new worker: drop the connections the fork copied, without closing them."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None:
            _inherited.append(connection.connection)
            connection.connection = None
