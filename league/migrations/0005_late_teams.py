from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0004_group_live_public"),
    ]

    operations = [
        migrations.AddField(
            model_name="venueteam",
            name="from_series",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Set for a late team only.",
                null=True,
                verbose_name="plays from series",
            ),
        ),
    ]
