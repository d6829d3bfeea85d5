"""A preloaded gunicorn's application with a probe that says who opened its connection.

``tests/test_forking.py`` runs gunicorn with the project's ``gunicorn.conf.py`` on this
module. At import (in the master, as ``preload_app`` does it) it loads the project's WSGI
application and, as a start-up check could, queries the database; ``/probe`` queries it
again in the worker and answers with the worker's process id and the process that opened
the connection it used.
"""

import gc
import json
import os

from django.db import connection
from django.db.backends.signals import connection_created

from skatverein.wsgi import application as project_application  # noqa: F401 - preloads it

_opened_in: dict[int, int] = {}


def _remember_opener(sender, connection, **kwargs):
    _opened_in[id(connection.connection)] = os.getpid()


connection_created.connect(_remember_opener)

with connection.cursor() as cursor:  # the master holds a connection when it forks
    cursor.execute("SELECT 1")
MASTER_OPENED = _opened_in[id(connection.connection)]


def application(environ, start_response):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    body = json.dumps(
        {
            "pid": os.getpid(),
            "opened_in": _opened_in.get(id(connection.connection)),
            "frozen": gc.get_freeze_count(),
        }
    ).encode()
    start_response("200 OK", [("Content-Type", "application/json")])
    return [body]
