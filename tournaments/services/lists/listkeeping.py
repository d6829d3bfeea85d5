"""Entering, correcting and deleting the games of a list (docs/rules.md 3 and 4).

The game number and its dealer follow from the seats and the rounds; the rules engine
values the game; the list points of every player present are stored per game, so that a
settlement is one aggregate query.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Game, GamePoints, Table, seen_open
from tournaments.skat import GAME_FIELDS, Evaluation, GameInvalid
from tournaments.skat.entry import check_entry
from tournaments.skat.rounds import Deal, deal_of, game_count

from .. import audit, states
from ..errors import Rejected
from ..input import MAX_REASON_LENGTH, free_text
from ..locking import lock_table
from ..seating import ensure_entry_mode, ensure_open, table_rounds
from . import comparing

MAX_GAME_NUMBER = 32767


def game_inputs(game: Game) -> dict:
    """The game as it was entered, in the field names of the API (``None`` left out)."""
    return game.inputs()


@transaction.atomic
def enter_game(table: Table, data: dict, *, user=None, actor="") -> Game:
    """Append a game to an open list; ``data`` holds the API's fields."""
    table = lock_table(table, parents_if_planned=True)
    ensure_open(table)
    ensure_not_ended(table)
    ensure_entry_mode(table, Table.EntryMode.GAMES)
    seats = list(table.seats.all())
    rounds = table_rounds(table, seats)
    next_number = next_game_number(table)
    number = data.get("number", next_number)
    check_number(number, next_number, game_count(rounds))
    deal = deal_of(number, rounds)
    game = Game(table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size)
    value_game(game, data, deal, table)
    game.entered_by = user if user is not None and user.is_authenticated else None
    _save_with_points(game, deal, seats, table, replacing=False)
    if table.entry_mode != Table.EntryMode.GAMES:
        table.entry_mode = Table.EntryMode.GAMES
        table.save(update_fields=["entry_mode"])
    states.start_running(table, user, actor=actor)
    audit.record(
        "game_entered", user=user, actor=actor, table=table, obj=game, after=game_inputs(game)
    )
    comparing.compare(table, number, user=user, actor=actor, saved=game)
    return game


@transaction.atomic
def correct_game(
    table: Table, number: int, data: dict, *, partial=False, user=None, actor="", reason=""
):
    """Replace (or with ``partial`` update) what was entered for game ``number``."""
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    table = lock_table(table)
    ensure_open(table)
    ensure_not_ended(table)
    game = game_on_list(table, number)
    ensure_same_number(data, number)
    before = game_inputs(game)
    data = corrected_entry(before, data, partial=partial)
    seats = list(table.seats.all())
    deal = deal_of(game.number, table_rounds(table, seats))
    value_game(game, data, deal, table)
    _save_with_points(game, deal, seats, table, replacing=True)
    audit.record(
        "game_corrected",
        user=user,
        actor=actor,
        table=table,
        obj=game,
        before=before,
        after=game_inputs(game),
        reason=reason,
    )
    comparing.compare(table, number, user=user, actor=actor, saved=game)
    return game


@transaction.atomic
def delete_game(table: Table, number: int, *, user=None, actor="", reason="") -> None:
    """Delete the last game (undo); earlier games are corrected, never removed from the middle."""
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    table = lock_table(table)
    ensure_open(table)
    ensure_not_ended(table)
    game = game_on_list(table, number)
    last = last_game_number(table)
    ensure_last_game(game.number, last)
    before = game_inputs(game)
    game.delete()
    if not table.games.exists():
        table.entry_mode = Table.EntryMode.NONE
        table.save(update_fields=["entry_mode"])
    audit.record(
        "game_deleted", user=user, actor=actor, table=table, obj=game, before=before, reason=reason
    )
    comparing.compare(table, number, user=user, actor=actor)


def ensure_last_game(number: int, last: int) -> None:
    """Only the last game of a list is deleted (undo); earlier ones are corrected."""
    if number != last:
        raise Rejected.because(
            "number",
            "not_the_last_game",
            gettext_noop(
                "Only the last game (%(last)d) can be deleted, otherwise the numbering and the "
                "dealers would shift. Correct game %(number)d instead, or enter it as passed."
            ),
            conflict=True,
            last=last,
            number=number,
        )


def ensure_same_number(data: dict, number: int) -> None:
    """A correction of game ``number`` may not name another number."""
    if data.get("number", number) != number:
        raise Rejected.because(
            "number",
            "number_cannot_change",
            gettext_noop(
                "A game keeps its number; to correct game %(number)d send its values to "
                "game %(number)d."
            ),
            number=number,
        )


def corrected_entry(before: dict, data: dict, *, partial: bool) -> dict:
    """What a correction enters: ``data`` as sent, or with ``partial`` merged into the
    entry ``before`` it (a game turned passed drops its fields, a declared one its
    ``passed``)."""
    data = {key: value for key, value in data.items() if key != "number"}
    if not partial:
        return data
    merged = dict(before)
    if data.get("passed") is True:
        merged = {}
    elif any(field in data for field in GAME_FIELDS) or "declarer_seat" in data:
        merged.pop("passed", None)
    merged.update(data)
    return merged


LIST_ENDED_EARLY = gettext_noop(
    "The tournament director ended the list of table %(table)d early; it is signed as it "
    "is. Ask the director if a game is missing."
)


def ensure_not_ended(table: Table) -> None:
    """A list the director ended early is signed as it is: no game is added, changed or undone."""
    if table.ended_early_at is not None:
        raise Rejected.because(
            "table", "list_ended_early", LIST_ENDED_EARLY, conflict=True, table=table.number
        )


def game_on_list(table: Table, number, *, as_typed=None) -> Game:
    """Game ``number`` of the table's list; refused as missing, naming the number ``as_typed``."""
    return found_game(
        table.games, number, gettext_noop("Game %(number)s is not on this list."), as_typed
    )


def found_game(games, number, missing: str, as_typed=None):
    """Game ``number`` of ``games`` (a list's games); refused with ``missing``, naming the
    number ``as_typed``."""
    in_range = isinstance(number, int) and 1 <= number <= MAX_GAME_NUMBER
    game = games.filter(number=number).first() if in_range else None
    if game is None:
        raise Rejected.because(
            "number",
            "no_such_game",
            missing,
            missing=True,
            number=number if as_typed is None else as_typed,
        )
    return game


def next_game_number(table: Table, *, last: int | None = None) -> int:
    """The number the next game of ``table``'s list gets: one after the last entered.

    ``last`` is that last number where the caller read it already (the overviews read it
    for many tables in one query); otherwise it is one query. The table device counts on
    from the number its page was given (docs/table-device.md)."""
    return (last_game_number(table) if last is None else last) + 1


def last_game_number(table: Table) -> int:
    """The number of the last game entered on ``table``'s list, 0 before the first."""
    return table.games.order_by("-number").values_list("number", flat=True).first() or 0


def check_number(number, next_number: int, last_number: int) -> None:
    """Refuse ``number`` unless it is the next game (``next_number``) of a list that ends
    after game ``last_number``, naming why."""
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise Rejected.because(
            "number", "invalid_game_number", gettext_noop("The game number must be 1 or higher.")
        )
    if number < next_number:
        raise Rejected.because(
            "number",
            "game_exists",
            gettext_noop(
                "Game %(number)d is already entered; correct it instead. The next game is %(next)d."
            ),
            conflict=True,
            number=number,
            next=next_number,
        )
    if number > last_number:
        raise Rejected.because(
            "number",
            "series_complete",
            gettext_noop(
                "The series ends after game %(last)d (rounds × players at the table); game "
                "%(number)d cannot be entered."
            ),
            conflict=number == next_number,
            number=number,
            last=last_number,
        )
    if number > next_number:
        raise Rejected.because(
            "number",
            "game_number_gap",
            gettext_noop("Games are entered in order: the next game is %(next)d, not %(number)d."),
            number=number,
            next=next_number,
        )


def value_game(game: Game, data: dict, deal: Deal, table: Table) -> Evaluation | None:
    """The one entry path: validate ``data`` against the deal and the rules, set the inputs
    and the rules' results on ``game`` (not saved), and return its evaluation (None for a
    passed game), for whoever previews or stores it. Raises :class:`Rejected`."""
    scheme = table.series.tournament.scheme
    try:
        entry = check_entry(data, deal, scheme)
    except GameInvalid as invalid:
        raise Rejected(list(invalid.problems)) from invalid
    if entry.passed:
        game.record_passed()
        return None
    game.record_value(
        entry.declarer_seat, entry.declaration, entry.outcome, entry.evaluation, scheme
    )
    return entry.evaluation


def _save_with_points(game: Game, deal: Deal, seats, table: Table, *, replacing: bool) -> None:
    """Save the game with its declarer, and one row of list points for every player present.

    ``replacing`` removes the rows of the game as it was before a correction; a new game
    has none, so entering one spares that query.
    """
    present = {
        number: next(s for s in seats if s.number == number and s.covers(game.number))
        for number in deal.seats
    }
    game.declarer_id = None if game.passed else present[game.declarer_seat].participant_id
    with seen_open(table):  # locked and checked open by enter_game and correct_game
        game.save()
        if replacing:
            game.points.all().delete()
        rows = game.point_rows(
            {number: seat.participant_id for number, seat in present.items()},
            deal.active,
            table.series,
        )
        GamePoints.objects.bulk_create(rows)
    # The rows just written are the game's points, kept as prefetch_related keeps them (a
    # queryset with its rows already fetched): the answer to the entry shows them without
    # reading them back, and a filtered ``game.points`` still asks the database.
    points = game.points.all()
    points._result_cache = rows
    points._prefetch_done = True
    game._prefetched_objects_cache = {"points": points}
