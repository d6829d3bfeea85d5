"""Keeping list B, the second list of a table (doppelte Listenführung, docs/rules.md 4).

The second keeper's device works like the first: it enters, corrects and takes back the
games of its own list, online and offline, valued by the same entry path
(``listkeeping.value_game``) and numbered and dealt the same way. List B never counts:
its games have no list points rows, so settlement, rankings, the seal and the PDF read
list A alone. Every write is compared with list A's game of the same number at once
(``comparing.compare``).
"""

from collections import defaultdict

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import SecondListGame, Table, seen_open
from tournaments.skat.rounds import deal_of, game_count

from ..errors import Refusal
from ..locking import lock_table
from ..prepared_reads import PreparedRead
from ..seating import ensure_entry_mode, ensure_open, table_rounds
from ..table_access import ONE_LIST_ONLY
from .listkeeping import (
    KeptList,
    check_number,
    correct_on_list,
    delete_from_list,
    ensure_not_ended,
    found_game,
    insert_new_game,
    mark_kept_game_by_game,
    record_list_write,
    value_game,
)
from .running_list import ListRow
from .seat_facts import seat_facts

NOT_ON_LIST_B = Refusal(
    "number", "no_such_game", gettext_noop("Game %(number)s is not on list B."), missing=True
)


def ensure_two_lists(table: Table) -> None:
    if not table.series.tournament.two_lists:
        raise ONE_LIST_ONLY.rejected(table=table.number)


@transaction.atomic
def enter_second_game(table: Table, data: dict, *, user=None, actor="") -> SecondListGame:
    """Append a game to list B; ``data`` holds the API's fields, as for list A."""
    table = lock_table(table, parents_if_planned=True)
    _ensure_writable(table)
    seats = seat_facts(table)
    rounds = table_rounds(table, seats)
    next_number = next_second_number(table)
    number = data.get("number", next_number)
    check_number(number, next_number, game_count(rounds))
    deal = deal_of(number, rounds)
    game = SecondListGame(
        table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size
    )
    value_game(game, data, deal, table)
    with seen_open(table):  # locked and checked open above
        insert_new_game(game)
    mark_kept_game_by_game(table, user=user, actor=actor)
    record_list_write("second_game_entered", table, game, user=user, actor=actor)
    game.seats_read = seats  # for the answer's state, as on list A
    return game


@transaction.atomic
def correct_second_game(table: Table, number: int, data: dict, **change) -> SecondListGame:
    """Replace (or with ``partial`` update) what list B holds for game ``number``;
    ``change``: the keywords of ``listkeeping.correct_on_list`` (``how`` among them)."""
    return correct_on_list(LIST_B, table, number, data, **change)


@transaction.atomic
def delete_second_game(table: Table, number: int, **change) -> None:
    """Take back the last game of list B (undo); earlier games are corrected instead."""
    delete_from_list(LIST_B, table, number, **change)


def _ensure_writable(table: Table) -> None:
    ensure_open(table)
    ensure_two_lists(table)
    ensure_not_ended(table)
    ensure_entry_mode(table, Table.EntryMode.GAMES)


def last_second_number(table: Table) -> int:
    """The number of list B's last game, 0 before its first."""
    found = _LAST_SECOND_NUMBER.first(table.pk)
    return found[0] if found is not None else 0


def _last_second_number_of(pk):
    return SecondListGame.objects.filter(table_id=pk).order_by("-number").values_list("number")[:1]


# Read by every entry on list B: compiled once per process, as list A's.
_LAST_SECOND_NUMBER = PreparedRead(_last_second_number_of)


def next_second_number(table: Table) -> int:
    return last_second_number(table) + 1


def second_game_on_list(table: Table, number, *, as_typed=None) -> SecondListGame:
    """Game ``number`` of list B; refused as missing, naming the number ``as_typed``."""
    return found_game(table.second_games, number, NOT_ON_LIST_B, as_typed)


def second_running_list(table: Table, seats, names: dict[int, str]) -> list[ListRow]:
    """List B's games in order with every present seat's points and running total (Stand),
    added up as list A's are (a replacement starts from zero); two queries.

    ``seats``: the table's seats (with ``number``, ``participant_id``, ``covers``);
    ``names`` by participant id.
    """
    rounds = table_rounds(table, seats)
    running: dict[int, int] = defaultdict(int)
    rows = []
    for game in table.second_games.order_by("number"):
        deal = deal_of(game.number, rounds)
        points, totals, declarer = {}, {}, ""
        for seat in seats:
            if seat.number not in deal.seats or not seat.covers(game.number):
                continue
            value = game.points_of_seat(seat.number)
            running[seat.participant_id] += value
            points[seat.number] = value
            totals[seat.number] = running[seat.participant_id]
            if not game.passed and seat.number == game.declarer_seat:
                declarer = names.get(seat.participant_id, "")
        rows.append(ListRow(game, declarer, points, totals))
    return rows


def second_totals(rows: list[ListRow], seats) -> dict[str, int]:
    """Every player's total on list B after ``rows`` (of :func:`second_running_list`),
    keyed by participant id as text, as the device reads list A's."""
    totals: dict[str, int] = {}
    for row in rows:
        for seat in seats:
            if seat.number in row.totals and seat.covers(row.game.number):
                totals[str(seat.participant_id)] = row.totals[seat.number]
    return totals


def _save(game: SecondListGame, deal, seats, table: Table) -> None:
    with seen_open(table):  # locked and checked open by correct_on_list
        game.save()


def _remove(game: SecondListGame, table: Table) -> None:
    with seen_open(table):
        game.delete()


LIST_B = KeptList(
    action_stem="second_game",
    ensure_writable=_ensure_writable,
    find=second_game_on_list,
    last_number=last_second_number,
    save=_save,
    remove=_remove,
)
