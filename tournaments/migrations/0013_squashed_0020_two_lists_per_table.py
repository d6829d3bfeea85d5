"""The schema changes 0013 to 0020 in one step: 0013_order_by_own_columns to
0020_two_lists_per_table squashed.

A database that already applied all eight counts this migration as applied. Their data
migrations are kept: the treasurers' group is created (a fresh database needs it), an old
second treasurer group is merged into it, and the players' search names are filled in.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The treasurer group once had two names: the cash box checked "treasurer", the roles
# "Kassenwart". Its one name is now services/roles.TREASURER_GROUP ("Kassenwart"); the
# members of the other group move into it, and the other group is removed. The group
# exists from the start, so that a director names treasurers (/leitung/kassenwarte/) and
# the admin lists the group without anyone creating it by hand.
OLD_TREASURER_GROUP = "treasurer"
TREASURER_GROUP = "Kassenwart"


def merge_treasurer_groups(apps, schema_editor):
    group_model = apps.get_model("auth", "Group")
    old = group_model.objects.filter(name=OLD_TREASURER_GROUP).first()
    if old is None:
        return
    group, _created = group_model.objects.get_or_create(name=TREASURER_GROUP)
    group.user_set.add(*old.user_set.all())
    old.delete()


def fill_search_names(apps, schema_editor):
    """Each player's name as a name search compares it (tournaments/text.py), filled in for
    the players there are; Player.save keeps it from then on."""
    from tournaments.text import search_text

    Player = apps.get_model("tournaments", "Player")
    players = list(Player.objects.only("id", "first_name", "last_name"))
    for player in players:
        player.search_name = search_text(f"{player.first_name} {player.last_name}")
    Player.objects.bulk_update(players, ["search_name"], batch_size=500)


def create_treasurer_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=TREASURER_GROUP)


class Migration(migrations.Migration):

    replaces = [
        ("tournaments", "0013_order_by_own_columns"),
        ("tournaments", "0014_tournament_is_demo"),
        ("tournaments", "0015_tournament_sign_with_pin"),
        ("tournaments", "0016_club_directors_series_lineup"),
        ("tournaments", "0017_attempts_payment_reversals_treasurer_group"),
        ("tournaments", "0018_player_search_name"),
        ("tournaments", "0019_club_treasurers_kassenwart_group"),
        ("tournaments", "0020_two_lists_per_table"),
    ]

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('tournaments', '0001_squashed_0012_player_german_sort_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='game',
            options={'ordering': ['table_id', 'number'], 'verbose_name': 'game', 'verbose_name_plural': 'games'},
        ),
        migrations.AlterModelOptions(
            name='participant',
            options={'ordering': ['tournament_id', 'start_number'], 'verbose_name': 'participant', 'verbose_name_plural': 'participants'},
        ),
        migrations.AlterModelOptions(
            name='payment',
            options={'ordering': ['tournament_id', 'created_at', 'id'], 'verbose_name': 'payment', 'verbose_name_plural': 'payments'},
        ),
        migrations.AlterModelOptions(
            name='prizerule',
            options={'ordering': ['tournament_id', 'classification', 'rank'], 'verbose_name': 'prize', 'verbose_name_plural': 'prize table'},
        ),
        migrations.AlterModelOptions(
            name='seat',
            options={'ordering': ['table_id', 'number', 'from_game'], 'verbose_name': 'seat', 'verbose_name_plural': 'seats'},
        ),
        migrations.AlterModelOptions(
            name='series',
            options={'ordering': ['tournament_id', 'number'], 'verbose_name': 'series', 'verbose_name_plural': 'series'},
        ),
        migrations.AlterModelOptions(
            name='signature',
            options={'ordering': ['table_id', 'seat'], 'verbose_name': 'signature', 'verbose_name_plural': 'signatures'},
        ),
        migrations.AlterModelOptions(
            name='summaryentry',
            options={'ordering': ['table_id', 'seat'], 'verbose_name': 'summary entry', 'verbose_name_plural': 'summary entries'},
        ),
        migrations.AlterModelOptions(
            name='table',
            options={'ordering': ['series_id', 'number'], 'verbose_name': 'table', 'verbose_name_plural': 'tables'},
        ),
        migrations.AddField(
            model_name='tournament',
            name='is_demo',
            field=models.BooleanField(default=False, editable=False, help_text='Example data to try the software; the director deletes it in one step.', verbose_name='demo'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='sign_with_pin',
            field=models.BooleanField(default=False, help_text='Players confirm their lists only with the PIN of their start card, not with a drawing on the table device (for championships).', verbose_name='sign with PIN'),
        ),
        migrations.AddField(
            model_name='club',
            name='directors',
            field=models.ManyToManyField(blank=True, help_text="Staff users who direct this club's tournaments and league venues. Once a club has directors, only they and the association's administrators change its events.", related_name='directed_clubs', to=settings.AUTH_USER_MODEL, verbose_name='directors'),
        ),
        migrations.AddField(
            model_name='series',
            name='players',
            field=models.ManyToManyField(blank=True, help_text="Who plays this series when it is fixed in advance (a league team's line-up). Empty: every participant who has not withdrawn is drawn.", related_name='lineup_series', to='tournaments.participant', verbose_name='line-up'),
        ),
        migrations.RunPython(
            code=merge_treasurer_groups,
            reverse_code=migrations.RunPython.noop,
        ),
        migrations.CreateModel(
            name='AttemptCounter',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('scope', models.CharField(max_length=32, verbose_name='scope')),
                ('key', models.CharField(max_length=64, verbose_name='key')),
                ('count', models.PositiveIntegerField(default=0, verbose_name='attempts')),
                ('started_at', models.DateTimeField(db_index=True, verbose_name='window started at')),
            ],
            options={
                'verbose_name': 'attempt counter',
                'verbose_name_plural': 'attempt counters',
            },
        ),
        migrations.RemoveConstraint(
            model_name='payment',
            name='payment_amount_positive',
        ),
        migrations.AddField(
            model_name='payment',
            name='reason',
            field=models.CharField(blank=True, default='', max_length=500, verbose_name='reason'),
        ),
        migrations.AddField(
            model_name='payment',
            name='reverses',
            field=models.OneToOneField(blank=True, help_text='The payment this counter-entry cancels.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversal', to='tournaments.payment', verbose_name='reverses'),
        ),
        migrations.AddConstraint(
            model_name='payment',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('reverses__isnull', True), ('amount__gt', 0)), models.Q(('reverses__isnull', False), ('amount__lt', 0), models.Q(('reason', ''), _negated=True)), _connector='OR'), name='payment_positive_or_reversal'),
        ),
        migrations.AddConstraint(
            model_name='attemptcounter',
            constraint=models.UniqueConstraint(fields=('scope', 'key'), name='attempt_counter_unique'),
        ),
        migrations.AddField(
            model_name='player',
            name='search_name',
            field=models.TextField(default='', editable=False, help_text='First and last name as a name search compares them (Müller as muller).', verbose_name='search name'),
        ),
        migrations.RunPython(
            code=fill_search_names,
            reverse_code=migrations.RunPython.noop,
        ),
        migrations.RunPython(
            code=create_treasurer_group,
            reverse_code=migrations.RunPython.noop,
        ),
        migrations.AddField(
            model_name='club',
            name='treasurers',
            field=models.ManyToManyField(blank=True, help_text="Users who keep this club's cash boxes (Kassenwart). Once a club has treasurers, no other treasurer sees its money.", related_name='treasured_clubs', to=settings.AUTH_USER_MODEL, verbose_name='treasurers'),
        ),
        migrations.CreateModel(
            name='ListDifference',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='game number')),
                ('a', models.JSONField(verbose_name="list A's version")),
                ('b', models.JSONField(verbose_name="list B's version")),
                ('fields', models.JSONField(default=list, verbose_name='fields that differ')),
                ('revision', models.PositiveIntegerField(default=1, help_text='Counts the changes of either version while the difference is open.', verbose_name='revision')),
                ('found_at', models.DateTimeField(auto_now_add=True, verbose_name='found at')),
                ('settled_at', models.DateTimeField(blank=True, null=True, verbose_name='settled at')),
                ('settled_how', models.CharField(blank=True, choices=[('took_a', "list B took list A's version"), ('took_b', "list A took list B's version"), ('corrected', 'the lists came to agree by a correction'), ('director_a', 'the director chose list A'), ('director_b', 'the director chose list B'), ('rule', "the director applied the court's rule")], max_length=12, verbose_name='settled how')),
                ('settled_actor', models.CharField(blank=True, max_length=150, verbose_name='settled by (device)')),
                ('reason', models.TextField(blank=True, verbose_name='reason')),
                ('result', models.JSONField(blank=True, null=True, verbose_name='agreed version')),
            ],
            options={
                'verbose_name': 'difference between the two lists',
                'verbose_name_plural': 'differences between the two lists',
                'ordering': ['table_id', 'number', 'found_at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='SecondListGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='game number')),
                ('dealer_seat', models.PositiveSmallIntegerField(verbose_name='dealer seat')),
                ('table_size', models.PositiveSmallIntegerField(verbose_name='players at the table')),
                ('passed', models.BooleanField(default=False, verbose_name='passed in (eingepasst)')),
                ('declarer_seat', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='declarer seat')),
                ('game', models.CharField(blank=True, choices=[('diamonds', 'Diamonds'), ('hearts', 'Hearts'), ('spades', 'Spades'), ('clubs', 'Clubs'), ('grand', 'Grand'), ('null', 'Null')], max_length=10, verbose_name='game')),
                ('matadors', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='matadors')),
                ('with_matadors', models.BooleanField(default=True, verbose_name='with matadors')),
                ('hand', models.BooleanField(blank=True, null=True, verbose_name='hand')),
                ('ouvert', models.BooleanField(default=False, verbose_name='ouvert')),
                ('schneider_announced', models.BooleanField(default=False, verbose_name='Schneider announced')),
                ('schwarz_announced', models.BooleanField(default=False, verbose_name='Schwarz announced')),
                ('bid', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='bid')),
                ('won_entered', models.BooleanField(blank=True, null=True, verbose_name='won (as entered)')),
                ('schneider', models.BooleanField(blank=True, null=True, verbose_name='Schneider')),
                ('schwarz', models.BooleanField(blank=True, null=True, verbose_name='Schwarz')),
                ('declarer_eyes', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="declarer's eyes")),
                ('declarer_tricks', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="declarer's tricks")),
                ('conceded', models.BooleanField(default=False, verbose_name='lost by rule violation or conceded')),
                ('scored_as', models.CharField(blank=True, choices=[('diamonds', 'Diamonds'), ('hearts', 'Hearts'), ('spades', 'Spades'), ('clubs', 'Clubs'), ('grand', 'Grand'), ('null', 'Null')], max_length=10, verbose_name='scored as')),
                ('base_value', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='base value')),
                ('multiplier', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='multiplier')),
                ('game_value', models.PositiveSmallIntegerField(default=0, verbose_name='game value')),
                ('won', models.BooleanField(blank=True, null=True, verbose_name='won')),
                ('overbid', models.BooleanField(default=False, verbose_name='overbid')),
                ('score', models.IntegerField(default=0, verbose_name='score')),
                ('declarer_points', models.IntegerField(default=0, verbose_name="declarer's list points")),
                ('opponent_points', models.IntegerField(default=0, verbose_name='list points of every other player')),
                ('entered_at', models.DateTimeField(auto_now_add=True, verbose_name='entered at')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated at')),
            ],
            options={
                'verbose_name': 'game of the second list',
                'verbose_name_plural': 'games of the second list',
                'ordering': ['table_id', 'number'],
            },
        ),
        migrations.AddField(
            model_name='table',
            name='second_code',
            field=models.CharField(blank=True, help_text='Lets a second device keep the second list (list B) when two are kept.', max_length=16, null=True, unique=True, verbose_name='table code of the second list'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='lists_per_table',
            field=models.PositiveSmallIntegerField(choices=[(1, 'one list'), (2, 'two lists, compared game by game')], default=1, help_text='Two: a second player at each table keeps a second list on a second device; the lists are compared game by game and signed once they agree (championships).', verbose_name='lists per table'),
        ),
        migrations.AddConstraint(
            model_name='tournament',
            constraint=models.CheckConstraint(condition=models.Q(('lists_per_table__in', [1, 2])), name='tournament_lists_per_table_1_or_2'),
        ),
        migrations.AddField(
            model_name='listdifference',
            name='settled_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='settled by'),
        ),
        migrations.AddField(
            model_name='listdifference',
            name='table',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='list_differences', to='tournaments.table', verbose_name='table'),
        ),
        migrations.AddField(
            model_name='secondlistgame',
            name='table',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='second_games', to='tournaments.table', verbose_name='table'),
        ),
        migrations.AddConstraint(
            model_name='listdifference',
            constraint=models.UniqueConstraint(condition=models.Q(('settled_at__isnull', True)), fields=('table', 'number'), name='listdifference_one_open_per_game'),
        ),
        migrations.AddConstraint(
            model_name='listdifference',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('settled_at__isnull', True), ('settled_how', '')), models.Q(('settled_at__isnull', False), models.Q(('settled_how', ''), _negated=True)), _connector='OR'), name='listdifference_settled_with_how'),
        ),
        migrations.AddConstraint(
            model_name='secondlistgame',
            constraint=models.UniqueConstraint(fields=('table', 'number'), name='second_game_unique_number'),
        ),
        migrations.AddConstraint(
            model_name='secondlistgame',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='second_game_number_min'),
        ),
        migrations.AddConstraint(
            model_name='secondlistgame',
            constraint=models.CheckConstraint(condition=models.Q(('table_size__in', [3, 4])), name='second_game_table_size_3_or_4'),
        ),
        migrations.AddConstraint(
            model_name='secondlistgame',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('declarer_seat__isnull', True), ('game', ''), ('passed', True), ('score', 0)), models.Q(('declarer_seat__gte', 1), ('declarer_seat__lte', 4), ('passed', False), models.Q(('game', ''), _negated=True)), _connector='OR'), name='second_game_passed_or_declared'),
        ),
    ]
