"""Counting attempts per address atomically, for every limit of the product.

Every limit — wrong table codes, logins per address, the token endpoint, the calculator —
asks :func:`hit` here. The counter is one database row per scope and key, raised by one
``UPDATE`` whose new value the same transaction reads back: on PostgreSQL the row lock
orders concurrent requests, on SQLite the immediate transaction does, so 40 requests at
once see the counts 1 to 40, never two of them the same (a cache entry read, changed and
written back loses increments under load: 40 wrong codes were once all let through).

A window starts with the first attempt and lasts ``window`` seconds; the next attempt
after it starts a new one. A refused attempt that finds the limit already reached is
answered from a read alone, so a flood costs one indexed ``SELECT`` per request.
"""

import math
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from tournaments.models import AttemptCounter

# Rows whose window ended this long ago are deleted when a new row is written.
_KEEP = timedelta(days=1)


@dataclass(frozen=True)
class Attempt:
    """The outcome of one attempt: its number within the window and whether it is allowed."""

    count: int
    allowed: bool
    retry_after: int  # seconds until the window ends; 0 when allowed


def blocked_for(scope: str, key: str, *, limit: int, window: int) -> int:
    """Seconds ``key`` must still wait in ``scope`` (0 if it may try), without counting."""
    row = (
        AttemptCounter.objects.filter(scope=scope, key=key)
        .values_list("count", "started_at")
        .first()
    )
    if row is None:
        return 0
    count, started_at = row
    if count < limit or started_at + timedelta(seconds=window) <= timezone.now():
        return 0
    return _wait(started_at, window)


def hit(scope: str, key: str, *, limit: int, window: int) -> Attempt:
    """Count one attempt of ``key`` in ``scope``; allowed while it is one of the first ``limit``."""
    wait = blocked_for(scope, key, limit=limit, window=window)
    if wait:
        return Attempt(count=limit + 1, allowed=False, retry_after=wait)
    now = timezone.now()
    with transaction.atomic():
        count, started_at = _increment(scope, key, now, window)
    if count <= limit:
        return Attempt(count=count, allowed=True, retry_after=0)
    return Attempt(count=count, allowed=False, retry_after=_wait(started_at, window))


def give_back(scope: str, key: str) -> None:
    """Take back one counted attempt of ``key`` in ``scope`` (it turned out not to count)."""
    AttemptCounter.objects.filter(scope=scope, key=key, count__gt=0).update(count=F("count") - 1)


def forget(scope: str, key: str) -> bool:
    """Drop the count of ``key`` in ``scope``; whether there was one."""
    deleted, _ = AttemptCounter.objects.filter(scope=scope, key=key).delete()
    return bool(deleted)


def over_limit(scope: str, *, limit: int, window: int) -> list[tuple[str, int, int]]:
    """``(key, count, retry_after)`` of every key of ``scope`` now at or over ``limit``."""
    fresh = timezone.now() - timedelta(seconds=window)
    rows = AttemptCounter.objects.filter(scope=scope, count__gte=limit, started_at__gte=fresh)
    return [
        (key, count, _wait(started_at, window))
        for key, count, started_at in rows.values_list("key", "count", "started_at")
    ]


def _increment(scope, key, now, window):
    rows = AttemptCounter.objects.filter(scope=scope, key=key)
    expired = When(started_at__lt=now - timedelta(seconds=window), then=Value(1))
    restarted = When(started_at__lt=now - timedelta(seconds=window), then=Value(now))
    # Both SET expressions read the row as it was before this UPDATE (SQL semantics).
    updated = rows.update(
        count=Case(expired, default=F("count") + 1),
        started_at=Case(restarted, default=F("started_at")),
    )
    if not updated:
        try:
            with transaction.atomic():
                AttemptCounter.objects.create(scope=scope, key=key, count=1, started_at=now)
        except IntegrityError:  # another request created it a moment ago: count on it
            rows.update(count=F("count") + 1)
        else:
            AttemptCounter.objects.filter(started_at__lt=now - _KEEP).delete()
    return rows.values_list("count", "started_at").get()


def _wait(started_at, window) -> int:
    remaining = (started_at + timedelta(seconds=window) - timezone.now()).total_seconds()
    return max(1, math.ceil(remaining))
