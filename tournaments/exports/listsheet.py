"""A table's game list (Spielliste) as the exporters print it, read in constant queries.

The sheet holds what the official list shows (docs/rules.md 4): per game the number, dealer,
declarer, game, matadors, the winning levels that counted, won/lost, overbid, the
declarer's score and every seat's running total; then the settlement, the signatures and
the seal. Scores, values and levels come from what the services stored and from the rules
engine (``Game.evaluation`` for the levels); the running totals (Stand) add up
the stored list points as the table pages do, so the last one of each player equals the
settlement's total.
"""

from dataclasses import dataclass, field, replace

from django.utils.translation import gettext

from tournaments.models import Game, Seat, Signature, Table
from tournaments.models.games import STORED_GAME_FIELDS
from tournaments.services.lists import comparing
from tournaments.services.lists.running_list import list_point_rows, stand_meaning, stands
from tournaments.services.lists.settlement import SeatSettlement, settlement_lines, table_totals
from tournaments.services.public_names import public_name, reader_is_public
from tournaments.services.seating import table_rounds
from tournaments.skat import GameInvalid, GameType
from tournaments.skat.rounds import Presence, SeatingError, deal_of, game_count

from . import list_changes, list_money

GAME_FIELDS = ("id", "table_id", "declarer_id", *STORED_GAME_FIELDS)

LEVELS = (
    "hand",
    "schneider",
    "schneider_announced",
    "schwarz",
    "schwarz_announced",
    "ouvert",
)


@dataclass(frozen=True, kw_only=True)
class Occupant(Presence):
    """Who sat on a seat from one game to another (a seat has several after a replacement)."""

    participant: int
    name: str
    last_name: str
    start_number: int


@dataclass(frozen=True)
class GameRow:
    """One line of the list; ``number`` and ``dealer_seat`` alone for a blank line."""

    number: int
    dealer_seat: int | None
    entered: bool = False
    passed: bool = False
    declarer_seat: int | None = None
    declarer_name: str = ""
    game_label: str = ""
    base_value: int | None = None
    matadors: int | None = None
    with_matadors: bool = True
    levels: frozenset = frozenset()
    won: bool | None = None
    overbid: bool = False
    score: int | None = None
    totals: dict = field(default_factory=dict)
    # The entry as made at the table, for the complete game record of ``lists.xlsx``: the
    # RECORD_FIELDS, copied from the stored game.
    game: str = ""
    hand: bool | None = None
    ouvert: bool = False
    schneider: bool | None = None
    schneider_announced: bool = False
    schwarz: bool | None = None
    schwarz_announced: bool = False
    bid: int | None = None
    declarer_eyes: int | None = None
    declarer_tricks: int | None = None
    conceded: bool = False
    game_value: int | None = None


RECORD_FIELDS = (
    "game",
    "hand",
    "ouvert",
    "schneider",
    "schneider_announced",
    "schwarz",
    "schwarz_announced",
    "bid",
    "declarer_eyes",
    "declarer_tricks",
    "conceded",
    "game_value",
)


@dataclass(frozen=True)
class SignatureLine:
    seat: int
    name: str
    method: str = ""
    image: bytes = b""
    signed_at: object = None


@dataclass
class ListSheet:
    table_id: int | None
    tournament: str
    date: object
    venue: str
    club: str
    series_number: int | None
    table_number: int | None
    status: str
    status_label: str
    summary: bool
    seat_numbers: tuple
    occupants: list
    rows: list
    settlement: list
    signatures: list
    closed_reason: str = ""
    ended_early_at: object = None
    ended_reason: str = ""
    seal: str = ""
    sealed_at: object = None
    locked_at: object = None
    blank: bool = False
    round_ends: frozenset = frozenset()
    money: object = None  # the list's lost-game money (list_money.money_of), with a tariff
    stand_meaning: str = ""  # what the running totals are (services.lists.running_list)
    # Where two lists are kept (docs/rules.md 4.1): every difference found, in game order.
    two_lists: bool = False
    differences: list = field(default_factory=list)
    # Every correction and undo of a stored game (list_changes.changes_of), for "Vermerke".
    changes: list = field(default_factory=list)
    tournament_id: int | None = None  # where its printed link leads (services.public_address)
    check_url: str = ""  # where the seal's link leads instead (a copy away from the hall)

    def occupants_of(self, seat: int) -> list[Occupant]:
        return [o for o in self.occupants if o.seat == seat]


def table_queryset():
    """Tables with what every sheet header needs, in the same query."""
    return Table.objects.select_related("series__tournament__club", "series__tournament__tariff")


def load_sheet(
    table: Table, *, with_money: bool = False, with_changes: bool = False, names: dict | None = None
) -> ListSheet:
    """The filled list of ``table`` (fetched with :func:`table_queryset`): five queries.

    ``with_money``: with the lost-game money per seat, for a reader who may see money
    (services/roles.money_visible); a public file of a running event carries none.
    ``with_changes``: with the corrections and undos from the audit trail, one query more,
    for the paper's "Vermerke". ``names``: participant id → the name to print instead (a
    published copy names players exactly as its document does).
    """
    seats = _seats(table)
    occupants = [_occupant(seat, names) for seat in seats]
    settlement = _named(settlement_lines(table, seats, table_totals([table])[table.id]), occupants)
    signatures = {
        s.participant_id: s
        for s in Signature.objects.filter(table_id=table.id).only(
            "seat", "participant_id", "method", "image", "signed_at"
        )
    }
    rounds = _rounds(table, seats)
    rows = []
    if table.entry_mode != Table.EntryMode.SUMMARY:
        games = Game.objects.filter(table_id=table.id).only(*GAME_FIELDS).order_by("number")
        rows = list(_game_rows(table.id, games, occupants, table.series.tournament.scheme))
    sheet = _sheet(table, occupants, rows, settlement, blank=False)
    sheet.round_ends = frozenset(r.last_game for r in rounds)
    sheet.signatures = [
        _signature_line(line, signatures.get(line.participant)) for line in settlement
    ]
    sheet.money = list_money.money_of(table) if with_money else None
    if table.series.tournament.two_lists:
        sheet.two_lists = True
        sheet.differences = comparing.differences_of(table)
    if with_changes:
        sheet.changes = list_changes.changes_of(table)
    return sheet


def load_blank_sheet(table: Table) -> ListSheet:
    """An empty list for ``table``: names in the header, numbered lines with their dealers."""
    seats = _seats(table)
    occupants = [_occupant(seat) for seat in seats]
    rounds = _rounds(table, seats)
    count = game_count(rounds) or table.series.tournament.rounds_per_series * len(
        {o.seat for o in occupants}
    )
    rows = []
    for number in range(1, count + 1):
        deal = deal_of(number, rounds)
        rows.append(GameRow(number=number, dealer_seat=deal.dealer if deal else None))
    settlement = _named(settlement_lines(table, seats, {}), occupants)  # every sum is 0
    sheet = _sheet(table, occupants, rows, settlement, blank=True)
    sheet.round_ends = frozenset(r.last_game for r in rounds)
    sheet.signatures = [SignatureLine(o.seat, o.name) for o in occupants]
    sheet.status = ""
    sheet.status_label = ""
    return sheet


def _rounds(table: Table, seats):
    try:
        return table_rounds(table, seats)
    except SeatingError:
        return []


def _seats(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table_id=table.id)
        .select_related("participant__player")
        .order_by("number", "from_game")
    )


def _named(settlement: list[SeatSettlement], occupants) -> list[SeatSettlement]:
    """The settlement's lines with the names the occupants carry (see :func:`_occupant`)."""
    names = {occupant.participant: occupant.name for occupant in occupants}
    return [replace(line, name=names.get(line.participant, line.name)) for line in settlement]


def _occupant(seat: Seat, names: dict | None = None) -> Occupant:
    """The seat's player, named for the file's reader: as ``names`` gives (a published
    copy), else in full for the people running the event, and as the player consented for
    anyone else (services/public_names.py)."""
    player = seat.participant.player
    name, last_name = player.full_name, player.last_name
    if names is not None:
        name = last_name = names[seat.participant_id]
    elif reader_is_public():
        name = last_name = public_name(player, start_number=seat.participant.start_number).name
    return Occupant(
        seat=seat.number,
        participant=seat.participant_id,
        name=name,
        last_name=last_name,
        start_number=seat.participant.start_number,
        from_game=seat.from_game,
        until_game=seat.until_game,
    )


def _sheet(table: Table, occupants, rows, settlement, *, blank: bool) -> ListSheet:
    series = table.series
    tournament = series.tournament
    return ListSheet(
        table_id=table.id,
        tournament_id=tournament.id,
        tournament=tournament.name,
        date=tournament.date,
        venue=tournament.venue,
        club=tournament.club.name if tournament.club else "",
        series_number=series.number,
        table_number=table.number,
        status=table.status,
        status_label=table.get_status_display(),
        summary=table.entry_mode == Table.EntryMode.SUMMARY,
        seat_numbers=tuple(sorted({o.seat for o in occupants})) or (1, 2, 3, 4),
        occupants=occupants,
        rows=rows,
        settlement=list(settlement),
        signatures=[],
        closed_reason="" if blank else table.closed_reason,
        ended_early_at=None if blank else table.ended_early_at,
        ended_reason="" if blank else table.ended_reason,
        seal="" if blank else table.seal,
        sealed_at=None if blank else table.sealed_at,
        locked_at=None if blank else table.locked_at,
        blank=blank,
        stand_meaning=stand_meaning(tournament),
    )


def _game_rows(table_id: int, games, occupants: list[Occupant], scheme):
    """The list's lines with every seat's running total (Stand), as the table pages show it
    (``services.lists.running_list.stands``)."""
    names = {o.participant: o.last_name for o in occupants}
    for game, _points, totals in stands(games, list_point_rows(table_id)):
        yield _game_row(game, names, totals, scheme)


def _game_row(game: Game, names: dict, totals: dict, scheme) -> GameRow:
    if game.passed:
        return GameRow(
            number=game.number,
            dealer_seat=game.dealer_seat,
            entered=True,
            passed=True,
            totals=totals,
        )
    label = gettext(GameType(game.game).label)
    if game.scored_as and game.scored_as != game.game:
        label = f"{label}/{gettext(GameType(game.scored_as).label)}"
    return GameRow(
        number=game.number,
        dealer_seat=game.dealer_seat,
        entered=True,
        declarer_seat=game.declarer_seat,
        declarer_name=names.get(game.declarer_id, ""),
        game_label=label,
        base_value=game.base_value,
        matadors=game.matadors if game.game != GameType.NULL or game.overbid else None,
        with_matadors=game.with_matadors,
        levels=_levels(game, scheme),
        won=game.won,
        overbid=game.overbid,
        score=game.score,
        totals=totals,
        **{name: getattr(game, name) for name in RECORD_FIELDS},
    )


def _levels(game: Game, scheme) -> frozenset:
    """The winning levels that counted, as the rules engine values the stored entry."""
    try:
        evaluation = game.evaluation(scheme)
    except GameInvalid:
        evaluation = None
    if evaluation is not None and evaluation.levels is not None:
        return frozenset(name for name in LEVELS if getattr(evaluation.levels, name))
    declaration = game.declaration()
    flags = {"hand": declaration.is_hand, "ouvert": declaration.ouvert}
    if not declaration.game.is_null:
        flags["schneider_announced"] = declaration.schneider_is_announced
        flags["schwarz_announced"] = declaration.schwarz_is_announced
    return frozenset(name for name, on in flags.items() if on)


def _signature_line(line: SeatSettlement, signature: Signature | None) -> SignatureLine:
    if signature is None:
        return SignatureLine(line.seat, line.name)
    return SignatureLine(
        seat=line.seat,
        name=line.name,
        method=signature.method,
        image=bytes(signature.image or b""),
        signed_at=signature.signed_at,
    )
