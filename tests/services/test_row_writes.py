"""Rows written with their SQL made once per process (services/row_writes.py): the same
rows, to the column, as Django's ``save()``, ``bulk_create()`` and ``update()`` write."""

from itertools import compress

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import DateTimeField
from django.forms.models import model_to_dict
from django.utils.translation import gettext_lazy

from tests import factories as f
from tournaments.models import AuditEntry, Game, GamePoints, IdempotencyKey, TournamentVersion
from tournaments.services import row_writes
from tournaments.services.lists import listkeeping
from tournaments.services.row_writes import insert_rows, update_row

pytestmark = pytest.mark.django_db

TIMES = ("id", "created_at", "entered_at", "updated_at")


def _stored(model, pk) -> dict:
    """A row as read back from the database, without its id and times."""
    row = model.objects.get(pk=pk)
    return {k: v for k, v in model_to_dict(row).items() if k not in TIMES}


def _game_and_points(table, number, **entry):
    """A valued, unsaved game of ``table`` and a function making its list points."""
    seats = list(table.seats.all())
    rounds = listkeeping.table_rounds(table, seats)
    deal = listkeeping.deal_of(number, rounds)
    game = Game(table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size)
    listkeeping.value_game(game, entry, deal, table)
    present = {s.number: s.participant_id for s in seats if s.number in deal.seats}
    game.declarer_id = present.get(game.declarer_seat)
    return game, lambda: game.point_rows(present, deal.active, table.series)


def test_a_game_and_its_points_are_stored_as_save_and_bulk_create_store_them():
    one, two = f.make_seated_table(), f.make_seated_table()
    entry = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "hand": True, "won": True}
    by_django, points_by_django = _game_and_points(one, 1, **entry)
    by_hand, points_by_hand = _game_and_points(two, 1, **entry)

    by_django.save()
    GamePoints.objects.bulk_create(points_by_django())
    insert_rows([by_hand], read_ids=True)
    insert_rows(points_by_hand())

    assert by_hand.pk is not None and not by_hand._state.adding
    django_row, hand_row = _stored(Game, by_django.pk), _stored(Game, by_hand.pk)
    assert {**hand_row, "table": None, "declarer": None} == {
        **django_row,
        "table": None,
        "declarer": None,
    }
    assert hand_row["table"] == two.pk
    assert Game.objects.get(pk=by_hand.pk).entered_at is not None  # auto_now_add filled in
    rows = [
        (p.seat, p.role, p.game_points, p.won, p.lost, p.credit, p.points)
        for p in GamePoints.objects.filter(game__in=[by_django, by_hand]).order_by("game", "seat")
    ]
    assert rows[: len(rows) // 2] == rows[len(rows) // 2 :]
    assert len(rows) == 2 * 4


def test_json_and_text_columns_are_stored_as_create_stores_them():
    table = f.make_seated_table()
    fields = {
        "action": "game_entered",
        "actor": "Tisch 1 – Gerät",
        "table": table,
        "object_repr": "Spiel 1",
        "before": None,
        "after": {"game": "grand", "won": True, "umlaut": "Müller", "list": [1, 2]},
        "reason": "",
    }
    by_django = AuditEntry.objects.create(**fields)
    by_hand = AuditEntry(**fields)

    insert_rows([by_hand], read_ids=True)

    assert _stored(AuditEntry, by_hand.pk) == _stored(AuditEntry, by_django.pk)
    assert AuditEntry.objects.get(pk=by_hand.pk).after["umlaut"] == "Müller"
    assert AuditEntry.objects.get(pk=by_hand.pk).before is None


def test_a_row_linking_an_unsaved_row_is_refused_as_bulk_create_refuses_it():
    from django.contrib.auth import get_user_model

    ghost = get_user_model()(username="ghost")

    with pytest.raises(ValueError, match="unsaved related object"):
        insert_rows([AuditEntry(action="x", actor="x", object_repr="x", user=ghost)])


def test_a_second_key_is_refused_by_the_unique_constraint():
    key = {"scope": "/api/v1/tables/1/games/", "key": "k", "request_hash": "h"}
    insert_rows([IdempotencyKey(**key, response_status=0, response_body={})])

    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows([IdempotencyKey(**key, response_status=0, response_body={})])
    assert IdempotencyKey.objects.filter(key="k").count() == 1


def test_an_update_sets_values_and_counts_up_as_update_does():
    TournamentVersion.objects.create(tournament_id=7, version=4)
    TournamentVersion.objects.create(tournament_id=8, version=4)

    changed = update_row(
        TournamentVersion, {"tournament_id": 7}, {"roster": "abc"}, counted=("version",)
    )
    missing = update_row(TournamentVersion, {"tournament_id": 9}, {}, counted=("version",))

    assert (changed, missing) == (1, 0)
    assert TournamentVersion.objects.get(pk=7).version == 5
    assert TournamentVersion.objects.get(pk=7).roster == "abc"
    assert TournamentVersion.objects.get(pk=8).version == 4


def test_the_sql_is_made_once_per_model_and_row_count(monkeypatch):
    table = f.make_seated_table()
    made = []
    original = row_writes._statement
    monkeypatch.setattr(row_writes, "_statements", {})
    monkeypatch.setattr(row_writes, "_statement", lambda *a: made.append(a[2]) or original(*a))

    for n in range(3):
        insert_rows([AuditEntry(action="x", actor="x", object_repr=str(n), table=table)])
    insert_rows([AuditEntry(action="x", actor="x", object_repr=str(n)) for n in range(2)])

    assert made == [1, 2]
    assert AuditEntry.objects.filter(action="x").count() == 5


def test_without_returning_the_ids_come_through_bulk_create(monkeypatch):
    """A database that cannot return the inserted rows' ids: Django's way, ids and all."""
    monkeypatch.setattr(type(connection.features), "can_return_rows_from_bulk_insert", False)
    entry = AuditEntry(action="x", actor="x", object_repr="y")

    insert_rows([entry], read_ids=True)

    if entry.pk is not None:
        assert AuditEntry.objects.get(pk=entry.pk).object_repr == "y"
    assert AuditEntry.objects.filter(object_repr="y").count() == 1


def _django_prepared(row, fields):
    return [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]


def _fields(model):
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@pytest.mark.parametrize(
    "values",
    [
        {},
        {"game_points": None, "credit": 0, "won": 1, "role": "declarer"},
        # Not of the field's own type: prepared by Django (int("7"), bool(1) → 1, a lazy text).
        {"seat": "3", "won": True, "points": -7.0, "role": gettext_lazy("out")},
    ],
)
def test_values_taken_as_given_are_the_values_django_prepares(values):
    table = f.make_seated_table()
    game, points = _game_and_points(table, 1, declarer_seat=2, game="clubs", matadors=1, won=True)
    insert_rows([game], read_ids=True)
    rows = points()
    for name, value in values.items():
        setattr(rows[0], name, value)

    for model, made in ((Game, [game]), (GamePoints, rows)):
        fields = _fields(model)
        # The times are now's, a moment apart: compared by type only.
        timeless = [not isinstance(field, DateTimeField) for field in fields] * len(made)
        by_django = [v for row in made for v in _django_prepared(row, fields)]
        given = row_writes.prepared_values(made, fields, connection)
        assert [type(v) for v in given] == [type(v) for v in by_django]
        assert list(compress(given, timeless)) == list(compress(by_django, timeless))


def test_plain_fields_are_taken_as_given_and_dates_and_json_prepared(monkeypatch):
    table = f.make_seated_table()
    entry = AuditEntry(action="game_entered", actor="x", table=table, after={"a": 1})
    game, points = _game_and_points(table, 1, declarer_seat=2, game="clubs", matadors=1, won=True)
    insert_rows([game], read_ids=True)
    prepared = []
    for model in (Game, GamePoints, AuditEntry):
        for field in _fields(model):
            original = field.get_db_prep_save

            def counting(value, conn, field=field, original=original):
                prepared.append(field.attname)
                return original(value, conn)

            monkeypatch.setattr(field, "get_db_prep_save", counting)

    row_writes.prepared_values(points(), _fields(GamePoints), connection)
    row_writes.prepared_values([entry], _fields(AuditEntry), connection)

    whole_numbers_adapted = row_writes.kept_types(_fields(GamePoints)[5], connection) == ()
    expected = {"created_at", "before", "after"}
    if whole_numbers_adapted:  # psycopg 3 wraps every whole number in its own type
        expected |= {"seat", "won", "lost", "credit", "points", "game_points", "table_id"}
    assert "role" not in prepared and "actor" not in prepared  # texts as given
    links = {"user_id", "game_id", "series_id", "tournament_id", "participant_id"}
    assert set(prepared) <= expected | links
    assert {"created_at", "after"} <= set(prepared)
    if not whole_numbers_adapted:
        assert set(prepared) == {"created_at", "before", "after"}
