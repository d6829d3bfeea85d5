"""Reads compiled to SQL once per process: the same instances as the queryset, no compiling
after the first read, and nothing prepared that would not run the same again."""

import pytest
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tournaments.models import Table
from tournaments.services.lists import table_device
from tournaments.services.lists.table_device import list_fingerprint
from tournaments.services.locking import lock_table
from tournaments.services.prepared_reads import PreparedRead

pytestmark = pytest.mark.django_db


def _table_with_event(pk):
    return Table.objects.select_related("series__tournament").filter(pk=pk).order_by("pk")[:1]


@pytest.fixture
def compilations(monkeypatch):
    """How often Django compiled a query to SQL."""
    counted = []
    original = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        counted.append(self.query.model)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    return counted


def test_a_prepared_read_makes_the_instances_the_queryset_makes(compilations):
    first, second = f.make_seated_table(), f.make_seated_table()
    Table.objects.filter(pk=second.pk).update(seal_document={"games": [1, 2]})
    read = PreparedRead(_table_with_event)

    read.first(first.pk)
    del compilations[:]
    with CaptureQueriesContext(connection) as queries:
        table = read.first(second.pk)
        tournament = table.series.tournament  # attached by the read, no query
    compiled_again = list(compilations)

    expected = _table_with_event(second.pk)[0]
    assert compiled_again == []  # compiled once, at the first read
    assert len(queries) == 1
    assert [getattr(table, f.attname) for f in Table._meta.concrete_fields] == [
        getattr(expected, f.attname) for f in Table._meta.concrete_fields
    ]
    # A datetime and a JSON document, converted from the database as Django converts them.
    assert tournament.created_at == expected.series.tournament.created_at
    assert tournament.created_at.tzinfo is not None
    assert tournament == expected.series.tournament
    assert tournament.scheme == expected.series.tournament.scheme
    assert table.seal_document == {"games": [1, 2]}
    assert not table._state.adding
    assert read.first(second.pk + 1000) is None


def test_a_queryset_taking_the_value_twice_is_not_prepared_but_evaluated_each_time(
    compilations,
):
    table = f.make_seated_table()
    read = PreparedRead(lambda pk: Table.objects.filter(pk=pk, id__lte=pk)[:1])

    assert read.first(table.pk) == table
    del compilations[:]
    assert read.first(table.pk) == table
    assert compilations == [Table]  # evaluated as a queryset again


def test_a_prepared_row_lock_outside_a_transaction_is_refused_as_django_refuses_it():
    table = f.make_seated_table()
    read = PreparedRead(lambda pk: Table.objects.select_for_update().filter(pk=pk)[:1])
    with transaction.atomic():
        assert read.first(table.pk) == table

    if connection.get_autocommit():  # pytest-django's test runs inside a transaction
        with pytest.raises(TransactionManagementError):
            read.first(table.pk)


def test_the_entry_lock_reads_the_table_without_compiling_it_again(compilations):
    one, two = f.make_seated_table(), f.make_seated_table()
    with transaction.atomic():
        lock_table(one)
    del compilations[:]

    with transaction.atomic():
        locked = lock_table(two)

    assert Table not in compilations
    assert locked.pk == two.pk
    assert locked.series.tournament.pk == two.series.tournament_id


def test_a_polled_list_fingerprint_is_read_without_compiling_it_again(compilations):
    """An open device polls its list's fingerprint every 3 s: ten subqueries, compiled
    once; the fingerprint is the one the queryset reads, and follows a new game."""
    one, two = f.make_seated_table(), f.make_seated_table()
    list_fingerprint(one)
    list_fingerprint(two)
    del compilations[:]

    before = list_fingerprint(two)
    f.enter(two, passed=True)
    del compilations[:]
    after = list_fingerprint(two)

    assert Table not in compilations
    assert before != after
    assert after == "|".join(str(v) for v in next(iter(table_device._fingerprint_of(two.pk))))
