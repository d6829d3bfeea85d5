"""The tables, seats, games and list points of one imported series, written in bulk
(docs/results-format.md, "Importing documents").

Entering a 400-player document game by game through ``listkeeping.enter_game`` took
6–14 ms a game (a row lock, a re-read of the table, an audit entry and a comparison with
list B for each), 90–200 s in all — longer than a hall's sender waits for the answer
(docs/performance.md). Here every game still goes through the same checks the entry path
makes — its number in order and within the rounds (``listkeeping.check_number``), its
entry valued by the pure rules of ``tournaments/skat/`` (``listkeeping.value_game``),
its list points from the model (``Game.point_rows``) — but the rows of a whole series are
written with one ``bulk_create`` per table of the database. The list is new and open, so
none of the entry path's locks has anything to guard. The list points and audit entries,
whose ids nothing reads back, go in one ``executemany`` each (``row_writes.insert_many``):
``bulk_create`` built a statement with every value a parameter per batch of 999, which
was most of a 400-player import once the schema check was compiled (docs/performance.md).
"""

from dataclasses import dataclass

from tournaments.models import AuditEntry, Game, GamePoints, Seat, Series, Table
from tournaments.models.locking import ensure_changeable
from tournaments.services import states
from tournaments.services.lists import listkeeping
from tournaments.services.row_writes import insert_many
from tournaments.services.seating import table_rounds
from tournaments.skat.rounds import deal_of, game_count

from . import import_lists


@dataclass
class _Entered:
    """A valued game not yet saved, and the seats (seat → participant) present at it."""

    game: Game
    present: dict[int, int]
    active: tuple[int, ...]


def create_tables(series: Series, series_item: dict, s: int, refs: dict[str, int]) -> list:
    """The series' tables with their seats, games, list points and the games' audit
    entries; returns the tables in the document's order. A refusal names its field inside
    the document (``series/0/tables/2/games/5/matadors``)."""
    items = series_item["tables"]
    tables = Table.objects.bulk_create(
        Table(
            series=series,
            number=item["number"],
            entry_mode=Table.EntryMode.GAMES if item["games"] else Table.EntryMode.NONE,
        )
        for item in items
    )
    seats = {table.pk: _seats(table, item, refs) for table, item in zip(tables, items, strict=True)}
    Seat.objects.bulk_create(seat for rows in seats.values() for seat in rows)
    entered = []
    for t, (table, item) in enumerate(zip(tables, items, strict=True)):
        with import_lists.refusals_at(f"series/{s}/tables/{t}"):
            entered.extend(_valued_games(table, seats[table.pk], item["games"]))
    Game.objects.bulk_create(one.game for one in entered)
    points = [
        row for one in entered for row in one.game.point_rows(one.present, one.active, series)
    ]
    ensure_changeable({row.table_id for row in points})  # as GamePoints.objects.bulk_create
    insert_many(GamePoints, points)
    insert_many(
        AuditEntry,
        [
            AuditEntry(
                action="game_entered",
                actor=import_lists.ACTOR,
                table_id=one.game.table_id,
                object_repr=str(one.game)[:200],
                after=one.game.inputs(),
            )
            for one in entered
        ],
    )
    if entered:  # the first game starts a planned series and tournament, as entering does
        states.start_running(entered[0].game.table, None, actor=import_lists.ACTOR)
    return tables


def _seats(table: Table, item: dict, refs: dict[str, int]) -> list[Seat]:
    return [
        Seat(
            table=table,
            series_id=table.series_id,
            number=seat["seat"],
            participant_id=refs[seat["player"]],
            from_game=seat["from_game"],
            until_game=seat["until_game"],
        )
        for seat in item["seats"]
    ]


def _valued_games(table: Table, seats: list[Seat], games: list[dict]) -> list[_Entered]:
    """Every game of the list checked and valued as ``listkeeping.enter_game`` does."""
    if not games:
        return []
    rounds = table_rounds(table, seats)
    last = game_count(rounds)
    entered = []
    for g, item in enumerate(games):
        with import_lists.refusals_at(f"games/{g}"):
            entry = import_lists.entry_of(item)
            number = entry.get("number", len(entered) + 1)
            listkeeping.check_number(number, len(entered) + 1, last)
            deal = deal_of(number, rounds)
            game = Game(
                table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size
            )
            listkeeping.value_game(game, entry, deal, table)
        present = {
            seat_number: next(
                seat for seat in seats if seat.number == seat_number and seat.covers(number)
            ).participant_id
            for seat_number in deal.seats
        }
        game.declarer_id = None if game.passed else present[game.declarer_seat]
        entered.append(_Entered(game, present, deal.active))
    return entered
