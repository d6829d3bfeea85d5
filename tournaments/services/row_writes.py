"""Rows written as ``bulk_create`` writes them, with the SQL made once per process.

Django builds and compiles an INSERT for every ``save()`` and ``bulk_create()``: for the
entry of a game (the idempotency key, the game, its list points, the audit entry) that was
about a third of the save's CPU, several times what the database needs to store the rows
(docs/performance.md, "Lean save"). :func:`insert_rows` prepares each value as
``bulk_create`` does (``pre_save``, so ``auto_now_add`` fills in, then
``get_db_prep_save``) and runs an INSERT whose text is kept per model, database and
number of rows. Like ``bulk_create`` it sends no signals and checks no list lock: the
callers do what the model's ``save()`` would (``listkeeping._save_with_points``).

Preparing the values was the larger part of that (about 100 calls of
``get_db_prep_save`` for one game entry, each three to five calls deep). For the plain
fields whose preparation gives a value of its own type back unchanged (a whole number, a
yes/no, a text, a link's id; :func:`kept_types`), the value is taken as it is; every
other value (a date, JSON, a number held as text) is prepared by Django as before.
"""

from collections.abc import Iterable, Sequence

from django.db import connections, models, router
from django.db.backends.base.operations import BaseDatabaseOperations

# (model, database, rows, with ids) → the INSERT's text and its fields.
_statements: dict[tuple, tuple[str, list]] = {}
# (field, database) → what kept_types() said.
_kept: dict[tuple, tuple[type, ...]] = {}
_MISSING = object()
# Exactly these classes (a subclass may prepare its values otherwise): Django's
# get_db_prep_save gives a value of the type named back as it is, and None as None; a text
# field any text, a choice's member too (TEXT: its subclasses as well).
TEXT = (str,)
_AS_GIVEN = {
    models.BooleanField: (bool,),
    models.CharField: TEXT,
    models.TextField: TEXT,
}
_WHOLE_NUMBERS = {
    models.AutoField,
    models.BigAutoField,
    models.SmallAutoField,
    models.IntegerField,
    models.BigIntegerField,
    models.SmallIntegerField,
    models.PositiveIntegerField,
    models.PositiveBigIntegerField,
    models.PositiveSmallIntegerField,
}


def kept_types(field: models.Field, connection) -> tuple[type, ...]:
    """The types of value ``field.get_db_prep_save(value, connection)`` gives back unchanged
    (``value is None`` always included); ``()`` if every value must be prepared."""
    if type(field) is models.ForeignKey:
        # A link's id is prepared as the field it points to (its primary key).
        return kept_types(field.target_field, connection)
    if type(field) in _AS_GIVEN:
        return _AS_GIVEN[type(field)]
    # Whole numbers are given unchanged unless the database adapts them (psycopg 3 wraps
    # each in its own integer type).
    adapts = type(connection.ops).adapt_integerfield_value
    if type(field) in _WHOLE_NUMBERS and adapts is BaseDatabaseOperations.adapt_integerfield_value:
        return (int,)
    return ()


def prepared_values(rows: Sequence[models.Model], fields: list, connection) -> list:
    """The values of ``fields`` of ``rows``, row by row, as ``bulk_create`` prepares them."""
    plan = _plan(fields, connection)
    return [value for row in rows for value in _row_values(row, plan, connection)]


def _plan(fields: list, connection) -> list[tuple]:
    plan = []
    for field in fields:
        key = (field, connection.alias)
        if key not in _kept:
            _kept[key] = kept_types(field, connection)
        plan.append((field, field.attname, _kept[key]))
    return plan


def _row_values(row: models.Model, plan: list[tuple], connection) -> list:
    values, prepared = row.__dict__, []
    for field, attname, kept in plan:
        if kept:
            value = values.get(attname, _MISSING)
            if value is None or type(value) in kept or (kept is TEXT and isinstance(value, str)):
                prepared.append(value)
                continue
        prepared.append(field.get_db_prep_save(field.pre_save(row, True), connection))
    return prepared


def insert_rows(rows: Sequence[models.Model], *, read_ids: bool = False) -> None:
    """Insert the unsaved ``rows`` (all of one model) in one statement. With ``read_ids``
    each row gets its primary key from the database (RETURNING, where the database
    offers it; else through ``bulk_create``), and counts as saved."""
    if not rows:
        return
    model = type(rows[0])
    alias = router.db_for_write(model, instance=rows[0])
    connection = connections[alias]
    if read_ids and not connection.features.can_return_rows_from_bulk_insert:
        model._base_manager.using(alias).bulk_create(rows)
        return
    for row in rows:  # refuses a link to an unsaved row, as bulk_create() does
        row._prepare_related_fields_for_save(operation_name="bulk_create")
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    # As bulk_create() splits them: no more parameters in one statement than allowed.
    size = max(connection.ops.bulk_batch_size(fields, rows), 1)
    for start in range(0, len(rows), size):
        _insert_batch(model, alias, rows[start : start + size], read_ids)


def _insert_batch(model, alias: str, rows: Sequence[models.Model], read_ids: bool) -> None:
    connection = connections[alias]
    key = (model, alias, len(rows), read_ids)
    if key not in _statements:
        _statements[key] = _statement(model, connection, len(rows), read_ids)
    sql, fields = _statements[key]
    if sql is None:  # a field the database fills or places itself: as Django writes it
        model._base_manager.using(alias).bulk_create(rows)
        return
    params = prepared_values(rows, fields, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if read_ids:
            pk = model._meta.pk
            for row, (value,) in zip(rows, cursor.fetchall(), strict=True):
                setattr(row, pk.attname, value)
                row._state.adding, row._state.db = False, alias


def _statement(model, connection, count: int, read_ids: bool) -> tuple[str | None, list]:
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    if any(
        field.generated or field.has_db_default() or hasattr(field, "get_placeholder")
        for field in fields
    ):
        return None, fields
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES " + ", ".join([one] * count)
    if read_ids:
        sql += f" RETURNING {quote(meta.db_table)}.{quote(meta.pk.column)}"
    return sql, fields


def update_row(
    model: type[models.Model], where: dict, values: dict, *, counted: tuple[str, ...] = ()
) -> int:
    """``model.objects.filter(**where).update(**values)`` for plain fields compared and set
    by value, and each field named in ``counted`` raised by one, with the SQL made once per
    process; the number of rows changed."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    key = (model, alias, tuple(where), tuple(values), counted)
    if key not in _statements:
        _statements[key] = _update_statement(model, connection, where, values, counted)
    sql, fields = _statements[key]
    params = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, [*values.values(), *where.values()], strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _update_statement(model, connection, where, values, counted) -> tuple[str, list]:
    meta = model._meta
    quote = connection.ops.quote_name
    setting = [meta.get_field(name) for name in values]
    matching = [meta.get_field(name) for name in where]
    sets = [f"{quote(field.column)} = %s" for field in setting]
    for name in counted:
        column = quote(meta.get_field(name).column)
        sets.append(f"{column} = {column} + 1")
    conditions = " AND ".join(f"{quote(field.column)} = %s" for field in matching)
    sql = f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} WHERE {conditions}"
    return sql, [*setting, *matching]


def insert_many(model: type[models.Model], rows: Iterable[models.Model]) -> None:
    """Insert many unsaved ``rows`` of ``model`` with one ``executemany``, their ids not
    read back, each value prepared as in :func:`insert_rows` (a whole imported series'
    list points: one statement per row is cheaper to run many times than a batch of
    hundreds of parameters is to build)."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    sql, fields = _statement(model, connection, 1, False)
    if sql is None:
        model._base_manager.using(alias).bulk_create(list(rows))
        return
    plan = _plan(fields, connection)
    values = [tuple(_row_values(row, plan, connection)) for row in rows]
    if values:
        with connection.cursor() as cursor:
            cursor.executemany(sql, values)
