"""Reading tables' lists: seats, settlement and what comes next, in constant queries."""

from collections import defaultdict
from dataclasses import asdict

from django.db.models import Max, Q

from tournaments.models import Game, GamePoints, SecondListGame, Signature, Table
from tournaments.skat.rounds import deal_of, game_count

from ..public_names import public_name_of, reader_is_public
from ..sealing.signing import ready_to_sign, signers
from ..seating import seats_by_table, table_rounds
from .comparing import open_differences_by_table
from .listkeeping import next_game_number
from .settlement import AGGREGATES, settlement_lines, table_totals, totals_from_row


def table_overview(table: Table) -> dict:
    """Everything a list keeper needs to see; ``table`` should come with series__tournament."""
    return table_overviews([table])[0]


def table_overviews(tables, *, agreed_only: bool = False, public: bool | None = None) -> list[dict]:
    """The overviews of many tables in five queries, whatever their number of games (two
    more where a tournament keeps two lists per table).

    ``agreed_only`` (the API's reading, docs/api.md 3.4a): where two lists are kept, the
    settlement sums only the games both lists agree on (or that were settled), one query
    more when some table has games not agreed yet; list A's own sums go to
    ``lists["list_a_settlement"]``. The pages show each keeper's list as it stands.

    ``public``: for an anonymous reader, every player is named as they consented
    (services/public_names.py), at the seats, in the settlement and under the signatures;
    None: as for the reader of the file being made (``public_names.reader_is_public``).
    """
    tables = list(tables)
    ids = [table.id for table in tables]
    seats = seats_by_table(ids)
    last_games = _last_numbers(Game, ids)
    totals = table_totals(tables)
    signatures = defaultdict(list)
    for signature in Signature.objects.filter(table_id__in=ids).only(
        "table_id", "participant_id", "method", "signed_at"
    ):
        signatures[signature.table_id].append(signature)
    overviews = [
        _overview(
            table,
            seats[table.id],
            last_games.get(table.id, 0),
            totals[table.id],
            signatures[table.id],
        )
        for table in tables
    ]
    two_lists = [table for table in tables if table.series.tournament.two_lists]
    if two_lists:
        _add_second_lists(overviews, two_lists)
        if agreed_only:
            _settle_agreed_games(overviews, two_lists, seats)
    if public or (public is None and reader_is_public()):
        _name_publicly(overviews, seats)
    return overviews


def _name_publicly(overviews: list[dict], seats) -> None:
    """Replace every player's full name in ``overviews`` by the public one; the seats
    were read with their players, so no query is added."""
    shown = {
        seat.participant_id: public_name_of(
            seat.participant.player.first_name,
            seat.participant.player.last_name,
            None,
            seat.participant.player.publication,
            seat.participant.start_number,
        ).name
        for table_seats in seats.values()
        for seat in table_seats
    }
    for overview in overviews:
        for part in ("seats", "settlement", "signatures"):
            for entry in overview.get(part) or ():
                entry["name"] = shown.get(entry["participant"], entry["name"])
        lists = overview.get("lists") or {}
        for entries in lists.values():
            for entry in entries if isinstance(entries, list) else ():
                if isinstance(entry, dict) and "participant" in entry and "name" in entry:
                    entry["name"] = shown.get(entry["participant"], entry["name"])


def _last_numbers(game_model, table_ids) -> dict[int, int]:
    """The number of the last game on each list of ``game_model`` (list A's ``Game`` or list
    B's ``SecondListGame``) by table id, in one query; a table without games is missing."""
    return dict(
        game_model.objects.filter(table_id__in=table_ids)
        .values("table")
        .annotate(last=Max("number"))
        .values_list("table", "last")
        .order_by()
    )


def _add_second_lists(overviews: list[dict], tables) -> None:
    """Where two lists are kept: how far list B is and which games differ (docs/api.md 8)."""
    differing = open_differences_by_table(tables)
    second = _last_numbers(SecondListGame, [table.id for table in tables])
    by_id = {overview["id"]: overview for overview in overviews}
    for table in tables:
        overview = by_id[table.id]
        open_numbers = differing.get(table.id, [])
        compared = min(overview["games_entered"], second.get(table.id, 0))
        overview["lists"] = {
            "lists_per_table": 2,
            "second_list_games": second.get(table.id, 0),
            "open_differences": open_numbers,
            "agreed_games": compared - len([n for n in open_numbers if n <= compared]),
        }


def _settle_agreed_games(overviews: list[dict], tables, seats) -> None:
    """Replace the settlement of each two-list table by the sums of its agreed games."""
    by_id = {overview["id"]: overview for overview in overviews}
    waiting = {}
    for table in tables:
        lists = by_id[table.id]["lists"]
        lists["list_a_settlement"] = by_id[table.id]["settlement"]
        if lists["agreed_games"] < by_id[table.id]["games_entered"]:
            waiting[table.id] = table
    if not waiting:
        return
    agreed = Q(pk__in=[])
    for table_id in waiting:
        lists = by_id[table_id]["lists"]
        compared = min(by_id[table_id]["games_entered"], lists["second_list_games"])
        agreed |= Q(table_id=table_id, game__number__lte=compared) & ~Q(
            game__number__in=lists["open_differences"]
        )
    totals = {table_id: {} for table_id in waiting}
    for row in (
        GamePoints.objects.filter(agreed)
        .values("table", "participant")
        .annotate(**AGGREGATES)
        .order_by()
    ):
        totals[row["table"]][row["participant"]] = totals_from_row(row)
    for table_id, table in waiting.items():
        lines = settlement_lines(table, seats[table_id], totals[table_id])
        by_id[table_id]["settlement"] = [asdict(line) for line in lines]


def entered_games(table: Table, last_number: int, planned: int) -> int:
    """How many games a list counts as entered, the one count every page, export and the
    API show: the number of its last game, and for a list kept on paper and entered as a
    summary every game of its rounds (its sums cover them all)."""
    return planned if table.entry_mode == Table.EntryMode.SUMMARY else last_number


def _overview(table: Table, seats, last_number: int, totals, signatures) -> dict:
    rounds = table_rounds(table, seats)
    planned = game_count(rounds)
    entered = entered_games(table, last_number, planned)
    summary = table.entry_mode == Table.EntryMode.SUMMARY
    deal = None if summary else deal_of(next_game_number(table, last=last_number), rounds)
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
        "games_planned": planned,
        "games_entered": entered,
        "ended_early": table.ended_early_at is not None,
        "ended_reason": table.ended_reason,
        "ready_to_sign": ready_to_sign(table, entered, planned),
        "signatures": [
            {
                "seat": signer.seat,
                "participant": signer.participant,
                "name": signer.name,
                "signed": signer.signed,
                "method": signer.method,
                "signed_at": signer.signed_at,
            }
            for signer in signers(table, seats, signatures)
        ],
        "closed_reason": table.closed_reason,
        "locked_at": _iso(table.locked_at),
        "seal": table.seal or None,
        "sealed_at": _iso(table.sealed_at),
        "next_game": None
        if deal is None
        else {
            "number": deal.number,
            "dealer_seat": deal.dealer,
            "active_seats": list(deal.active),
            "table_size": deal.table_size,
        },
    }


def _iso(moment) -> str | None:
    return moment.isoformat() if moment is not None else None
