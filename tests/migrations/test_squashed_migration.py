"""The squashed migrations: fresh databases get the whole schema, old ones keep theirs."""

import importlib

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from tests import factories as f
from tournaments.models import Player
from tournaments.text import search_text

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
SECOND_SQUASH = ("tournaments", "0013_squashed_0020_two_lists_per_table")
SECOND_CHAIN = [
    "0013_order_by_own_columns",
    "0014_tournament_is_demo",
    "0015_tournament_sign_with_pin",
    "0016_club_directors_series_lineup",
    "0017_attempts_payment_reversals_treasurer_group",
    "0018_player_search_name",
    "0019_club_treasurers_kassenwart_group",
    "0020_two_lists_per_table",
]


@pytest.mark.parametrize(
    ("squashed", "chain"), [(SQUASHED, OLD_CHAIN), (SECOND_SQUASH, SECOND_CHAIN)]
)
def test_squashed_migration_replaces_the_whole_old_chain(squashed, chain):
    loader = MigrationLoader(None, ignore_no_migrations=True)

    assert loader.disk_migrations[squashed].replaces == [("tournaments", name) for name in chain]


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
def test_database_recorded_at_0020_counts_both_squashed_migrations_as_applied():
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="tournaments").delete()
    for name in OLD_CHAIN + SECOND_CHAIN:
        recorder.record_applied("tournaments", name)

    loader = MigrationLoader(connection)
    plan = MigrationExecutor(connection).migration_plan(loader.graph.leaf_nodes())

    assert {SQUASHED, SECOND_SQUASH} <= set(loader.applied_migrations)
    pending = {migration.name for migration, _ in plan if migration.app_label == "tournaments"}
    assert not pending & {SQUASHED[1], SECOND_SQUASH[1], *OLD_CHAIN, *SECOND_CHAIN}


@pytest.mark.django_db
def test_fresh_database_has_the_cache_table():
    tables = connection.introspection.table_names()

    assert settings.CACHES["default"]["LOCATION"] in tables


@pytest.mark.django_db
def test_the_second_squash_keeps_filling_in_the_search_names_of_existing_players():
    migration = importlib.import_module(f"tournaments.migrations.{SECOND_SQUASH[1]}")
    player = f.make_player(first_name="Jürgen", last_name="Müller")
    Player.objects.filter(pk=player.pk).update(search_name="")

    migration.fill_search_names(apps, None)

    player.refresh_from_db()
    assert player.search_name == search_text("Jürgen Müller") != ""
