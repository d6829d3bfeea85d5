"""The game list as the list keeper sees it: rows with running totals, and a preview.

The entry screens show, before anything is saved, the value of the game and the new
running total of every player. Those must be exactly the numbers saving would store, so
:func:`preview_game` runs list keeping's one entry path (``listkeeping.value_game``:
validated and valued once) on an unsaved game of the next deal, and both functions add up
the stored list points (``GamePoints.points``), the same numbers a settlement sums.
"""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from django.db.models import Sum
from django.utils.translation import gettext, gettext_noop

from tournaments.models import Game, GamePoints, SecondListGame, Table
from tournaments.skat import Evaluation
from tournaments.skat.rounds import deal_of, game_count

from ..seating import ensure_entry_mode, ensure_open, table_rounds
from .listkeeping import check_number, ensure_not_ended, game_on_list, next_game_number, value_game


@dataclass(frozen=True)
class ListRow:
    """One game of the list with the running total of every seat present after it."""

    game: Game
    declarer_name: str
    points: dict[int, int]
    totals: dict[int, int]


@dataclass(frozen=True)
class GamePreview:
    """What saving ``data`` as the next game would do; ``game`` is filled in but not saved."""

    game: Game
    number: int
    dealer_seat: int
    table_size: int
    passed: bool
    declarer_seat: int | None
    evaluation: Evaluation | None
    points: dict[int, int]
    totals: dict[int, int]
    # A correction only: every player's total of the whole list once it is saved.
    list_totals: dict[int, int] = field(default_factory=dict)


# What the running total (Stand) of a list is, in one sentence for the pages and the PDF
# (docs/rules.md 2): the list points of :func:`stands`, with or without the SkWO points.
STAND_MEANING = {
    True: gettext_noop(
        "Running total (Stand): a player's points on this list up to that game – the values "
        "of his games, ±50 for each game he won or lost, and 30 (at a 4-table) or 40 (at a "
        "3-table) for each game an opponent lost; the last one is his total of the list."
    ),
    False: gettext_noop(
        "Running total (Stand): a player's points on this list up to that game – the values "
        "of the games he won or lost; the last one is his total of the list."
    ),
}


def stand_meaning(tournament) -> str:
    """:data:`STAND_MEANING` for the tournament's scoring, in the active language."""
    return gettext(STAND_MEANING[tournament.scheme.means_stand_with_extra_points()])


def list_point_rows(table_id: int) -> dict[int, list[tuple[int, int, str, int]]]:
    """Game id → (seat, participant, role, list points) of every player present; one query."""
    points = defaultdict(list)
    for row in (
        GamePoints.objects.filter(table_id=table_id)
        .values_list("game_id", "seat", "participant_id", "role", "points")
        .order_by("seat")
    ):
        points[row[0]].append(row[1:])
    return points


def stands(games, point_rows: dict) -> Iterator[tuple[Game, list, dict[int, int]]]:
    """Each game (in list order) with its point rows and the running total (Stand) of every
    seat present after it: the player's list points added up, the same numbers the
    settlement sums, so the last Stand is the settlement's total. This is the one place
    that adds them up, for the table pages and the exported lists alike.

    A replacement starts from zero on the seat he takes over: totals follow the
    participant, not the seat.
    """
    running: dict[int, int] = defaultdict(int)
    for game in games:
        rows = point_rows.get(game.id, [])
        totals = {}
        for seat, participant, _role, value in rows:
            running[participant] += value
            totals[seat] = running[participant]
        yield game, rows, totals


def running_list(table: Table, names: dict[int, str]) -> list[ListRow]:
    """Every game of ``table`` in order, in two queries; ``names`` by participant id."""
    rows = []
    games = table.games.order_by("number")
    for game, point_rows, totals in stands(games, list_point_rows(table.id)):
        game_points, declarer = {}, ""
        for seat, participant, role, value in point_rows:
            game_points[seat] = value
            if role == GamePoints.Role.DECLARER:
                declarer = names.get(participant, "")
        rows.append(ListRow(game, declarer, game_points, totals))
    return rows


def preview_game(table: Table, data: dict, seats=None, kept_list="A") -> GamePreview:
    """The next game as ``data`` describes it, valued and validated like saving would.

    ``table`` should come with series__tournament. Raises :class:`Rejected` with the same
    problems :func:`listkeeping.enter_game` would report. ``kept_list`` "B": the next game
    of the second list, with list B's running totals (docs/rules.md 4.1).
    """
    ensure_open(table)
    ensure_entry_mode(table, Table.EntryMode.GAMES)
    seats = list(table.seats.all()) if seats is None else seats
    rounds = table_rounds(table, seats)
    second = kept_list == "B"
    number = _next_second_number(table) if second else next_game_number(table)
    check_number(number, number, game_count(rounds))
    return _valued(table, seats, deal_of(number, rounds), number, data, second=second)


def preview_correction(table: Table, number: int, data: dict) -> GamePreview:
    """Game ``number`` as ``data`` would correct it: value, points and the running totals
    after it, validated like :func:`listkeeping.correct_game` would (nothing is saved)."""
    ensure_open(table)
    ensure_not_ended(table)
    stored = game_on_list(table, number)
    seats = list(table.seats.all())
    deal = deal_of(stored.number, table_rounds(table, seats))
    preview = _valued(table, seats, deal, stored.number, data)
    old = {row.seat: row.points for row in stored.points.all()}
    now = _totals_before(table, seats, number, whole_list=True)
    after = {
        seat: now.get(seat, 0) + value - old.get(seat, 0) for seat, value in preview.points.items()
    }
    return replace(preview, list_totals=after)


def saved_preview(table: Table, game: Game) -> GamePreview:
    """What the preview showed for ``game`` once it is saved: its value (read from the
    stored game) and the running totals after it; the entry was valued when it was saved."""
    seats = list(table.seats.all())
    deal = deal_of(game.number, table_rounds(table, seats))
    evaluation = game.evaluation(table.series.tournament.scheme)
    return _preview(table, seats, deal, game, evaluation, second=not isinstance(game, Game))


def _valued(table: Table, seats, deal, number: int, data: dict, second=False) -> GamePreview:
    """Game ``number`` filled from ``data`` (unsaved), valued, with the totals it leads to."""
    kind = SecondListGame if second else Game
    game = kind(table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size)
    entered = {key: value for key, value in data.items() if key != "number"}
    evaluation = value_game(game, entered, deal, table)
    return _preview(table, seats, deal, game, evaluation, second=second)


def _preview(table: Table, seats, deal, game: Game, evaluation, second=False) -> GamePreview:
    points = {seat: game.points_of_seat(seat) for seat in deal.seats}
    if second:
        before = _second_totals_before(table, seats, game.number)
    else:
        before = _totals_before(table, seats, game.number)
    return GamePreview(
        game=game,
        number=game.number,
        dealer_seat=deal.dealer,
        table_size=deal.table_size,
        passed=game.passed,
        declarer_seat=game.declarer_seat,
        evaluation=evaluation,
        points=points,
        totals={seat: before.get(seat, 0) + value for seat, value in points.items()},
    )


def _next_second_number(table: Table) -> int:
    last = table.second_games.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _second_totals_before(table: Table, seats, number: int) -> dict[int, int]:
    """Per seat present at game ``number``: its player's running total on list B before
    it, added up as the list B rows are (a replacement starts from zero)."""
    rounds = table_rounds(table, seats)
    running: dict[int, int] = defaultdict(int)
    for game in table.second_games.filter(number__lt=number).order_by("number"):
        deal = deal_of(game.number, rounds)
        for seat in seats:
            if seat.number in deal.seats and seat.covers(game.number):
                running[seat.participant_id] += game.points_of_seat(seat.number)
    return {seat.number: running[seat.participant_id] for seat in seats if seat.covers(number)}


def _totals_before(table: Table, seats, number: int, whole_list=False) -> dict[int, int]:
    """Per seat present at game ``number``: its player's running total before that game
    (or, with ``whole_list``, his total of the whole list)."""
    rows = GamePoints.objects.filter(table=table)
    if not whole_list:
        rows = rows.filter(game__number__lt=number)
    sums = dict(
        rows.values("participant")
        .annotate(total=Sum("points"))
        .values_list("participant", "total")
        .order_by()
    )
    return {
        seat.number: sums.get(seat.participant_id) or 0 for seat in seats if seat.covers(number)
    }
