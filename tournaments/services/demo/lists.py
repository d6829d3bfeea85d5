"""A realistic demo: a running club evening and a finished cup, played out at random.

Everything goes through the same services as real entries, so the demo shows exactly
what a director would see: 4- and 3-player tables, a player leaving mid-series, one table
entered as the summary of a paper list, signed and closed lists, a finished series of the
running evening, and a finished tournament with its final standings (Endstand).
"""

import random
from datetime import date

from tournaments.models import Player, Tournament
from tournaments.skat.games import MAX_MATADORS, GameType

from .. import participants, seating, states
from ..lists import listkeeping, summary

DEMO_TOURNAMENT = "Demo-Clubabend"
DEMO_CUP = "Demo-Herbstpokal"
DEMO_REASON = "Demo: Spieler ohne Unterschrift gegangen"
SEED = 2026

_GAMES = ["diamonds", "hearts", "spades", "clubs", "grand", "null"]
_WEIGHTS = [14, 16, 16, 18, 24, 12]


def random_game(rng: random.Random, active_seats) -> dict:
    """A plausible valid game: mostly won, sometimes hand, Schneider or passed in."""
    if rng.random() < 0.06:
        return {"passed": True}
    game = rng.choices(_GAMES, _WEIGHTS)[0]
    data = {"declarer_seat": rng.choice(list(active_seats)), "game": game}
    if game == "null":
        data.update(won=rng.random() < 0.7, hand=rng.random() < 0.2, ouvert=rng.random() < 0.2)
        return data
    top = MAX_MATADORS[GameType(game)]
    data.update(
        matadors=min(rng.choice([1, 1, 1, 2, 2, 3, 4]), top),
        with_matadors=rng.random() < 0.6,
        hand=rng.random() < 0.15,
        won=rng.random() < 0.75,
        schneider=rng.random() < 0.12,
    )
    return data


def _play_out(table, rng: random.Random) -> None:
    while True:
        table.refresh_from_db()
        deal = seating.deal_for_next_game(table)
        if deal is None:
            return
        listkeeping.enter_game(table, random_game(rng, deal.active))


def load_demo_evening(club, director) -> Tournament | None:
    """Create the running demo evening once; an existing one is left as it is (idempotent).

    Series 1 is signed, closed and finished; series 2 is played out and waits for the
    players' signatures, so the evening is still running.
    """
    if Tournament.objects.filter(name=DEMO_TOURNAMENT).exists():
        return None
    rng = random.Random(SEED)
    tournament, people = _demo_tournament(club, DEMO_TOURNAMENT, date(2026, 11, 20), 12, 2, 16)
    first = participants.add_series(tournament)
    # 16 players: one 4-table and four 3-tables.
    groups = [people[0:4], people[4:7], people[7:10], people[10:13], people[13:16]]
    tables = [seating.create_table(first, n, [p.id for p in g]) for n, g in enumerate(groups, 1)]
    for table in tables[:-1]:
        _play_out(table, rng)
    summary.save_summary(
        tables[-1],
        [
            {"seat": 1, "game_points": 612, "won": 7, "lost": 2},
            {"seat": 2, "game_points": 288, "won": 5, "lost": 3},
            {"seat": 3, "game_points": 455, "won": 6, "lost": 1},
        ],
    )
    second = participants.add_series(tournament)
    shuffled = people[:]
    rng.shuffle(shuffled)
    groups = [shuffled[0:4], shuffled[4:8], shuffled[8:12], shuffled[12:16]]
    tables = [seating.create_table(second, n, [p.id for p in g]) for n, g in enumerate(groups, 1)]
    _play_half_then_leave(tables[0], rng)
    for table in tables[1:]:
        _play_out(table, rng)
    _sign_or_close(first, director)
    states.apply(first, "finish", director)
    return tournament


def load_demo_cup(club, director) -> Tournament | None:
    """Create the finished demo cup once: one series of two 4-tables, signed and finished."""
    if Tournament.objects.filter(name=DEMO_CUP).exists():
        return None
    rng = random.Random(SEED + 1)
    tournament, people = _demo_tournament(club, DEMO_CUP, date(2026, 10, 16), 3, 1, 8)
    series = participants.add_series(tournament)
    for number, group in enumerate([people[0::2], people[1::2]], 1):
        _play_out(seating.create_table(series, number, [p.id for p in group]), rng)
    _sign_or_close(series, director)
    states.apply(series, "finish", director)
    return states.apply(tournament, "finish", director)


def _demo_tournament(club, name: str, day: date, rounds: int, series: int, players: int):
    """A demo tournament at the club's home with its first ``players`` players registered."""
    tournament = Tournament.objects.create(
        club=club,
        name=name,
        date=day,
        venue="Vereinsheim",
        rounds_per_series=rounds,
        planned_series=series,
        is_demo=True,
    )
    chosen = Player.objects.order_by("club__name", "member_number")[:players]
    return tournament, [participants.register(tournament, player) for player in chosen]


def _sign_or_close(series, director) -> None:
    """Every player signs with the start-card PIN; at the last table one left unsigned."""
    tables = list(series.tables.order_by("number"))
    for index, table in enumerate(tables):
        last = index == len(tables) - 1
        seats = table.seats.select_related("participant").order_by("number", "from_game")
        holders = {seat.participant_id: seat for seat in seats}
        for seat in list(holders.values())[: -1 if last else None]:
            states.apply(
                table,
                "sign",
                director,
                seat=seat.number,
                participant=seat.participant_id,
                pin=seat.participant.pin,
            )
        if last:
            states.apply(table, "close", director, DEMO_REASON)


def _play_half_then_leave(table, rng: random.Random) -> None:
    """Seat 4 leaves after round 6 (game 24); the table ends the series as a 3-table."""
    for _ in range(24):
        deal = seating.deal_for_next_game(table)
        listkeeping.enter_game(table, random_game(rng, deal.active))
    seating.leave_table(table, 4, 24)
    _play_out(table, rng)
