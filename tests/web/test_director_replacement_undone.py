"""A replacement undone on the director's table page, with a reason: the seat is the
replaced player's again from the start, every game since counts for him, and the audit
trail keeps the replacement, the undoing and the reason."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Game, GamePoints, Seat
from tournaments.services import replacement_undo, seating
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db


def _seats(table):
    return [
        (s.number, s.participant_id, s.from_game, s.until_game)
        for s in Seat.objects.filter(table=table).order_by("number", "from_game")
    ]


def _points(table):
    """List points per participant from the table's list."""
    totals = {}
    for row in GamePoints.objects.filter(table=table):
        totals[row.participant_id] = totals.get(row.participant_id, 0) + row.points
    return totals


def _replaced_midway():
    """A 4-table of two rounds: four games, seat 2 replaced from game 5, four games more in
    which the replacement declares too. Returns the table, the seats and list points as
    the same games give them without the replacement, and the replacement."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for declarer in (2, 3, 4, 1):  # game n: the dealer is seat n, the declarer the next
        listkeeping.enter_game(
            table, {"declarer_seat": declarer, "game": "grand", "matadors": 1, "won": True}
        )
    seats_before = _seats(table)
    original = Seat.objects.get(table=table, number=2).participant_id
    newcomer = f.make_participants(table.series.tournament, 1)[0]
    seating.replace_player(table, 2, newcomer.id, 5)
    f.play_out(table)
    # The same list without the replacement: seat 2's points are the original player's.
    expected = {}
    for row in GamePoints.objects.filter(table=table):
        owner = original if row.seat == 2 else row.participant_id
        expected[owner] = expected.get(owner, 0) + row.points
    return table, seats_before, expected, newcomer


def test_undoing_a_replacement_gives_the_list_back_as_before_the_change(director_client):
    table, seats_before, expected, newcomer = _replaced_midway()
    replacement = Seat.objects.get(table=table, participant=newcomer)
    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()

    done = director_client.post(
        f"/leitung/tische/{table.id}/ersatzspieler/{replacement.id}/rueckgaengig/",
        {"reason": "Falscher Spieler ausgewählt"},
    )

    assert 'data-testid="undo-replacement"' in page
    assert done.status_code == 302
    assert _seats(table) == seats_before
    assert _points(table) == expected
    assert newcomer.id not in _points(table)
    assert not Game.objects.filter(table=table, declarer=newcomer).exists()
    entry = AuditEntry.objects.get(action="seat_replacement_undone")
    assert entry.reason == "Falscher Spieler ausgewählt"
    assert entry.before["participant"] == newcomer.id and entry.table_id == table.id
    assert AuditEntry.objects.filter(action="seat_replaced").count() == 1  # kept


def test_undoing_a_replacement_needs_a_reason_and_changes_nothing_without_one(director_client):
    table, _before, _expected, newcomer = _replaced_midway()
    replacement = Seat.objects.get(table=table, participant=newcomer)
    seats = _seats(table)

    refused = director_client.post(
        f"/leitung/tische/{table.id}/ersatzspieler/{replacement.id}/rueckgaengig/",
        {"reason": "  "},
    )

    assert refused.status_code == 400
    assert "Bitte einen Grund angeben" in refused.content.decode()
    assert _seats(table) == seats
    assert not AuditEntry.objects.filter(action="seat_replacement_undone").exists()


def test_only_a_replacement_on_an_open_list_can_be_undone():
    table = f.make_seated_table(players=4, rounds_per_series=2)
    first = Seat.objects.get(table=table, number=1)

    with pytest.raises(Rejected) as refused:
        replacement_undo.undo_replacement(table, first.id, "Versehen")

    assert refused.value.problems[0].code == "not_a_replacement"


def test_a_later_replacement_on_the_seat_is_undone_first():
    table = f.make_seated_table(players=4, rounds_per_series=3)
    for _ in range(4):
        f.enter(table, passed=True)
    first, second = f.make_participants(table.series.tournament, 2)
    seating.replace_player(table, 2, first.id, 5)
    for _ in range(4):
        f.enter(table, passed=True)
    seating.replace_player(table, 2, second.id, 9)
    earlier = Seat.objects.get(table=table, participant=first)

    with pytest.raises(Rejected) as refused:
        replacement_undo.undo_replacement(table, earlier.id, "Versehen")
    later = Seat.objects.get(table=table, participant=second)
    replacement_undo.undo_replacement(table, later.id, "Versehen")
    replacement_undo.undo_replacement(table, earlier.id, "Versehen")

    assert refused.value.problems[0].code == "later_seat_change"
    assert [(s[0], s[2], s[3]) for s in _seats(table)] == [
        (1, 1, None),
        (2, 1, None),
        (3, 1, None),
        (4, 1, None),
    ]
