"""What a table device needs to value and check the games still to come on its own, and
the list's state document that tells the device where the list stands.

The device shows the value, the list points and the new running totals before every save,
also while the hall's Wi-Fi is down (docs/table-device.md). It runs a copy of the rules
(``static/js/rules/``) and needs from the server only the facts of the list: who deals and
who plays each coming game, who sits on each seat then, every player's running total, and
the tournament's extra points.

:func:`list_state` is the one document the device learns the list from: embedded in the
first page load, carried by the answer of every save, undo and correction of a device,
and answered by the version poll of an open page (``web/table/state.py``). Its
``version`` is the tournament's version (``services/versions.py``), taken before the list
is read, so a device applies a state only when it is not older than the one it has.
"""

from dataclasses import asdict

from django.db.models import Count, Max, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from tournaments.models import Game, GamePoints, ListDifference, Seat, SecondListGame, Table
from tournaments.skat.rounds import deal_of, deals_from, game_count

from ..prepared_reads import PreparedRead
from ..seating import table_rounds
from ..versions import current_number
from . import second_list
from .comparing import open_numbers
from .listkeeping import last_game_number
from .overview import entered_games
from .seat_facts import SeatFact, seat_facts

LIST_B = "B"


def device_facts(table: Table, first_number: int | None) -> dict:
    """The deals from game ``first_number`` to the end, the totals and the scheme.

    ``table`` should come with series__tournament; three queries.
    """
    facts = device_facts_for(table, list(table.seats.all()), first_number)
    return {**facts, "totals": totals_by_participant(table)}


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
    if before is None:
        return {str(participant): total for participant, total in _TOTALS.rows(table.pk)}
    rows = GamePoints.objects.filter(table=table, game__number__lt=before)
    totals = rows.values("participant").annotate(total=Sum("points")).order_by()
    return {str(row["participant"]): row["total"] for row in totals}


def _totals_of(pk):
    return (
        GamePoints.objects.filter(table_id=pk)
        .values_list("participant")
        .annotate(total=Sum("points"))
        .order_by()
    )


# The totals are read with every save of a device (in its answer's state).
_TOTALS = PreparedRead(_totals_of)


def state_after_entry(game: Game | SecondListGame) -> dict:
    """The state of the list ``game`` was entered on (list B for a
    :class:`SecondListGame`), read in the entry's transaction: the locked table, the seats
    and the number the entry has read already."""
    table = game.table
    kept_list = LIST_B if isinstance(game, SecondListGame) else "A"
    overview = state_overview(table, game.seats_read, game.number)
    return list_state(table, kept_list, overview=overview)


def list_state(table: Table, kept_list: str = "A", overview: dict | None = None) -> dict:
    """Where the list ``kept_list`` of ``table`` stands, as the device applies it.

    ``version``; ``status`` (open, complete, ended, signed, locked); the next game's
    ``nextNumber`` (None when nothing can be entered) and ``lastNumber``; the deals from
    the next game on with who plays and who sits where (``deals``), every player's total
    (``totals`` by participant id), the names (``people``), the seats with their changes
    (``seats``), each present seat's total with the dealer and who sits out (``present``)
    and the numbers of the open two-list differences (``differences``). ``overview``: the
    table's overview when the caller has read it already.
    """
    version = current_number(table.series.tournament_id)
    overview = overview or _state_overview(table)
    seats = [
        SeatFact(s["seat"], s["participant"], s["name"], s["from_game"], s["until_game"])
        for s in overview["seats"]
    ]
    if kept_list == LIST_B:
        names = {seat.participant_id: seat.name for seat in seats}
        rows = second_list.second_running_list(table, seats, names)
        entered, totals = len(rows), second_list.second_totals(rows, seats)
    else:
        entered, totals = overview["games_entered"], totals_by_participant(table)
    planned = overview["games_planned"]
    if kept_list == LIST_B:
        next_number = entered + 1 if entered < planned else None
    else:
        next_number = overview["next_game"]["number"] if overview["next_game"] else None
    if table.entry_mode == Table.EntryMode.SUMMARY or table.ended_early_at is not None:
        next_number = None
    facts = device_facts_for(table, seats, next_number)
    return {
        "version": version,
        "keptList": kept_list,
        "status": _status(table, next_number),
        "nextNumber": next_number,
        "lastNumber": entered,
        "gamesPlanned": planned,
        **facts,
        "totals": totals,
        "people": {str(line["participant"]): line["name"] for line in overview["seats"]},
        "seats": [
            {key: line[key] for key in ("seat", "participant", "name", "from_game", "until_game")}
            for line in overview["seats"]
        ],
        "present": _present(facts["deals"][0] if facts["deals"] else None, seats, totals),
        "differences": open_numbers(table) if table.series.tournament.two_lists else [],
    }


def _state_overview(table: Table) -> dict:
    """The parts of the table's overview (``overview.table_overview``) the state is made
    of — the seats with their players' names, the games entered and planned, the next
    game — in two queries. A device asks for the state with every save, so the overview's
    settlement and signatures, which the state does not show, are not read for it."""
    return state_overview(table, seat_facts(table), last_game_number(table))


def state_overview(table: Table, seats: list[SeatFact], last: int) -> dict:
    """:func:`_state_overview` from the ``seats`` and the ``last`` game number read already
    (the entry of a game has both under the table's lock)."""
    rounds = table_rounds(table, seats)
    planned = game_count(rounds)
    deal = None if table.entry_mode == Table.EntryMode.SUMMARY else deal_of(last + 1, rounds)
    return {
        "seats": [
            {
                "seat": seat.number,
                "participant": seat.participant_id,
                "name": seat.name,
                "from_game": seat.from_game,
                "until_game": seat.until_game,
            }
            for seat in seats
        ],
        "games_planned": planned,
        "games_entered": entered_games(table, last, planned),
        "next_game": None if deal is None else {"number": deal.number},
    }


def device_facts_for(table: Table, seats, first_number: int | None) -> dict:
    """:func:`device_facts` with the seats already read."""
    rounds = table_rounds(table, seats)
    deals = (
        []
        if first_number is None
        else [deal_facts(deal, seats) for deal in deals_from(first_number, rounds)]
    )
    return {"deals": deals, "scheme": asdict(table.series.tournament.scheme)}


def _status(table: Table, next_number: int | None) -> str:
    if table.status != Table.Status.OPEN:
        return table.status
    if table.ended_early_at is not None:
        return "ended"
    return "open" if next_number is not None else "complete"


def _present(deal: dict | None, seats, totals: dict[str, int]) -> list[dict]:
    """The seats at the next game, each with its player's total; who deals, who sits out."""
    if deal is None:
        return []
    return [
        {
            "seat": int(seat),
            "participant": participant,
            "total": totals.get(str(participant), 0),
            "is_dealer": int(seat) == deal["dealer"],
            "sits_out": deal["table_size"] == 4 and int(seat) == deal["dealer"],
        }
        for seat, participant in sorted(deal["participants"].items(), key=lambda i: int(i[0]))
    ]


def list_fingerprint(table: Table) -> str:
    """What a change of ``table``'s list changes, read in one query: its status, its
    games and list B's (number, last change), its seats and its two-list differences.

    An open device's poll compares it (``web/table/state.py``): another table's game
    leaves it as it is, so a busy hall costs an open device one query a poll.
    """
    values = _FINGERPRINT.first(table.pk)
    return "|".join(str(value) for value in values or ())


def _fingerprint_of(pk):
    """The query of :func:`list_fingerprint`, for table ``pk``."""
    return (
        Table.objects.filter(pk=pk)
        .annotate(
            fp_games=_per_table(Game.objects.all(), Count("id")),
            fp_games_changed=_per_table(Game.objects.all(), Max("updated_at")),
            fp_b_games=_per_table(SecondListGame.objects.all(), Count("id")),
            fp_b_changed=_per_table(SecondListGame.objects.all(), Max("updated_at")),
            fp_seats=_per_table(Seat.objects.all(), Max("id")),
            fp_seat_people=_per_table(Seat.objects.all(), Sum("participant_id")),
            fp_seat_starts=_per_table(Seat.objects.all(), Sum("from_game")),
            fp_seat_ends=_per_table(Seat.objects.all(), Sum(Coalesce("until_game", 0))),
            fp_differences=_per_table(ListDifference.objects.all(), Max("id")),
            fp_open_differences=_per_table(
                ListDifference.objects.filter(settled_at=None), Count("id")
            ),
        )
        .values_list(
            "status",
            "entry_mode",
            "ended_early_at",
            "locked_at",
            "fp_games",
            "fp_games_changed",
            "fp_b_games",
            "fp_b_changed",
            "fp_seats",
            "fp_seat_people",
            "fp_seat_starts",
            "fp_seat_ends",
            "fp_differences",
            "fp_open_differences",
        )
        .order_by()[:1]
    )


# Ten subqueries: compiling them took a poll about 4 ms of CPU, reading them 0.3 ms
# (services/prepared_reads.py).
_FINGERPRINT = PreparedRead(_fingerprint_of)


def _per_table(rows, aggregate):
    """``aggregate`` over ``rows`` of the outer table, as a subquery."""
    grouped = rows.filter(table=OuterRef("pk")).order_by().values("table")
    return Subquery(grouped.annotate(value=aggregate).values("value")[:1])
