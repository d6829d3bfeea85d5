"""What a table device needs to value and check the games still to come on its own.

The device shows the value, the list points and the new running totals before every save,
also while the hall's Wi-Fi is down (docs/table-device.md). It runs a copy of the rules
(``static/js/rules/``) and needs from the server only the facts of the list: who deals and
who plays each coming game, who sits on each seat then, every player's running total, and
the tournament's extra points.
"""

from dataclasses import asdict

from django.db.models import Sum

from tournaments.models import GamePoints, Table
from tournaments.skat.rounds import deal_of, game_count

from ..seating import table_rounds


def device_facts(table: Table, first_number: int | None) -> dict:
    """The deals from game ``first_number`` to the end, the totals and the scheme.

    ``table`` should come with series__tournament; three queries.
    """
    seats = list(table.seats.all())
    rounds = table_rounds(table, seats)
    deals = []
    if first_number is not None:
        for number in range(first_number, game_count(rounds) + 1):
            deals.append(deal_facts(deal_of(number, rounds), seats))
    return {
        "deals": deals,
        "totals": totals_by_participant(table),
        "scheme": asdict(table.series.tournament.scheme),
    }


def deal_facts(deal, seats) -> dict:
    """One deal as the device reads it: dealer, seats, the three who play, who sits where."""
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "seats": list(deal.seats),
        "active": list(deal.active),
        "table_size": deal.table_size,
        "participants": {
            str(seat.number): seat.participant_id
            for seat in seats
            if seat.number in deal.seats and seat.covers(deal.number)
        },
    }


def totals_by_participant(table: Table, before: int | None = None) -> dict[str, int]:
    """Every player's running total (the sum of their list points), before game ``before``
    if given; keyed by participant id as text, as JSON keys are."""
    rows = GamePoints.objects.filter(table=table)
    if before is not None:
        rows = rows.filter(game__number__lt=before)
    totals = rows.values("participant").annotate(total=Sum("points")).order_by()
    return {str(row["participant"]): row["total"] for row in totals}
