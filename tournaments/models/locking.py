"""The lock of a signed or closed list, enforced below the services (docs/rules.md 4).

The services refuse changes to a list that is no longer open (``seating.ensure_open``).
These guards repeat the refusal in the models, so that the admin, a shell session or a
future interface cannot change a signed list either: ``save()``, ``delete()`` and the bulk
``update()``, ``delete()`` and ``bulk_create()`` of every row that makes up a list raise
:class:`ListLocked` while its table is signed or locked. Only the director's reopening
(``services.sealing.closing.reopen``, through ``services.states``) lifts the guard, for that
one table, with :func:`changes_allowed`; list keeping, which has just seen the list open
under the table's row lock, skips the repeated check with :func:`seen_open`.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.apps import apps
from django.db import models
from django.db.models.signals import pre_delete
from django.utils.translation import gettext_noop

from tournaments.skat import Problem

CLOSED_STATUSES = ("signed", "locked")

_allowed_tables: ContextVar[frozenset[int]] = ContextVar(
    "list_changes_allowed", default=frozenset()
)


class ListLocked(Exception):
    """A change to a signed or locked list that did not go through the director's reopening.

    Carries a :class:`~tournaments.skat.Problem` with the same code and message as the
    services' refusal, so every interface can show it as a 409 conflict.
    """

    def __init__(self, table_number: int, status: str):
        self.table_number = table_number
        self.status = status
        self.problem = Problem(
            "table",
            "list_locked",
            gettext_noop(
                "The list of table %(table)d is %(status)s and can no longer be changed. "
                "Only the tournament director can correct it, with a reason."
            ),
            {"table": table_number, "status": _status_label(status)},
        )
        super().__init__(self.problem.text())


def _status_label(status: str):
    return apps.get_model("tournaments", "Table").Status(status).label


@contextmanager
def changes_allowed(table) -> Iterator[None]:
    """Let the rows of ``table``'s list change although it is closed (director's reopening)."""
    token = _allowed_tables.set(_allowed_tables.get() | {table.pk})
    try:
        yield
    finally:
        _allowed_tables.reset(token)


@contextmanager
def seen_open(table) -> Iterator[None]:
    """Writes to ``table``'s list skip the check whether it is closed.

    Only for a service that holds the table's row lock (``services.locking.lock_table``)
    and has seen the list open after taking it: nobody can close the list before the
    transaction ends, so the check would only repeat, with a query for every write (two
    or three for each game entered), what the service has just established.
    """
    if not table.is_open:
        raise ListLocked(table.number, table.status)
    with changes_allowed(table):
        yield


def _closed(table_ids: Iterable[int | None]) -> tuple[int, str] | None:
    """(number, status) of one closed table among ``table_ids`` that is not allowed to change."""
    ids = {pk for pk in table_ids if pk is not None} - _allowed_tables.get()
    if not ids:
        return None
    table_model = apps.get_model("tournaments", "Table")
    return (
        table_model._base_manager.filter(pk__in=ids, status__in=CLOSED_STATUSES)
        .values_list("number", "status")
        .first()
    )


def ensure_changeable(table_ids: Iterable[int | None]) -> None:
    """Raise :class:`ListLocked` if one of the tables is signed or locked."""
    closed = _closed(table_ids)
    if closed is not None:
        raise ListLocked(*closed)


class _LockGuardedQuerySet(models.QuerySet):
    """Bulk deletes and updates refuse while one of the tables they reach is closed.

    ``table_prefix`` leads from the queried row to its table ("" for tables themselves).
    """

    table_prefix = ""

    def _ensure_none_closed(self) -> None:
        table = self.table_prefix
        closed = (
            self.filter(**{f"{table}status__in": CLOSED_STATUSES})
            .exclude(**{f"{table}pk__in": _allowed_tables.get()})
            .values_list(f"{table}number", f"{table}status")
            .order_by()
            .first()
        )
        if closed is not None:
            raise ListLocked(*closed)

    def _changes_list(self, fields) -> bool:
        return True

    def delete(self):
        self._ensure_none_closed()
        return super().delete()

    delete.alters_data = True
    delete.queryset_only = True

    def update(self, **kwargs):
        if self._changes_list(kwargs):
            self._ensure_none_closed()
        return super().update(**kwargs)

    update.alters_data = True


class ListRowQuerySet(_LockGuardedQuerySet):
    """Bulk writes of list rows (games, points, seats, summary, signatures) check the lock."""

    table_prefix = "table__"

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        ensure_changeable(obj.table_id for obj in objs)
        return super().bulk_create(objs, *args, **kwargs)


class ListRow(models.Model):
    """A row of a list: refuses ``save()`` and ``delete()`` while its table is closed."""

    objects = ListRowQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        ensure_changeable([self.table_id])
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        ensure_changeable([self.table_id])
        return super().delete(*args, **kwargs)


# What a closed table may still change about itself: the device codes are not part of the list.
TABLE_FREE_FIELDS = frozenset({"access_code", "second_code"})


class TableQuerySet(_LockGuardedQuerySet):
    """Closed tables cannot be deleted in bulk, and bulk updates may touch only fields
    outside the list (the device code)."""

    def _changes_list(self, fields) -> bool:
        return bool(set(fields) - TABLE_FREE_FIELDS)


def ensure_table_changeable(table, update_fields=None) -> None:
    """Refuse to save a closed table if a field of its list would change.

    Compares with the stored row, so the transition that closes a list (open → signed or
    locked) passes, and so does saving a closed table unchanged.
    """
    if table.pk is None or table.pk in _allowed_tables.get():
        return
    names = [
        field.attname
        for field in table._meta.concrete_fields
        if not field.primary_key and field.attname not in TABLE_FREE_FIELDS
    ]
    if update_fields is not None:
        given = set(update_fields)
        names = [name for name in names if name in given or _field_name(name) in given]
        if not names:
            return
    columns = sorted({"number", "status", *names})
    stored = type(table)._base_manager.filter(pk=table.pk).values(*columns).first()
    if stored is None or stored["status"] not in CLOSED_STATUSES:
        return
    if any(stored[name] != getattr(table, name) for name in names):
        raise ListLocked(stored["number"], stored["status"])


def _field_name(attname: str) -> str:
    return attname.removesuffix("_id")


def ensure_table_deletable(table) -> None:
    if table.pk not in _allowed_tables.get():
        stored = type(table)._base_manager.filter(pk=table.pk).values_list("number", "status")
        closed = stored.first()
        if closed is not None and closed[1] in CLOSED_STATUSES:
            raise ListLocked(*closed)


def _refuse_deleting_a_closed_table(sender, instance, **kwargs) -> None:
    """Catches cascades: deleting a series with a closed list is refused.

    ``Table.delete()`` and the bulk delete check before the deletion starts; this receiver
    runs inside the deletion's transaction, which the refusal then rolls back.
    """
    if instance.status in CLOSED_STATUSES and instance.pk not in _allowed_tables.get():
        raise ListLocked(instance.number, instance.status)


pre_delete.connect(
    _refuse_deleting_a_closed_table,
    sender="tournaments.Table",
    dispatch_uid="tournaments_refuse_deleting_closed_table",
)
