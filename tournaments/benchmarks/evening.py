"""The tournament ``bench load`` runs against: table devices on a running series.

Without ``players`` (or as many as the devices seat) it is one series of 4-player tables,
each with a device. With more players it is an open tournament as phones watch it: a
first series already played out (stored as list keeping stores games, in bulk, as
``bench ranking`` does), so the ranking has a row with points for every player, and a
second series drawn, of whose tables the first ``count`` get a device.
"""

import datetime
import random
from dataclasses import dataclass, field

from tournaments.models import Player, Series, Table, Tournament
from tournaments.services import participants, table_access
from tournaments.services.demo.lists import random_game
from tournaments.services.draw import draw_series
from tournaments.services.seating import table_rounds
from tournaments.skat.rounds import deal_of, game_count

from .ranking import store_games, valued_game


@dataclass
class DeviceTable:
    """One table with a device: its id, code and the games of its list, in order."""

    table_id: int
    code: str
    games: list[dict] = field(default_factory=list)


def build_evening(
    count: int, rounds: int, rng: random.Random, players: int = 0
) -> tuple[int, list[DeviceTable]]:
    """(tournament id, the ``count`` device tables) of a new running tournament."""
    players = max(players, 4 * count)
    # Running from the start, as after the first game: its ranking page is live at once.
    tournament = Tournament.objects.create(
        name="Lasttest",
        date=datetime.date.today(),
        rounds_per_series=rounds,
        status=Tournament.Status.RUNNING,
    )
    people = Player.objects.bulk_create(
        Player(first_name="Karl", last_name=f"Spieler {n}") for n in range(1, players + 1)
    )
    participants.register_many(tournament, [participants.Registration(player) for player in people])
    if players > 4 * count:
        _played_series(tournament, rng)
    series = participants.add_series(tournament)
    draw_series(series, seed=rng.randrange(1000))
    tables = []
    for table in Table.objects.filter(series=series).order_by("number")[:count]:
        plan = table_rounds(table)
        games = [
            random_game(rng, deal_of(number, plan).active)
            for number in range(1, game_count(plan) + 1)
        ]
        tables.append(DeviceTable(table.id, table_access.issue_code(table), games))
    return tournament.pk, tables


def _played_series(tournament: Tournament, rng: random.Random) -> None:
    """A series drawn and played out at every table, its lists stored in bulk."""
    series = participants.add_series(tournament)
    draw_series(series, seed=rng.randrange(1000))
    scheme, games, deals, cache = tournament.scheme, [], [], {}
    for table in Table.objects.filter(series=series).prefetch_related("seats"):
        plan = table_rounds(table)
        at_table = [seat.participant_id for seat in sorted(table.seats.all(), key=_number)]
        for number in range(1, game_count(plan) + 1):
            deal = deal_of(number, plan)
            data = random_game(rng, deal.active)
            games.append(valued_game(table, deal, data, scheme, at_table, cache))
            deals.append((deal, at_table))
    store_games(games, deals, series)
    Table.objects.filter(series=series).update(entry_mode=Table.EntryMode.GAMES)
    Series.objects.filter(pk=series.pk).update(status=Series.Status.FINISHED)


def _number(seat) -> int:
    return seat.number
