"""The treasurers' group (Kassenwart) exists from the migrations: nobody creates it by hand.

Transactional tests empty every table after them, this group included, so the migration's
function is run here on its own rather than looked for in the test database.
"""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import Group

from tournaments.services.roles import TREASURER_GROUP

# The migration that made the group (0019) is squashed into this one, which keeps it.
MIGRATION = importlib.import_module("tournaments.migrations.0013_squashed_0020_two_lists_per_table")


@pytest.mark.django_db
def test_the_migration_makes_the_treasurers_group_once():
    Group.objects.filter(name=TREASURER_GROUP).delete()

    MIGRATION.create_treasurer_group(apps, None)
    MIGRATION.create_treasurer_group(apps, None)

    assert Group.objects.filter(name=TREASURER_GROUP).count() == 1
    assert MIGRATION.TREASURER_GROUP == TREASURER_GROUP
    assert any(
        getattr(operation, "code", None) is MIGRATION.create_treasurer_group
        for operation in MIGRATION.Migration.operations
    )
