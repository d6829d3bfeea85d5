"""Reads on a game entry's path compiled to SQL once per process, not once per request.

Django compiles a queryset to SQL every time it is evaluated. For the read of a table
with its series and tournament that is about 0.4 ms of CPU, several times what SQLite
needs to answer it (0.06 ms) — and a game entry reads the table twice: the table code's
check, then the entry under the table's lock (docs/performance.md, "Lean save").

A :class:`PreparedRead` builds its queryset for one value and compiles it the first time
it is asked in a process (per database); afterwards it runs that SQL with the new value
and makes the model instances as the queryset would: the converters of the database
applied, the ``select_related`` parents attached. Only a queryset whose SQL takes the
value as exactly one of its parameters (the others constants of the query) is prepared;
any other is evaluated as it is, every time, so a change of the queryset can make it
slower but never wrong.
"""

from collections.abc import Callable

from django.db import connections, router
from django.db.models import QuerySet
from django.db.models.query import ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError


class PreparedRead:
    """``build(value)`` → a queryset of at most one row (sliced ``[:1]``): model instances
    or a ``values_list()``; :meth:`first` answers its first instance (or row) or None,
    compiling its SQL once per process. ``value`` is handed to the database as it is: the
    caller checks it is one the column holds (an id: ``errors.is_id``)."""

    def __init__(self, build: Callable[[object], QuerySet]):
        self._build = build
        self._prepared: dict[str, tuple | None] = {}
        self._route = None  # the router's question for the database, once built

    def first(self, value):
        # Building the queryset (above all one with subqueries) costs as much as compiling
        # it: once prepared, only the database is asked for, as the queryset would ask.
        alias = self._route(self._model) if self._route is not None else None
        if alias is not None and self._prepared.get(alias) is not None:
            return self._run(alias, self._select_for_update, value)
        queryset = self._build(value)
        alias = queryset.db
        self._model, self._select_for_update = queryset.model, queryset.query.select_for_update
        self._route = router.db_for_write if self._select_for_update else router.db_for_read
        if alias not in self._prepared:
            self._prepared[alias] = _prepare(queryset, value)
            if self._prepared[alias] is not None and queryset._fields is not None:
                # A values_list() row is checked once against the queryset's own: Django
                # may order its columns after reading them, which would not be repeated.
                expected = next(iter(queryset), None)
                if expected is None:
                    del self._prepared[alias]  # nothing to check against: next time
                elif self._run(alias, False, value) != expected:
                    self._prepared[alias] = None
                return expected
        if self._prepared[alias] is None:
            return next(iter(queryset), None)
        return self._run(alias, self._select_for_update, value)

    def rows(self, value) -> list[tuple]:
        """Every row of a ``values_list()`` queryset (not sliced), compiled once per process
        as :meth:`first` compiles its one row."""
        alias = self._route(self._model) if self._route is not None else None
        if alias is not None and self._prepared.get(alias) is not None:
            return self._run_all(alias, value)
        queryset = self._build(value)
        if queryset._fields is None:
            raise TypeError("PreparedRead.rows() reads values_list() querysets only")
        alias = queryset.db
        self._model, self._select_for_update = queryset.model, False
        self._route = router.db_for_read
        expected = [tuple(row) for row in queryset]
        if alias not in self._prepared and expected:
            # Checked once against the queryset's own rows, as first() checks its row.
            self._prepared[alias] = _prepare(queryset, value)
            if self._prepared[alias] is not None and self._run_all(alias, value) != expected:
                self._prepared[alias] = None
        return expected

    def _run_all(self, alias: str, value) -> list[tuple]:
        compiler, (sql, params, place), _instances = self._prepared[alias]
        params = [*params[:place], value, *params[place + 1 :]]
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            fetched = cursor.fetchall()
        return [tuple(row) for row in compiler.results_iter([fetched])]

    def _run(self, alias: str, select_for_update: bool, value):
        connection = connections[alias]
        if select_for_update and connection.get_autocommit():
            # As Django refuses it: a row lock outside a transaction is held by nobody.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        compiler, (sql, params, place), instances = self._prepared[alias]
        params = [*params[:place], value, *params[place + 1 :]]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchmany(1)
        for row in compiler.results_iter([rows]):
            if instances is None:  # a values_list(): the row as it is
                return tuple(row)
            model, columns, init_list, populators = instances
            instance = model.from_db(alias, init_list, row[columns])
            for populator in populators:
                populator.populate(row, instance)
            return instance
        return None


class _Converting:
    """A compiled query's converters, found once: ``results_iter`` looks them up for every
    read (a quarter of a prepared read's CPU)."""

    def __init__(self, compiler):
        self.compiler = compiler
        fields = [column[0] for column in compiler.select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(fields)
        if compiler.has_composite_fields(fields):
            self.converters = None  # not repeated by hand: results_iter() each time

    def results_iter(self, results):
        if self.converters is None:
            return self.compiler.results_iter(results)
        rows = (row for rows in results for row in rows)
        if not self.converters:
            return rows
        return self.compiler.apply_converters(rows, self.converters)


def _prepare(queryset: QuerySet, value) -> tuple | None:
    """What :meth:`PreparedRead.first` needs to run ``queryset`` again with another value,
    or None when its SQL does not take ``value`` as one parameter of its own or its rows are
    made by more than the compiler (prefetching, annotations on instances, values() as
    dictionaries)."""
    query = queryset.query
    values = queryset._fields is not None
    if queryset._prefetch_related_lookups or queryset._known_related_objects:
        return None
    if (values and queryset._iterable_class is not ValuesListIterable) or (
        not values and query.annotations
    ):
        return None
    compiler = query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    places = [place for place, param in enumerate(params) if param == value]
    if len(places) != 1 or any(isinstance(param, (list, dict)) for param in params):
        return None  # the value is not one parameter of its own: not repeated safely
    sql = (sql, list(params), places[0])
    # The columns' converters, as results_iter() would look them up for every read.
    converting = _Converting(compiler)
    if values:
        return converting, sql, None
    klass_info, select = compiler.klass_info, compiler.select
    first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
    init_list = [column[0].target.attname for column in select[first:last]]
    populators = get_related_populators(klass_info, select, queryset.db)
    return converting, sql, (klass_info["model"], slice(first, last), init_list, populators)
