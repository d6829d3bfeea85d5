"""Reads on a game entry's path compiled to SQL once per process, not once per request.

Django compiles a queryset to SQL every time it is evaluated. For the read of a table
with its series and tournament that is about 0.4 ms of CPU, several times what SQLite
needs to answer it (0.06 ms) — and a game entry reads the table twice: the table code's
check, then the entry under the table's lock (docs/performance.md, "Lean save").

A :class:`PreparedRead` builds its queryset for one value and compiles it the first time
it is asked in a process (per database); afterwards it runs that SQL with the new value
and makes the model instances as the queryset would: the converters of the database
applied, the ``select_related`` parents attached. Only a queryset whose SQL takes exactly
the one value as its one parameter is prepared; any other is evaluated as it is, every
time, so a change of the queryset can make it slower but never wrong.
"""

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError


class PreparedRead:
    """``build(value)`` → a queryset of at most one row (sliced ``[:1]``); :meth:`first`
    answers its first instance or None, compiling its SQL once per process. ``value`` is
    handed to the database as it is: the caller checks it is one the column holds (an id:
    ``errors.is_id``)."""

    def __init__(self, build: Callable[[object], QuerySet]):
        self._build = build
        self._prepared: dict[str, tuple | None] = {}

    def first(self, value):
        queryset = self._build(value)
        alias = queryset.db
        if alias not in self._prepared:
            self._prepared[alias] = _prepare(queryset, value)
        prepared = self._prepared[alias]
        if prepared is None:
            return next(iter(queryset), None)
        connection = connections[alias]
        if queryset.query.select_for_update and connection.get_autocommit():
            # As Django refuses it: a row lock outside a transaction is held by nobody.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        compiler, sql, model, columns, init_list, populators = prepared
        with connection.cursor() as cursor:
            cursor.execute(sql, [value])
            rows = cursor.fetchmany(1)
        for row in compiler.results_iter([rows]):
            instance = model.from_db(alias, init_list, row[columns])
            for populator in populators:
                populator.populate(row, instance)
            return instance
        return None


def _prepare(queryset: QuerySet, value) -> tuple | None:
    """What :meth:`PreparedRead.first` needs to run ``queryset`` again with another value,
    or None when its SQL does not take ``value`` as its only parameter."""
    query = queryset.query
    if queryset._prefetch_related_lookups or queryset._known_related_objects or query.annotations:
        return None
    compiler = query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    if list(params) != [value]:
        return None
    klass_info, select = compiler.klass_info, compiler.select
    first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
    init_list = [column[0].target.attname for column in select[first:last]]
    populators = get_related_populators(klass_info, select, queryset.db)
    return compiler, sql, klass_info["model"], slice(first, last), init_list, populators
