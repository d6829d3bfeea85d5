"""Whether a database's migration history can be continued by this release.

The tournaments app's migrations were squashed twice (docs/operations.md, "Upgrade"); the
squashed files replaced the old ones, which this release no longer has. A database that
applied only part of a squashed chain cannot be migrated from here: Django would either
fail with a raw ``KeyError`` or try to create tables that exist. Such a database first
migrates with the last release that still had the separate migrations; this module names
it in one sentence, from the ``django_migrations`` table alone.
"""

from dataclasses import dataclass

from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

APP = "tournaments"


@dataclass(frozen=True)
class Squash:
    """A squashed migration and the last release (commit, date) with its old chain."""

    name: str
    last_release: str
    released: str


SQUASHES = (
    Squash("0001_squashed_0012_player_german_sort_name", "5ecd4f5", "2026-11-23"),
    Squash("0013_squashed_0020_two_lists_per_table", "ef2f0b3", "2026-11-27"),
)


def continuation_problem(connection) -> str | None:
    """One sentence saying which release to migrate through first, or None when this
    release can migrate the database (a fresh one included)."""
    recorder = MigrationRecorder(connection)
    if not recorder.has_table():
        return None
    applied = set(recorder.migration_qs.filter(app=APP).values_list("name", flat=True))
    disk = MigrationLoader(None, ignore_no_migrations=True).disk_migrations
    for squash in SQUASHES:
        chain = [name for _app, name in disk[(APP, squash.name)].replaces]
        done = [name for name in chain if name in applied]
        if squash.name in applied or not done or len(done) == len(chain):
            continue
        return (
            f"This database was migrated by an older release only up to {APP} {done[-1]}, "
            f"which this release cannot continue: migrate it first with release "
            f"{squash.last_release} of {squash.released} (the last with the separate "
            f"migrations up to {chain[-1]}), then with this one."
        )
    return None
