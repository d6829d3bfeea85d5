"""Reading a table's list: seats, settlement and what comes next, in constant queries."""

from dataclasses import asdict

from django.db.models import Max

from tournaments.models import Table
from tournaments.skat.rounds import deal_of, game_count

from .seating import table_rounds
from .settlement import settle_table


def table_overview(table: Table) -> dict:
    """Everything a list keeper needs to see; ``table`` should come with series__tournament."""
    seats = list(table.seats.select_related("participant__player").order_by("number", "from_game"))
    rounds = table_rounds(table, seats)
    entered = table.games.aggregate(last=Max("number"))["last"] or 0
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
        "settlement": [asdict(line) for line in settle_table(table, seats=seats)],
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
