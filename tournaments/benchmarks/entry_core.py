"""``bench entry-profile --core``: a save's own work, without the request around it.

A table device's save has a CPU goal (docs/performance.md, "Lean save"). Django's request
handling, the table API's middleware and DRF take part of what it costs; this measures
what is left when none of them runs: the same games as ``bench entry-profile`` posts, each given
straight to the calls the games view makes for a device's new game —

- the table read and its code checked (``TABLE_WITH_EVENT``, ``table_access``), as the
  table code permission does;
- in one transaction: the ``Idempotency-Key`` row, the game entered
  (``states.apply(…, "enter", …)``: the lock, the rules, the game, its list points, the
  audit row), the game's answer, the list's state from the entry's reads, the key's
  answer;
- the answer rendered by DRF's JSON renderer.

No request object, no middleware, no content negotiation, no permission classes, no
response headers: a floor that no change to the request's handling can go below. The
figure is for comparing, not a way into the list; the test beside it checks that these
calls store what the view stores for the same game.

``bench load --core`` measures the same floor where the goal is measured, in the table
pool's gunicorn workers during a hall's run: the benchmark's own gunicorn settings
(``server_settings.py``, never the project's) put :class:`CoreEntries` in front of each
worker's application, and it answers the devices' game posts with :func:`save_core`.
"""

import io
import json
import re
import time

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from rest_framework.renderers import JSONRenderer

from tournaments.api.idempotency import body_hash, stored_body
from tournaments.api.serializers.games import game_representation
from tournaments.api.table_code import TABLE_WITH_EVENT
from tournaments.models import IdempotencyKey
from tournaments.services import states, table_access
from tournaments.services.lists.offline_entry import entry_data
from tournaments.services.lists.table_device import state_after_entry
from tournaments.services.roles import Role
from tournaments.services.row_writes import insert_rows, update_row

_DEVICE = frozenset({Role.TABLE_DEVICE})
_RENDERER = JSONRenderer()
CLIENT = "127.0.0.1"
# Set by ``bench load --core`` for its server: the workers answer game posts with save_core.
CORE_ENV = "SKATVEREIN_BENCH_CORE"
_GAMES = re.compile(r"/api/v1/tables/([0-9]+)/games/\Z")
_CORE_HEADERS = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]


def save_core(table_id: int, code: str, key: str, body: bytes, *, with_state: bool) -> bytes:
    """Store one device's game as the games view does on success; its answer's bytes.

    Raises what the view would turn into a refusal (a wrong code: PermissionError; a
    refused game: the service's exception): the floor measures stored games only.
    """
    data = json.loads(body)
    table = TABLE_WITH_EVENT.first(table_id)
    kept_list = table_access.code_opens(table, code, CLIENT) if table is not None else None
    if not kept_list:
        raise PermissionError(f"the code does not open table {table_id}")
    table_access.ensure_code_usable(table)
    scope = f"/api/v1/tables/{table_id}/games/"
    with transaction.atomic():
        new_key = IdempotencyKey(
            scope=scope, key=key, request_hash=body_hash(data), response_status=0, response_body={}
        )
        insert_rows([new_key])
        game = states.apply(
            table,
            "enter",
            AnonymousUser(),
            roles=_DEVICE,
            actor=table_access.device_actor(table, kept_list),
            game=entry_data(table, data),
            kept_list=kept_list,
        )
        shown = game_representation(game)
        answer = {**shown, "state": state_after_entry(game)} if with_state else shown
        update_row(
            IdempotencyKey,
            {"scope": scope, "key": key},
            {"response_status": 201, "response_body": stored_body(shown)},
        )
    return _RENDERER.render(answer)


class CorePosts:
    """The games of ``posts`` (an ``entry_profile.Posts``), given to :func:`save_core`."""

    def __init__(self, posts):
        self.posts = posts
        self.statuses = posts.statuses

    def send(self) -> float:
        """Store the next game; its CPU milliseconds in this thread."""
        table, number, game = self.posts.queue.pop(0)
        body = json.dumps(game).encode()
        key = f"{table.table_id}-{number}-{self.posts.run_id}"
        started = time.thread_time()
        save_core(table.table_id, table.code, key, body, with_state=bool(self.posts.query))
        spent = (time.thread_time() - started) * 1000
        self.statuses["stored (core)"] = self.statuses.get("stored (core)", 0) + 1
        return spent


class CoreEntries:
    """A WSGI application for the load benchmark's workers: a device's new game (a POST
    to a table's games with its code and an ``Idempotency-Key``) is stored by
    :func:`save_core` and answered 201 with its bytes; everything else, and a game the
    core refuses (its transaction rolled back), goes on to ``application`` with its body
    as sent, to be answered as always. A wrong code is then counted twice towards the
    address's limit: the benchmark's devices send right ones."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        found = _GAMES.match(environ.get("PATH_INFO", ""))
        code = environ.get("HTTP_X_TABLE_CODE")
        key = environ.get("HTTP_IDEMPOTENCY_KEY")
        if found is None or environ.get("REQUEST_METHOD") != "POST" or not (code and key):
            return self.application(environ, start_response)
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(body)
        with_state = "state=1" in environ.get("QUERY_STRING", "").split("&")
        try:
            answer = save_core(int(found.group(1)), code, key, body, with_state=with_state)
        except Exception:  # noqa: BLE001 - the whole stack answers what the core refused
            return self.application(environ, start_response)
        start_response("201 Created", [*_CORE_HEADERS, ("Content-Length", str(len(answer)))])
        return [answer]
