"""The schema as of 0012, in one step: 0001_initial to 0012_player_german_sort_name squashed.

A database that already applied all twelve counts this migration as applied. The data
migrations of the old chain (seal documents copied from the audit trail, German sort names
filled in) only touched existing rows and have nothing to do on a fresh database; the
database cache's table is created here, so ``migrate`` is all a deployment needs.
"""

import django.db.models.deletion
import django.db.models.expressions
import django.utils.timezone
import tournaments.models.names
import tournaments.models.tournaments
from django.conf import settings
from django.core.management import call_command
from django.db import migrations, models


def create_cache_table(apps, schema_editor):
    """Wrong table codes and API throttles are counted in the shared database cache."""
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    for cache in settings.CACHES.values():
        if cache["BACKEND"] == "django.core.cache.backends.db.DatabaseCache":
            table = schema_editor.quote_name(cache["LOCATION"])
            schema_editor.execute(f"DROP TABLE IF EXISTS {table}")


class Migration(migrations.Migration):
    replaces = [
        ("tournaments", "0001_initial"),
        ("tournaments", "0002_tournament_running_signing"),
        ("tournaments", "0003_signing"),
        ("tournaments", "0004_ranking_covering_indexes"),
        ("tournaments", "0005_idempotency_keys"),
        ("tournaments", "0006_refuse_control_characters_in_names"),
        ("tournaments", "0007_shared_cache_table"),
        ("tournaments", "0008_table_seal_document"),
        ("tournaments", "0009_finished_at"),
        ("tournaments", "0010_money"),
        ("tournaments", "0011_tournament_versions"),
        ("tournaments", "0012_player_german_sort_name"),
    ]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Series',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('status', models.CharField(choices=[('planned', 'planned'), ('running', 'running'), ('finished', 'finished')], default='planned', max_length=10, verbose_name='status')),
                ('draw_seed', models.BigIntegerField(blank=True, null=True, verbose_name='draw seed')),
                ('draw_mode', models.CharField(blank=True, max_length=10, verbose_name='draw mode')),
                ('draw_prefer_three', models.BooleanField(default=False, verbose_name='draw preferred 3-player tables')),
                ('draw_separate_clubs', models.BooleanField(default=False, verbose_name='draw kept club mates apart')),
                ('drawn_at', models.DateTimeField(blank=True, null=True, verbose_name='drawn at')),
                ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
            ],
            options={
                'verbose_name': 'series',
                'verbose_name_plural': 'series',
                'ordering': ['tournament', 'number'],
            },
        ),
        migrations.CreateModel(
            name='TournamentVersion',
            fields=[
                ('tournament_id', models.PositiveBigIntegerField(primary_key=True, serialize=False, verbose_name='tournament')),
                ('version', models.PositiveBigIntegerField(default=0, verbose_name='version')),
                ('changed_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='changed at')),
            ],
            options={
                'verbose_name': 'tournament version',
                'verbose_name_plural': 'tournament versions',
            },
        ),
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, unique=True, validators=[tournaments.models.names.refuse_control_characters], verbose_name='name')),
                ('short_name', models.CharField(blank=True, help_text='Shown where space is tight, e.g. on score sheets and rankings.', max_length=50, validators=[tournaments.models.names.refuse_control_characters], verbose_name='short name')),
                ('federation_number', models.CharField(blank=True, help_text="The club's number with the Skat federation, if it is a member.", max_length=30, verbose_name='federation number')),
                ('season_best_series', models.PositiveSmallIntegerField(blank=True, help_text="Count only a player's best N series of the year; empty: all series.", null=True, verbose_name='season ranking: best series')),
                ('season_min_series', models.PositiveSmallIntegerField(default=1, help_text='Players with fewer series in the year are not listed.', verbose_name='season ranking: minimum series')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
            ],
            options={
                'verbose_name': 'club',
                'verbose_name_plural': 'clubs',
                'ordering': ['name'],
                'constraints': [models.CheckConstraint(condition=models.Q(('season_best_series__isnull', True), ('season_best_series__gte', 1), _connector='OR'), name='club_season_best_series_min')],
            },
        ),
        migrations.CreateModel(
            name='IdempotencyKey',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('scope', models.CharField(max_length=200, verbose_name='scope')),
                ('key', models.CharField(max_length=200, verbose_name='key')),
                ('request_hash', models.CharField(max_length=64, verbose_name='request hash')),
                ('response_status', models.PositiveSmallIntegerField(verbose_name='response status')),
                ('response_body', models.JSONField(verbose_name='response body')),
                ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='created at')),
            ],
            options={
                'verbose_name': 'idempotency key',
                'verbose_name_plural': 'idempotency keys',
                'constraints': [models.UniqueConstraint(fields=('scope', 'key'), name='idempotency_key_unique')],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('first_name', models.CharField(max_length=100, validators=[tournaments.models.names.refuse_control_characters], verbose_name='first name')),
                ('last_name', models.CharField(max_length=100, validators=[tournaments.models.names.refuse_control_characters], verbose_name='last name')),
                ('member_number', models.CharField(blank=True, help_text="The player's membership number, unique within the club.", max_length=30, verbose_name='member number')),
                ('sort_name', models.CharField(db_index=True, default='', editable=False, help_text='Last and first name as they sort in German (Ö with O, ß as ss).', max_length=210, verbose_name='sort name')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('club', models.ForeignKey(blank=True, help_text='Leave empty for a guest player.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='players', to='tournaments.club', verbose_name='club')),
            ],
            options={
                'verbose_name': 'player',
                'verbose_name_plural': 'players',
                'ordering': ['sort_name', 'id'],
                'constraints': [
                    models.UniqueConstraint(condition=models.Q(('member_number', ''), _negated=True), fields=('club', 'member_number'), name='unique_member_number_per_club', violation_error_message='This member number is already used in this club.'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Participant',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('start_number', models.PositiveIntegerField(verbose_name='start number')),
                ('withdrawn', models.BooleanField(default=False, verbose_name='withdrawn')),
                ('pin', models.CharField(default=tournaments.models.tournaments.new_pin, help_text='Printed on the start card; confirms a game list without a touch screen.', max_length=8, verbose_name='PIN')),
                ('registered_at', models.DateTimeField(auto_now_add=True, verbose_name='registered at')),
                ('gender', models.CharField(blank=True, choices=[('', 'not given'), ('f', 'female'), ('m', 'male'), ('d', 'diverse')], default='', max_length=1, verbose_name='gender')),
                ('category', models.CharField(blank=True, choices=[('', 'none'), ('junior', 'junior'), ('senior', 'senior')], default='', max_length=8, verbose_name='age category')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='participations', to='tournaments.player', verbose_name='player')),
            ],
            options={
                'verbose_name': 'participant',
                'verbose_name_plural': 'participants',
                'ordering': ['tournament', 'start_number'],
            },
        ),
        migrations.CreateModel(
            name='SigningCertificate',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('subject', models.CharField(max_length=300, verbose_name='subject')),
                ('pkcs12', models.BinaryField(verbose_name='certificate and key (PKCS#12)')),
                ('uploaded', models.BooleanField(default=False, verbose_name='uploaded by the club')),
                ('valid_until', models.DateTimeField(verbose_name='valid until')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('club', models.OneToOneField(blank=True, help_text='Empty: the certificate for tournaments without an organising club.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='signing_certificate', to='tournaments.club', verbose_name='club')),
            ],
            options={
                'verbose_name': 'signing certificate',
                'verbose_name_plural': 'signing certificates',
                'constraints': [
                    models.UniqueConstraint(condition=models.Q(('club__isnull', True)), fields=('club',), name='signing_certificate_one_without_club'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='table number')),
                ('status', models.CharField(choices=[('open', 'open'), ('signed', 'signed'), ('locked', 'locked')], default='open', max_length=8, verbose_name='list status')),
                ('entry_mode', models.CharField(blank=True, choices=[('', 'nothing entered yet'), ('games', 'game by game'), ('summary', 'summary of a paper list')], default='', max_length=8, verbose_name='entry mode')),
                ('locked_at', models.DateTimeField(blank=True, null=True, verbose_name='locked at')),
                ('closed_reason', models.TextField(blank=True, verbose_name='reason for closing without all signatures')),
                ('seal', models.CharField(blank=True, db_index=True, max_length=64, verbose_name='seal')),
                ('sealed_at', models.DateTimeField(blank=True, null=True, verbose_name='sealed at')),
                ('seal_document', models.JSONField(blank=True, editable=False, help_text='The list as the players confirmed it, names included; the seal covers it.', null=True, verbose_name='sealed list')),
                ('ended_early_at', models.DateTimeField(blank=True, help_text='The director ended the list before all games were played.', null=True, verbose_name='ended early at')),
                ('ended_reason', models.TextField(blank=True, verbose_name='reason for ending the list early')),
                ('access_code', models.CharField(blank=True, help_text='Lets one device at the table keep this list without an account.', max_length=16, null=True, unique=True, verbose_name='table code')),
                ('series', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='tournaments.series', verbose_name='series')),
            ],
            options={
                'verbose_name': 'table',
                'verbose_name_plural': 'tables',
                'ordering': ['series', 'number'],
                'constraints': [
                    models.UniqueConstraint(fields=('series', 'number'), name='table_unique_number'),
                    models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='table_number_min'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Signature',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('method', models.CharField(choices=[('image', 'signature drawn on the device'), ('pin', 'confirmed with PIN')], max_length=5, verbose_name='method')),
                ('image', models.BinaryField(blank=True, default=b'', verbose_name='signature image (PNG)')),
                ('signed_at', models.DateTimeField(auto_now_add=True, verbose_name='signed at')),
                ('list_digest', models.CharField(blank=True, max_length=64, verbose_name='fingerprint of the signed list')),
                ('participant', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='signatures', to='tournaments.participant', verbose_name='participant')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='signatures', to='tournaments.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'signature',
                'verbose_name_plural': 'signatures',
                'ordering': ['table', 'seat'],
                'constraints': [
                    models.UniqueConstraint(fields=('table', 'participant'), name='signature_once_per_participant'),
                    models.CheckConstraint(condition=models.Q(('method__in', ['image', 'pin'])), name='signature_method_valid'),
                    models.CheckConstraint(condition=models.Q(('seat__gte', 1), ('seat__lte', 4)), name='signature_seat_range'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('from_game', models.PositiveSmallIntegerField(default=1, verbose_name='from game')),
                ('until_game', models.PositiveSmallIntegerField(blank=True, help_text='Empty: to the end of the series.', null=True, verbose_name='until game')),
                ('participant', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seats', to='tournaments.participant', verbose_name='participant')),
                ('series', models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.series', verbose_name='series')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tournaments.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'seat',
                'verbose_name_plural': 'seats',
                'ordering': ['table', 'number', 'from_game'],
                'constraints': [
                    models.UniqueConstraint(fields=('series', 'participant'), name='seat_participant_once_per_series'),
                    models.UniqueConstraint(fields=('table', 'number', 'from_game'), name='seat_unique_start'),
                    models.CheckConstraint(condition=models.Q(('number__gte', 1), ('number__lte', 4)), name='seat_number_range'),
                    models.CheckConstraint(condition=models.Q(('from_game__gte', 1)), name='seat_from_game_min'),
                    models.CheckConstraint(condition=models.Q(('until_game__isnull', True), ('until_game__gte', django.db.models.expressions.CombinedExpression(models.F('from_game'), '-', models.Value(1))), _connector='OR'), name='seat_until_after_from'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Game',
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
                ('entered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='entered by')),
                ('declarer', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='declared_games', to='tournaments.participant', verbose_name='declarer')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='tournaments.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'game',
                'verbose_name_plural': 'games',
                'ordering': ['table', 'number'],
                'constraints': [
                    models.UniqueConstraint(fields=('table', 'number'), name='game_unique_number'),
                    models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='game_number_min'),
                    models.CheckConstraint(condition=models.Q(('table_size__in', [3, 4])), name='game_table_size_3_or_4'),
                    models.CheckConstraint(condition=models.Q(('dealer_seat__gte', 1), ('dealer_seat__lte', 4)), name='game_dealer_seat_range'),
                    models.CheckConstraint(condition=models.Q(models.Q(('declarer_seat__isnull', True), ('game', ''), ('passed', True), ('score', 0)), models.Q(('declarer_seat__gte', 1), ('declarer_seat__lte', 4), ('passed', False), models.Q(('game', ''), _negated=True)), _connector='OR'), name='game_passed_or_declared'),
                    models.CheckConstraint(condition=models.Q(('table_size', 3), ('passed', True), models.Q(('declarer_seat', models.F('dealer_seat')), _negated=True), _connector='OR'), name='game_dealer_sits_out_at_4_table'),
                ],
            },
        ),
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='when')),
                ('actor', models.CharField(max_length=150, verbose_name='who')),
                ('action', models.CharField(max_length=40, verbose_name='action')),
                ('object_repr', models.CharField(max_length=200, verbose_name='object')),
                ('before', models.JSONField(blank=True, null=True, verbose_name='before')),
                ('after', models.JSONField(blank=True, null=True, verbose_name='after')),
                ('reason', models.TextField(blank=True, verbose_name='reason')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='tournaments.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'audit entry',
                'verbose_name_plural': 'audit trail',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, validators=[tournaments.models.names.refuse_control_characters], verbose_name='name')),
                ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='teams', to='tournaments.club', verbose_name='club')),
            ],
            options={
                'verbose_name': 'team',
                'verbose_name_plural': 'teams',
                'ordering': ['name'],
            },
        ),
        migrations.AddField(
            model_name='participant',
            name='team',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='members', to='tournaments.team', verbose_name='team'),
        ),
        migrations.CreateModel(
            name='Tournament',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, validators=[tournaments.models.names.refuse_control_characters], verbose_name='name')),
                ('date', models.DateField(verbose_name='date')),
                ('venue', models.CharField(blank=True, max_length=200, validators=[tournaments.models.names.refuse_control_characters], verbose_name='venue')),
                ('rounds_per_series', models.PositiveSmallIntegerField(default=12, help_text='A round is one deal by every player: 12 rounds = 48 games at a 4-table.', verbose_name='rounds per series')),
                ('planned_series', models.PositiveSmallIntegerField(default=2, verbose_name='planned number of series')),
                ('team_size', models.PositiveSmallIntegerField(default=4, help_text="A team's total is the sum of its members' totals.", verbose_name='players per team')),
                ('extra_points', models.CharField(choices=[('skwo', 'SkWO extra points (Seeger-Fabian)'), ('none', 'Game points only')], default='skwo', max_length=8, verbose_name='extra points')),
                ('status', models.CharField(choices=[('planned', 'planned'), ('running', 'running'), ('finished', 'finished')], default='planned', max_length=10, verbose_name='status')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
                ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='tournaments.club', verbose_name='organising club')),
            ],
            options={
                'verbose_name': 'tournament',
                'verbose_name_plural': 'tournaments',
                'ordering': ['-date', 'name'],
                'constraints': [
                    models.CheckConstraint(condition=models.Q(('rounds_per_series__gte', 1), ('rounds_per_series__lte', 40)), name='tournament_rounds_per_series_range'),
                    models.CheckConstraint(condition=models.Q(('planned_series__gte', 1)), name='tournament_planned_series_min'),
                    models.CheckConstraint(condition=models.Q(('team_size__gte', 1), ('team_size__lte', 12)), name='tournament_team_size_range'),
                ],
            },
        ),
        migrations.AddField(
            model_name='team',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='tournaments.tournament', verbose_name='tournament'),
        ),
        migrations.CreateModel(
            name='Tariff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('entry_fee', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='entry fee')),
                ('lost_game_fee', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='fee per lost game')),
                ('lost_game_fee_from', models.PositiveSmallIntegerField(blank=True, help_text='From this lost game of a series on the higher fee applies.', null=True, verbose_name='higher fee from lost game')),
                ('lost_game_fee_higher', models.DecimalField(blank=True, decimal_places=2, max_digits=8, null=True, verbose_name='higher fee per lost game')),
                ('passed_game_fee', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='fee per passed-in game')),
                ('team_fee', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='team classification fee per player')),
                ('tandem_fee', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='tandem classification fee per player')),
                ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='tariff', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'tariff',
                'verbose_name_plural': 'tariffs',
                'constraints': [
                    models.CheckConstraint(condition=models.Q(('entry_fee__gte', 0), ('lost_game_fee__gte', 0), ('passed_game_fee__gte', 0), ('team_fee__gte', 0), ('tandem_fee__gte', 0), models.Q(('lost_game_fee_higher__isnull', True), ('lost_game_fee_higher__gte', 0), _connector='OR')), name='tariff_amounts_not_negative'),
                    models.CheckConstraint(condition=models.Q(('lost_game_fee_from__isnull', True), ('lost_game_fee_from__gte', 1), _connector='OR'), name='tariff_higher_from_min'),
                ],
            },
        ),
        migrations.CreateModel(
            name='SummaryEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('game_points', models.IntegerField(verbose_name='game points')),
                ('won', models.PositiveSmallIntegerField(verbose_name='games won')),
                ('lost', models.PositiveSmallIntegerField(verbose_name='games lost')),
                ('credits', models.IntegerField(default=0, verbose_name="points for the opponents' lost games")),
                ('total', models.IntegerField(default=0, verbose_name='total')),
                ('participant', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='summary_entries', to='tournaments.participant', verbose_name='participant')),
                ('series', models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.series', verbose_name='series')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='summary_entries', to='tournaments.table', verbose_name='table')),
                ('tournament', models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'summary entry',
                'verbose_name_plural': 'summary entries',
                'ordering': ['table', 'seat'],
                'indexes': [
                    models.Index(fields=['tournament', 'participant'], name='tournaments_tournam_1e7058_idx'),
                ],
                'constraints': [
                    models.UniqueConstraint(fields=('table', 'seat'), name='summary_unique_seat'),
                    models.UniqueConstraint(fields=('table', 'participant'), name='summary_unique_participant'),
                    models.CheckConstraint(condition=models.Q(('seat__gte', 1), ('seat__lte', 4)), name='summary_seat_range'),
                ],
            },
        ),
        migrations.CreateModel(
            name='SettlementSnapshot',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('data', models.JSONField(verbose_name='settlement')),
                ('frozen_at', models.DateTimeField(auto_now=True, verbose_name='frozen at')),
                ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='settlement_snapshot', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'frozen settlement',
                'verbose_name_plural': 'frozen settlements',
            },
        ),
        migrations.AddField(
            model_name='series',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='series', to='tournaments.tournament', verbose_name='tournament'),
        ),
        migrations.CreateModel(
            name='PrizeRule',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('classification', models.CharField(choices=[('overall', 'overall'), ('women', 'best women'), ('juniors', 'best juniors'), ('seniors', 'best seniors'), ('teams', 'teams')], default='overall', max_length=10, verbose_name='classification')),
                ('rank', models.PositiveSmallIntegerField(verbose_name='place')),
                ('amount', models.DecimalField(blank=True, decimal_places=2, max_digits=8, null=True, verbose_name='amount')),
                ('percent', models.DecimalField(blank=True, decimal_places=2, max_digits=5, null=True, verbose_name='percent of entry fees')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='prize_rules', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'prize',
                'verbose_name_plural': 'prize table',
                'ordering': ['tournament', 'classification', 'rank'],
                'constraints': [
                    models.UniqueConstraint(fields=('tournament', 'classification', 'rank'), name='prize_unique_rank'),
                    models.CheckConstraint(condition=models.Q(('rank__gte', 1)), name='prize_rank_min'),
                    models.CheckConstraint(condition=models.Q(models.Q(('amount__gte', 0), ('amount__isnull', False), ('percent__isnull', True)), models.Q(('amount__isnull', True), ('percent__gte', 0), ('percent__isnull', False), ('percent__lte', 100)), _connector='OR'), name='prize_amount_or_percent'),
                ],
            },
        ),
        migrations.CreateModel(
            name='Payment',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('entry_fee', 'entry fee'), ('lost_game_fees', 'lost-game money'), ('refund', 'refund')], max_length=16, verbose_name='kind')),
                ('amount', models.DecimalField(decimal_places=2, max_digits=8, verbose_name='amount')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='paid at')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='recorded by')),
                ('participant', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='payments', to='tournaments.participant', verbose_name='participant')),
                ('series', models.ForeignKey(blank=True, help_text='For lost-game money: the series it was paid for.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='payments', to='tournaments.series', verbose_name='series')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='payments', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'payment',
                'verbose_name_plural': 'payments',
                'ordering': ['tournament', 'created_at', 'id'],
                'constraints': [
                    models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='payment_amount_positive'),
                ],
            },
        ),
        migrations.AddField(
            model_name='participant',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='participants', to='tournaments.tournament', verbose_name='tournament'),
        ),
        migrations.CreateModel(
            name='GamePoints',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('role', models.CharField(choices=[('declarer', 'declarer'), ('opponent', 'opponent'), ('out', 'dealer sitting out')], max_length=8, verbose_name='role')),
                ('game_points', models.IntegerField(default=0, verbose_name='game points')),
                ('won', models.PositiveSmallIntegerField(default=0, verbose_name='won as declarer')),
                ('lost', models.PositiveSmallIntegerField(default=0, verbose_name='lost as declarer')),
                ('credit', models.IntegerField(default=0, verbose_name="points for an opponent's lost game")),
                ('points', models.IntegerField(default=0, verbose_name='list points')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='points', to='tournaments.game', verbose_name='game')),
                ('participant', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='game_points', to='tournaments.participant', verbose_name='participant')),
                ('series', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.series', verbose_name='series')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.table', verbose_name='table')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament', verbose_name='tournament')),
            ],
            options={
                'verbose_name': 'list points of a game',
                'verbose_name_plural': 'list points of games',
                'indexes': [
                    models.Index(fields=['table', 'participant'], name='tournaments_table_i_7d0fd1_idx'),
                    models.Index(fields=['series', 'participant', 'game_points', 'won', 'lost', 'credit'], name='gamepoints_series_sums'),
                    models.Index(fields=['tournament', 'participant', 'series', 'game_points', 'won', 'lost', 'credit'], name='gamepoints_tournament_sums'),
                ],
                'constraints': [
                    models.UniqueConstraint(fields=('game', 'seat'), name='gamepoints_unique_seat'),
                    models.UniqueConstraint(fields=('game', 'participant'), name='gamepoints_unique_participant'),
                    models.CheckConstraint(condition=models.Q(('won__lte', 1), ('lost__lte', 1), ('won__lte', django.db.models.expressions.CombinedExpression(models.Value(1), '-', models.F('lost')))), name='gamepoints_won_or_lost_once'),
                ],
            },
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='team_unique_name'),
        ),
        migrations.AddConstraint(
            model_name='series',
            constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='series_unique_number'),
        ),
        migrations.AddConstraint(
            model_name='series',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='series_number_min'),
        ),
        migrations.AddConstraint(
            model_name='participant',
            constraint=models.UniqueConstraint(fields=('tournament', 'player'), name='participant_unique_player'),
        ),
        migrations.AddConstraint(
            model_name='participant',
            constraint=models.UniqueConstraint(fields=('tournament', 'start_number'), name='participant_unique_start_number'),
        ),
        migrations.AddConstraint(
            model_name='participant',
            constraint=models.CheckConstraint(condition=models.Q(('start_number__gte', 1)), name='participant_start_number_min'),
        ),
        migrations.RunPython(create_cache_table, drop_cache_table),
    ]
