"""``Idempotency-Key``: a request sent again with the same key is answered, not repeated.

Contract (docs/api.md): a POST with an ``Idempotency-Key`` header whose key was seen
before on the same path, with the same body, returns the first answer (status and body)
and stores nothing new; the same key with another body is refused with 422. Only
successful answers are kept: a refused request stored nothing, so sending it again is
safe anyway. Keys are kept for at least :data:`KEY_LIFETIME`; each server process deletes
older ones at most every :data:`PRUNE_EVERY_SECONDS`, not after every answer.

The key is inserted first, in the same transaction as what the action stores; a key that
was answered before fails that insert (the unique constraint) and its answer is read then,
so a new key costs no look-up. Two requests with one key at the same moment: the second
one's insert waits on the unique index (or, on SQLite, for the write lock) until the first
ends; if the first stored its answer, the second fails the unique constraint and answers
with it; if the first was refused, its key is rolled back and the second runs the action
itself. Apply it under ``@action``::

    @action(detail=True, methods=["get", "post"])
    @idempotent
    def games(self, request, pk=None): ...
"""

import functools
import hashlib
import json
import logging
import time
from datetime import timedelta

from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop
from rest_framework import status
from rest_framework.response import Response

from tournaments.models import IdempotencyKey
from tournaments.services.row_writes import insert_rows, update_row
from tournaments.skat import Problem

from .errors import problems_response

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200
KEY_LIFETIME = timedelta(hours=24)
# Deleting the expired keys after every answer was a query per game entered; keys a few
# minutes past their day do no harm.
PRUNE_EVERY_SECONDS = 10 * 60
_pruned_at: float | None = None
logger = logging.getLogger(__name__)


def idempotent(action):
    """Make a POST action answer a repeated ``Idempotency-Key`` with its first answer."""

    @functools.wraps(action)
    def wrapper(view, request, *args, **kwargs):
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None:
            return action(view, request, *args, **kwargs)
        if not 1 <= len(key) <= MAX_KEY_LENGTH or not key.isprintable():
            return problems_response([_bad_key()])
        scope, digest = request.path[:MAX_KEY_LENGTH], body_hash(request.data)
        try:
            with transaction.atomic():
                # The key first: a second request with it waits here until this one ends.
                new_key = IdempotencyKey(
                    scope=scope, key=key, request_hash=digest, response_status=0, response_body={}
                )
                insert_rows([new_key])
                response = action(view, request, *args, **kwargs)
                if not status.is_success(response.status_code):
                    transaction.set_rollback(True)
                    return response
                update_row(
                    IdempotencyKey,
                    {"scope": scope, "key": key},
                    {
                        "response_status": response.status_code,
                        "response_body": stored_body(response.data),
                    },
                )
                if _prune_due():
                    transaction.on_commit(_prune)
        except IntegrityError:
            answered = _answer(scope, key, digest)
            if answered is None:
                raise
            return answered
        return response

    return wrapper


def _answer(scope: str, key: str, digest: str) -> Response | None:
    """The stored answer to this key, a 422 if its body differs, or None if it is new."""
    stored = IdempotencyKey.objects.filter(scope=scope, key=key).first()
    if stored is None:
        return None
    if stored.request_hash != digest:
        return problems_response([_key_reused()], status.HTTP_422_UNPROCESSABLE_ENTITY)
    response = Response(stored.response_body, status=stored.response_status)
    response["Idempotent-Replayed"] = "true"
    return response


def body_hash(data) -> str:
    """The digest a key keeps of its request's body, to tell a resent request from another."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), cls=DjangoJSONEncoder)
    return hashlib.sha256(canonical.encode()).hexdigest()


def stored_body(data):
    """An answer's data as the key keeps it: plain JSON values (moments as text)."""
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


def _prune_due() -> bool:
    """True once every :data:`PRUNE_EVERY_SECONDS` in this process (and at its first key)."""
    global _pruned_at
    now = time.monotonic()
    if _pruned_at is not None and now - _pruned_at < PRUNE_EVERY_SECONDS:
        return False
    _pruned_at = now
    return True


def _prune() -> None:
    """Forget keys older than a day; a failure here must not fail the answered request."""
    try:
        IdempotencyKey.objects.filter(created_at__lt=timezone.now() - KEY_LIFETIME).delete()
    except DatabaseError:
        logger.warning("Pruning old idempotency keys failed; trying again on the next key.")


def _bad_key() -> Problem:
    return Problem(
        HEADER,
        "invalid_idempotency_key",
        gettext_noop(
            "The Idempotency-Key header must be 1 to %(max)d printable characters; send a "
            "new random key (for example a UUID) with each new game."
        ),
        {"max": MAX_KEY_LENGTH},
    )


def _key_reused() -> Problem:
    return Problem(
        HEADER,
        "idempotency_key_reused",
        gettext_noop(
            "This Idempotency-Key was already used for a different request. Send a new key "
            "with each new game, and the same key only when sending the same game again."
        ),
        {},
    )
