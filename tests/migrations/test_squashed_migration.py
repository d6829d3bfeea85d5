"""The squashed first migration: fresh databases get the whole schema, old ones keep theirs."""

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

SQUASHED = ("tournaments", "0001_squashed_0012_player_german_sort_name")
OLD_CHAIN = [
    "0001_initial",
    "0002_tournament_running_signing",
    "0003_signing",
    "0004_ranking_covering_indexes",
    "0005_idempotency_keys",
    "0006_refuse_control_characters_in_names",
    "0007_shared_cache_table",
    "0008_table_seal_document",
    "0009_finished_at",
    "0010_money",
    "0011_tournament_versions",
    "0012_player_german_sort_name",
]


def test_squashed_migration_replaces_the_whole_old_chain():
    loader = MigrationLoader(None, ignore_no_migrations=True)

    assert loader.disk_migrations[SQUASHED].replaces == [
        ("tournaments", name) for name in OLD_CHAIN
    ]


@pytest.mark.django_db
def test_database_recorded_at_0012_counts_the_squashed_migration_as_applied():
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="tournaments").delete()
    for name in OLD_CHAIN:
        recorder.record_applied("tournaments", name)

    loader = MigrationLoader(connection)
    plan = MigrationExecutor(connection).migration_plan(loader.graph.leaf_nodes())

    assert SQUASHED in loader.applied_migrations
    pending = {migration.name for migration, _ in plan if migration.app_label == "tournaments"}
    assert SQUASHED[1] not in pending
    assert not pending & set(OLD_CHAIN)  # only migrations written after the squash remain


@pytest.mark.django_db
def test_fresh_database_has_the_cache_table():
    tables = connection.introspection.table_names()

    assert settings.CACHES["default"]["LOCATION"] in tables
