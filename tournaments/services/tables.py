"""Reading tables' lists: seats, settlement and what comes next, in constant queries."""

from collections import defaultdict
from dataclasses import asdict

from django.db.models import Max

from tournaments.models import Game, Seat, Table
from tournaments.skat.rounds import deal_of, game_count

from .seating import table_rounds
from .settlement import settlement_lines, table_totals


def table_overview(table: Table) -> dict:
    """Everything a list keeper needs to see; ``table`` should come with series__tournament."""
    return table_overviews([table])[0]


def table_overviews(tables) -> list[dict]:
    """The overviews of many tables in four queries, whatever their number of games."""
    tables = list(tables)
    ids = [table.id for table in tables]
    seats = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in=ids)
        .select_related("participant__player")
        .order_by("table", "number", "from_game")
    ):
        seats[seat.table_id].append(seat)
    last_games = dict(
        Game.objects.filter(table_id__in=ids)
        .values("table")
        .annotate(last=Max("number"))
        .values_list("table", "last")
        .order_by()
    )
    totals = table_totals(tables)
    return [
        _overview(table, seats[table.id], last_games.get(table.id, 0), totals[table.id])
        for table in tables
    ]


def _overview(table: Table, seats, entered: int, totals) -> dict:
    rounds = table_rounds(table, seats)
    deal = deal_of(entered + 1, rounds) if table.entry_mode != Table.EntryMode.SUMMARY else None
    return {
        "id": table.id,
        "series": table.series_id,
        "number": table.number,
        "status": table.status,
        "entry_mode": table.entry_mode,
        "seats": [
            {
                "seat": seat.number,
                "participant": seat.participant_id,
                "name": seat.participant.player.full_name,
                "start_number": seat.participant.start_number,
                "from_game": seat.from_game,
                "until_game": seat.until_game,
            }
            for seat in seats
        ],
        "settlement": [asdict(line) for line in settlement_lines(table, seats, totals)],
        "games_planned": game_count(rounds),
        "games_entered": entered,
        "next_game": None
        if deal is None
        else {
            "number": deal.number,
            "dealer_seat": deal.dealer,
            "active_seats": list(deal.active),
            "table_size": deal.table_size,
        },
    }
