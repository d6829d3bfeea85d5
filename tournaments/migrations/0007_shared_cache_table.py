"""Create the database cache's table, so ``migrate`` is all a deployment needs.

Wrong table codes and API throttles are counted in Django's database cache
(``settings.CACHES``), which every worker process shares.
"""

from django.conf import settings
from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    for cache in settings.CACHES.values():
        if cache["BACKEND"] == "django.core.cache.backends.db.DatabaseCache":
            table = schema_editor.quote_name(cache["LOCATION"])
            schema_editor.execute(f"DROP TABLE IF EXISTS {table}")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_refuse_control_characters_in_names")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
