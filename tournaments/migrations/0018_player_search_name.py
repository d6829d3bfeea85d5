"""Each player's name as a name search compares it (tournaments/text.py), filled in for
the players there are; Player.save keeps it from then on."""

from django.db import migrations, models


def fill_search_names(apps, schema_editor):
    from tournaments.text import search_text

    Player = apps.get_model("tournaments", "Player")
    players = list(Player.objects.only("id", "first_name", "last_name"))
    for player in players:
        player.search_name = search_text(f"{player.first_name} {player.last_name}")
    Player.objects.bulk_update(players, ["search_name"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0017_attempts_payment_reversals_treasurer_group"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_name",
            field=models.TextField(
                default="",
                editable=False,
                help_text="First and last name as a name search compares them (Müller as muller).",
                verbose_name="search name",
            ),
        ),
        migrations.RunPython(fill_search_names, migrations.RunPython.noop),
    ]
