"""The links of a game, its list points and a list B game lose their own index.

Each of these indexes begins a unique constraint or a longer index of the same table,
which serves the same reads (tests/models/test_indexes.py); every game entered changed
them for nothing. Only the indexes are dropped (``DROP INDEX``): altering the fields
would make SQLite copy the tables, once per field.
"""

import django.db.models.deletion
from django.db import migrations, models

# (model, link whose single-column index goes, the related name of the link); each link
# points to the model it is named after and is called so.
HELD = [
    ("game", "table", "games"),
    ("gamepoints", "game", "points"),
    ("gamepoints", "series", "+"),
    ("gamepoints", "table", "+"),
    ("gamepoints", "tournament", "+"),
    ("secondlistgame", "table", "second_games"),
]


def _single_column_indexes(schema_editor, model, column):
    with schema_editor.connection.cursor() as cursor:
        found = schema_editor.connection.introspection.get_constraints(cursor, model._meta.db_table)
    return [
        name
        for name, details in found.items()
        if details["index"]
        and not details["unique"]
        and not details["primary_key"]
        and details["columns"] == [column]
    ]


def drop_held_indexes(apps, schema_editor):
    for model_name, field_name, _related_name in HELD:
        model = apps.get_model("tournaments", model_name)
        column = model._meta.get_field(field_name).column
        for name in _single_column_indexes(schema_editor, model, column):
            schema_editor.execute(schema_editor._delete_index_sql(model, name))


def create_held_indexes(apps, schema_editor):
    for model_name, field_name, _related_name in HELD:
        model = apps.get_model("tournaments", model_name)
        field = model._meta.get_field(field_name)
        if not _single_column_indexes(schema_editor, model, field.column):
            schema_editor.execute(schema_editor._create_index_sql(model, fields=[field]))


def _link(field_name: str, related_name: str):
    return models.ForeignKey(
        db_index=False,
        on_delete=django.db.models.deletion.CASCADE,
        related_name=related_name,
        to=f"tournaments.{field_name}",
        verbose_name=field_name,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0028_merge_club_legal_texts_series_prizes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop_held_indexes, create_held_indexes)],
            state_operations=[
                migrations.AlterField(
                    model_name=model_name,
                    name=field_name,
                    field=_link(field_name, related_name),
                )
                for model_name, field_name, related_name in HELD
            ],
        )
    ]
