"""A signed or locked list cannot be changed through the ORM either (docs/rules.md 4)."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    make_complete_table,
    make_participants,
    make_seated_table,
    make_staff_user,
    sign_all,
)
from tournaments.models import (
    Game,
    GamePoints,
    ListLocked,
    Seat,
    Signature,
    SummaryEntry,
    Table,
    changes_allowed,
    seen_open,
)
from tournaments.services import states
from tournaments.services.lists import summary

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module", params=["signed", "locked"])
def _closed_table_id(request, module_db):
    """A complete 3-table kept game by game, signed by all or locked without seat 3; built
    once for the module per kind."""
    table = make_complete_table(players=3, rounds_per_series=1)
    if request.param == "signed":
        return sign_all(table).pk
    sign_all(table, except_seats=[3])
    states.apply(table, "close", make_staff_user(), "Platz 3 fehlt")
    return table.pk


@pytest.fixture
def closed(_closed_table_id, db):
    """The closed table as stored: read for each test, whose changes are rolled back."""
    return Table.objects.get(pk=_closed_table_id)


@pytest.fixture
def closed_summary(db):
    """A signed 3-table kept as the summary of a paper list."""
    table = make_seated_table(players=3, rounds_per_series=1)
    rows = [{"seat": n, "game_points": 10 * n, "won": 1, "lost": 0} for n in (1, 2, 3)]
    summary.save_summary(table, rows)
    return sign_all(table)


def change_game(table):
    game = Game.objects.get(table=table, number=1)
    game.score += 1
    game.save()


def change_points(table):
    row = GamePoints.objects.filter(table=table).first()
    row.points += 30
    row.save()


def change_seat(table):
    seat = Seat.objects.get(table=table, number=1)
    seat.until_game = 1
    seat.save()


def change_signature(table):
    signature = Signature.objects.filter(table=table).first()
    signature.method = "image"
    signature.save()


def add_seat(table):
    newcomer = make_participants(table.series.tournament, 1)[0]
    Seat(table=table, number=4, participant=newcomer, from_game=4).save()


ROW_CHANGES = {
    "save game": change_game,
    "delete game": lambda t: Game.objects.get(table=t, number=3).delete(),
    "save points": change_points,
    "delete points": lambda t: GamePoints.objects.filter(table=t).first().delete(),
    "save seat": change_seat,
    "add seat": add_seat,
    "delete seat": lambda t: Seat.objects.filter(table=t).last().delete(),
    "save signature": change_signature,
    "delete signature": lambda t: Signature.objects.filter(table=t).first().delete(),
    "add signature": lambda t: Signature.objects.create(
        table=t, seat=3, participant=t.seats.get(number=3).participant, method="pin"
    ),
    "queryset delete games": lambda t: Game.objects.filter(table=t).delete(),
    "related delete games": lambda t: t.games.all().delete(),
    "queryset update games": lambda t: Game.objects.filter(table=t).update(score=0),
    "queryset delete points": lambda t: GamePoints.objects.filter(table=t).delete(),
    "queryset update points": lambda t: GamePoints.objects.filter(table=t).update(points=0),
    "bulk create points": lambda t: GamePoints.objects.bulk_create(
        [GamePoints(**{**_fields(GamePoints.objects.filter(table=t).first()), "seat": 4})]
    ),
    "queryset update seats": lambda t: Seat.objects.filter(table=t).update(until_game=2),
    "queryset delete signatures": lambda t: Signature.objects.filter(table=t).delete(),
}


def _fields(row) -> dict:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if f.name != "id"}


@pytest.mark.parametrize("change", ROW_CHANGES.values(), ids=ROW_CHANGES.keys())
def test_rows_of_a_closed_list_refuse_to_change(closed, change):
    before = (
        list(Game.objects.filter(table=closed).values_list("number", "score")),
        list(GamePoints.objects.filter(table=closed).values_list("id", "points")),
        list(Seat.objects.filter(table=closed).values_list("id", "until_game")),
        list(Signature.objects.filter(table=closed).values_list("id", "method")),
    )

    with pytest.raises(ListLocked) as error:
        change(closed)

    assert error.value.problem.code == "list_locked"
    assert f"table {closed.number}" in error.value.problem.text()
    assert before == (
        list(Game.objects.filter(table=closed).values_list("number", "score")),
        list(GamePoints.objects.filter(table=closed).values_list("id", "points")),
        list(Seat.objects.filter(table=closed).values_list("id", "until_game")),
        list(Signature.objects.filter(table=closed).values_list("id", "method")),
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda t: SummaryEntry.objects.filter(table=t).update(total=0),
        lambda t: SummaryEntry.objects.filter(table=t).delete(),
        lambda t: SummaryEntry.objects.filter(table=t).first().delete(),
        lambda t: setattr_and_save(SummaryEntry.objects.filter(table=t).first(), won=9),
    ],
    ids=["update", "queryset delete", "delete", "save"],
)
def test_summary_of_a_closed_list_refuses_to_change(closed_summary, change):
    with pytest.raises(ListLocked):
        change(closed_summary)

    assert list(SummaryEntry.objects.filter(table=closed_summary).values_list("won")) == [(1,)] * 3


def setattr_and_save(instance, **values):
    for name, value in values.items():
        setattr(instance, name, value)
    instance.save()


@pytest.mark.parametrize(
    "values",
    [
        {"status": "open"},
        {"number": 9},
        {"seal": "0" * 64},
        {"closed_reason": "anders"},
        {"ended_reason": "später"},
        {"entry_mode": "summary"},
    ],
    ids=lambda values: next(iter(values)),
)
def test_a_closed_table_refuses_changes_to_its_list_fields(closed, values):
    table = Table.objects.get(pk=closed.pk)

    with pytest.raises(ListLocked):
        setattr_and_save(table, **values)
    with pytest.raises(ListLocked):
        Table.objects.filter(pk=closed.pk).update(**values)

    assert Table.objects.get(pk=closed.pk).seal == closed.seal


def test_a_closed_table_saved_unchanged_or_with_a_new_device_code_is_fine(closed):
    table = Table.objects.get(pk=closed.pk)

    table.save()
    table.access_code = "ABCDE12345"
    table.save(update_fields=["access_code"])
    Table.objects.filter(pk=closed.pk).update(access_code=None)

    assert Table.objects.get(pk=closed.pk).status == closed.status


@pytest.mark.parametrize(
    "delete",
    [
        lambda t: Table.objects.get(pk=t.pk).delete(),
        lambda t: Table.objects.filter(pk=t.pk).delete(),
        lambda t: t.series.delete(),
    ],
    ids=["table", "table queryset", "series cascade"],
)
def test_a_closed_list_cannot_be_deleted(closed, delete):
    with pytest.raises(ListLocked), transaction.atomic():
        delete(closed)

    assert Game.objects.filter(table=closed).count() == 3


def test_the_directors_reopening_path_may_change_a_closed_list(closed):
    with changes_allowed(closed):
        Signature.objects.filter(table=closed).delete()
        Table.objects.filter(pk=closed.pk).update(status="open", seal="")

    assert Table.objects.get(pk=closed.pk).status == "open"
    assert not Signature.objects.filter(table=closed).exists()


def test_the_guard_is_back_after_the_reopening_path(closed):
    with changes_allowed(closed):
        pass

    with pytest.raises(ListLocked):
        change_game(closed)


def test_the_guard_lifts_only_for_the_table_being_reopened(closed):
    other = make_complete_table(players=3, rounds_per_series=1)
    sign_all(other)

    with changes_allowed(closed), pytest.raises(ListLocked):
        change_game(other)


def test_open_lists_change_as_before(db):
    table = make_complete_table(players=3, rounds_per_series=1)

    table_id = table.pk
    change_game(table)
    Game.objects.filter(table=table).update(score=0)
    Game.objects.filter(table=table, number=3).delete()
    table.delete()

    assert not Game.objects.filter(table_id=table_id).exists()


def test_seen_open_refuses_a_table_that_is_not_open_and_lifts_the_check_for_that_one_only(
    closed,
):
    """List keeping's shortcut (it holds the row lock and has seen the list open) can
    never lift the guard for a closed list, nor for another table."""
    open_table = make_complete_table(players=3, rounds_per_series=1)

    with pytest.raises(ListLocked), seen_open(closed):
        pass
    with seen_open(open_table), pytest.raises(ListLocked):
        change_game(closed)
    with CaptureQueriesContext(connection) as checked:
        change_game(open_table)
    with seen_open(open_table), CaptureQueriesContext(connection) as trusted:
        change_game(open_table)
    assert len(trusted) == len(checked) - 1  # the same writes, without the check
