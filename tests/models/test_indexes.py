"""The rows every game entry writes carry no index another index already holds.

Each index is one more b-tree to change on every insert: a save writes a game, its list
points, an audit entry and an idempotency key, on the table device's hot path (docs/
performance.md, "Lean save"). An index whose columns begin another index or unique
constraint of the same table serves no read the longer one cannot serve.
"""

import pytest
from django.db import connection

from tournaments.models import AuditEntry, Game, GamePoints, IdempotencyKey, SecondListGame

WRITTEN_BY_EVERY_ENTRY = [Game, GamePoints, SecondListGame, AuditEntry, IdempotencyKey]


def indexes_of(model) -> dict[str, tuple[str, ...]]:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return {
        name: tuple(details["columns"])
        for name, details in found.items()
        if (details["index"] or details["unique"]) and details["columns"]
    }


def held_by_another(indexes: dict[str, tuple[str, ...]]) -> list[str]:
    """The indexes whose columns begin a longer index of the same table."""
    return sorted(
        f"{name} {columns} begins {other} {longer}"
        for name, columns in indexes.items()
        for other, longer in indexes.items()
        if len(columns) < len(longer) and longer[: len(columns)] == columns
    )


def test_held_by_another_finds_a_leading_prefix_only():
    indexes = {"a": ("table_id",), "b": ("table_id", "number"), "c": ("number",)}

    assert held_by_another(indexes) == ["a ('table_id',) begins b ('table_id', 'number')"]


@pytest.mark.django_db
@pytest.mark.parametrize("model", WRITTEN_BY_EVERY_ENTRY, ids=lambda m: m.__name__)
def test_rows_of_an_entry_have_no_index_another_one_holds(model):
    indexes = indexes_of(model)

    assert indexes
    assert held_by_another(indexes) == []


@pytest.mark.django_db
def test_the_reads_by_game_table_series_and_tournament_keep_a_leading_index():
    leading = {columns[0] for columns in indexes_of(GamePoints).values()}

    assert {"game_id", "table_id", "series_id", "tournament_id", "participant_id"} <= leading
    assert "table_id" in {columns[0] for columns in indexes_of(Game).values()}
