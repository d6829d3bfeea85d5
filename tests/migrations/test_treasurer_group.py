"""The treasurers' group (Kassenwart) exists from the migrations: nobody creates it by hand.

Transactional tests empty every table after them, this group included, so the migration's
function is run here on its own rather than looked for in the test database.
"""

import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import Group

from tournaments.services.roles import TREASURER_GROUP

# Found by its name's end: migrations are renumbered when branches meet.
[_FILE] = (Path(__file__).parents[2] / "tournaments" / "migrations").glob(
    "*_club_treasurers_kassenwart_group.py"
)
MIGRATION = importlib.import_module(f"tournaments.migrations.{_FILE.stem}")


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
