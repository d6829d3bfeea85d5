"""``migrate`` on a database from before a squash, stopped partway through the squashed
chain: one sentence naming the release to migrate through first, not a raw KeyError."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from tests.migrations.test_squashed_migration import OLD_CHAIN, SECOND_CHAIN

pytestmark = pytest.mark.django_db


def _recorded(names):
    """A database of an older release: ``tournaments`` recorded through ``names``, and
    none of the apps whose migrations build on it (league, door, publishing, …): the test
    database has today's migrations of every app applied, later ones than ``names`` too."""
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app__in=["tournaments", *_built_on_tournaments()]).delete()
    for name in names:
        recorder.record_applied("tournaments", name)


def test_migrate_from_partway_through_the_second_squash_names_the_release():
    _recorded(OLD_CHAIN + SECOND_CHAIN[:3])

    with pytest.raises(CommandError) as refused:
        call_command("migrate", "--plan", verbosity=0)

    text = str(refused.value)
    assert "0015_tournament_sign_with_pin" in text
    assert "ef2f0b3" in text and "0020_two_lists_per_table" in text
    assert text.count(". ") == 0 and text.endswith(".")


def test_migrate_from_partway_through_the_first_squash_names_the_earlier_release():
    _recorded(OLD_CHAIN[:7])

    with pytest.raises(CommandError) as refused:
        call_command("migrate", "--plan", verbosity=0)

    text = str(refused.value)
    assert "0007_shared_cache_table" in text
    assert "5ecd4f5" in text and "0012_player_german_sort_name" in text


def test_migrate_from_a_complete_old_chain_goes_on():
    _recorded(OLD_CHAIN + SECOND_CHAIN)

    call_command("migrate", "--plan", verbosity=0)


def _built_on_tournaments() -> set[str]:
    """The apps with a migration that needs one of ``tournaments``."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    return {
        node[0]
        for node in graph.nodes
        if node[0] != "tournaments"
        and any(app == "tournaments" for app, _name in graph.forwards_plan(node))
    }
