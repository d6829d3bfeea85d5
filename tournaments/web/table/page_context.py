"""What every table page shows: header, seats with their running totals, the next deal, the
running list (newest game first, so the last entry sits right under the form).

Numbers come from the services: the running totals from the stored list points
(``services.lists.running_list``), in a constant number of queries.
"""

from django.urls import NoReverseMatch, reverse

from tournaments.models import Table
from tournaments.services.lists import second_list
from tournaments.services.lists.overview import table_overview
from tournaments.services.lists.running_list import running_list
from tournaments.services.lists.seat_facts import SeatFact
from tournaments.services.lists.table_device import list_state
from tournaments.services.seating import table_rounds
from tournaments.skat.rounds import deal_of, game_count
from tournaments.web.table.access import (
    Access,
)
from tournaments.web.table.display import (
    delete_question,
    plain,
    row_display,
)
from tournaments.web.table.offline import offline_context
from tournaments.web.table.two_lists import differences_context


def page_context(request, access: Access) -> dict:
    """Header, seats with totals, the next deal and the running list, in constant queries."""
    table = access.table
    overview = table_overview(table)
    # The one document the device learns the list from (the page embeds it).
    state = list_state(table, access.kept_list, overview=overview)
    seats = [
        SeatFact(s["seat"], s["participant"], s["name"], s["from_game"], s["until_game"])
        for s in overview["seats"]
    ]
    names = {seat.participant_id: seat.name for seat in seats}
    if access.second:  # the second keeper's device shows and continues list B
        rows = second_list.second_running_list(table, seats, names)
        overview = {**overview, **_second_progress(table, seats, len(rows))}
    else:
        rows = running_list(table, names)
    ended_early = table.ended_early_at is not None
    next_game = overview["next_game"]
    if table.entry_mode == Table.EntryMode.SUMMARY or ended_early:
        next_game = None
    present = [s for s in seats if s.covers(next_game["number"])] if next_game else []
    totals = rows[-1].totals if rows else {}
    current = {seat.number: _current_total(rows, seat) for seat in seats}
    dealer = next_game["dealer_seat"] if next_game else None
    four = bool(next_game) and next_game["table_size"] == 4
    displayed = [row_display(row, seats) for row in reversed(rows)]
    try:
        director_url = reverse("web:director-table", args=[table.pk]) if access.director else ""
    except NoReverseMatch:
        director_url = ""
    return {
        "director_url": director_url,
        "table": table,
        "series": table.series,
        "tournament": table.series.tournament,
        "access": access,
        "editable": access.may_edit and next_game is not None,
        "ended_early": ended_early,
        "may_edit": access.may_edit,
        "next_game": next_game,
        "dealer_name": _name_on(present, dealer),
        "seat_columns": _seat_columns(seats),
        # A phone lays each row out in lines, the Stands in as many columns as there are seats.
        "list_class": f"game-list seats-{len(_seat_columns(seats))}",
        "present": [
            {
                "seat": seat.number,
                "name": seat.name,
                "total": current.get(seat.number, 0),
                "total_display": plain(current.get(seat.number, 0)),
                "is_dealer": seat.number == dealer,
                "sits_out": four and seat.number == dealer,
            }
            for seat in present
        ],
        "rows": displayed,
        "undo_question": delete_question(displayed[0]) if displayed else "",
        "last_game": rows[-1].game if rows else None,
        "totals": totals,
        "games_entered": overview["games_entered"],
        "games_planned": overview["games_planned"],
        "settlement": [
            {**line, "total_display": plain(line["total"])} for line in overview["settlement"]
        ],
        "overview": overview,
        "list_state": state,
        "offline": offline_context(access, seats, state=state),
        **differences_context(table, seats, "" if access.director else access.kept_list),
    }


def _second_progress(table: Table, seats, entered: int) -> dict:
    """List B's number of games and next deal, in the overview's words."""
    rounds = table_rounds(table, seats)
    number = entered + 1
    deal = deal_of(number, rounds) if number <= game_count(rounds) else None
    next_game = None
    if deal is not None:
        next_game = {
            "number": deal.number,
            "dealer_seat": deal.dealer,
            "active_seats": list(deal.active),
            "table_size": deal.table_size,
        }
    return {"games_entered": entered, "next_game": next_game}


def _current_total(rows, seat) -> int:
    for row in reversed(rows):
        if seat.covers(row.game.number) and seat.number in row.totals:
            return row.totals[seat.number]
    return 0


def _name_on(seats, number) -> str:
    return next((s.name for s in seats if s.number == number), "")


def _seat_columns(seats) -> list[dict]:
    columns: dict[int, list[str]] = {}
    for seat in seats:
        columns.setdefault(seat.number, []).append(seat.name)
    return [{"seat": number, "names": " / ".join(names)} for number, names in columns.items()]
