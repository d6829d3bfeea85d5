"""The game list as the list keeper sees it: rows with running totals, and a preview.

The entry screens show, before anything is saved, the value of the game and the new
running total of every player. Those must be exactly the numbers saving would store, so
:func:`preview_game` runs list keeping's own validation and the rules engine on an
unsaved game of the next deal, and both functions add up the stored list points
(``GamePoints.points``), the same numbers a settlement sums.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Sum

from tournaments.models import Game, GamePoints, Table
from tournaments.skat import Evaluation, evaluate
from tournaments.skat.rounds import deal_of, game_count

from .listkeeping import _check_number, _fill, ensure_not_ended, game_on_list
from .seating import ensure_entry_mode, ensure_open, table_rounds


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


def running_list(table: Table, names: dict[int, str]) -> list[ListRow]:
    """Every game of ``table`` in order, in two queries; ``names`` by participant id.

    A replacement starts from zero on the seat he takes over: totals follow the
    participant, not the seat.
    """
    points = defaultdict(list)
    for row in (
        GamePoints.objects.filter(table=table)
        .values_list("game_id", "seat", "participant_id", "role", "points")
        .order_by("seat")
    ):
        points[row[0]].append(row[1:])
    running: dict[int, int] = defaultdict(int)
    rows = []
    for game in table.games.order_by("number"):
        game_points, totals, declarer = {}, {}, ""
        for seat, participant, role, value in points[game.id]:
            running[participant] += value
            game_points[seat] = value
            totals[seat] = running[participant]
            if role == GamePoints.Role.DECLARER:
                declarer = names.get(participant, "")
        rows.append(ListRow(game, declarer, game_points, totals))
    return rows


def preview_game(table: Table, data: dict, seats=None) -> GamePreview:
    """The next game as ``data`` describes it, valued and validated like saving would.

    ``table`` should come with series__tournament. Raises :class:`Rejected` with the same
    problems :func:`listkeeping.enter_game` would report.
    """
    ensure_open(table)
    ensure_entry_mode(table, Table.EntryMode.GAMES)
    seats = list(table.seats.all()) if seats is None else seats
    rounds = table_rounds(table, seats)
    entered = table.games.order_by("-number").values_list("number", flat=True).first() or 0
    number = entered + 1
    _check_number(number, number, game_count(rounds))
    return _valued(table, seats, deal_of(number, rounds), number, data)


def preview_correction(table: Table, number: int, data: dict) -> GamePreview:
    """Game ``number`` as ``data`` would correct it: value, points and the running totals
    after it, validated like :func:`listkeeping.correct_game` would (nothing is saved)."""
    ensure_open(table)
    ensure_not_ended(table)
    stored = game_on_list(table, number)
    seats = list(table.seats.all())
    deal = deal_of(stored.number, table_rounds(table, seats))
    return _valued(table, seats, deal, stored.number, data)


def _valued(table: Table, seats, deal, number: int, data: dict) -> GamePreview:
    """Game ``number`` filled from ``data`` (unsaved), valued, with the totals it leads to."""
    game = Game(table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size)
    _fill(game, {key: value for key, value in data.items() if key != "number"}, deal, table)
    evaluation = None
    if not game.passed:
        evaluation = evaluate(game.declaration(), game.outcome(), table.series.tournament.scheme)
    points = {seat: game.points_of_seat(seat) for seat in deal.seats}
    before = _totals_before(table, seats, number)
    return GamePreview(
        game=game,
        number=number,
        dealer_seat=deal.dealer,
        table_size=deal.table_size,
        passed=game.passed,
        declarer_seat=game.declarer_seat,
        evaluation=evaluation,
        points=points,
        totals={seat: before.get(seat, 0) + value for seat, value in points.items()},
    )


def _totals_before(table: Table, seats, number: int) -> dict[int, int]:
    """Per seat present at game ``number``: its player's running total before that game."""
    sums = dict(
        GamePoints.objects.filter(table=table, game__number__lt=number)
        .values("participant")
        .annotate(total=Sum("points"))
        .values_list("participant", "total")
        .order_by()
    )
    return {
        seat.number: sums.get(seat.participant_id) or 0 for seat in seats if seat.covers(number)
    }
