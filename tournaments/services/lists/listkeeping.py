"""Entering, correcting and deleting the games of a list (docs/rules.md 3 and 4).

The game number and its dealer follow from the seats and the rounds; the rules engine
values the game; the list points of every player present are stored per game, so that a
settlement is one aggregate query.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models.signals import post_save
from django.utils.translation import gettext_noop

from tournaments.models import Game, SecondListGame, Table, seen_open
from tournaments.models.locking import ensure_changeable
from tournaments.skat import GAME_FIELDS, Evaluation, GameInvalid
from tournaments.skat.entry import check_entry
from tournaments.skat.rounds import Deal, deal_of, game_count

from .. import audit, states
from ..errors import Refusal, Rejected
from ..input import MAX_REASON_LENGTH, free_text
from ..locking import lock_table
from ..prepared_reads import PreparedRead
from ..row_writes import insert_rows
from ..seating import ensure_entry_mode, ensure_open, table_rounds
from . import comparing
from .seat_facts import seat_facts

NOT_THE_LAST_GAME = Refusal(
    "number",
    "not_the_last_game",
    gettext_noop(
        "Only the last game (%(last)d) can be deleted, otherwise the numbering and the "
        "dealers would shift. Correct game %(number)d instead, or enter it as passed."
    ),
    conflict=True,
)
NUMBER_CANNOT_CHANGE = Refusal(
    "number",
    "number_cannot_change",
    gettext_noop(
        "A game keeps its number; to correct game %(number)d send its values to game %(number)d."
    ),
)
INVALID_GAME_NUMBER = Refusal(
    "number", "invalid_game_number", gettext_noop("The game number must be 1 or higher.")
)
GAME_EXISTS = Refusal(
    "number",
    "game_exists",
    gettext_noop(
        "Game %(number)d is already entered; correct it instead. The next game is %(next)d."
    ),
    conflict=True,
)
GAME_NUMBER_GAP = Refusal(
    "number",
    "game_number_gap",
    gettext_noop("Games are entered in order: the next game is %(next)d, not %(number)d."),
)
# A conflict when the number is the next one (the list is full), else bad input.
SERIES_COMPLETE = Refusal(
    "number",
    "series_complete",
    gettext_noop(
        "The series ends after game %(last)d (rounds × players at the table); game "
        "%(number)d cannot be entered."
    ),
)
LIST_ENDED_EARLY = Refusal(
    "table",
    "list_ended_early",
    gettext_noop(
        "The tournament director ended the list of table %(table)d early; it is signed as it "
        "is. Ask the director if a game is missing."
    ),
    conflict=True,
)
# A stored game that the tournament's rounds no longer reach (rounds changed past the
# interfaces, services/tournament_settings.py): refused, never a crash.
GAME_BEYOND_THE_ROUNDS = Refusal(
    "number",
    "game_beyond_the_rounds",
    gettext_noop(
        "Game %(number)d lies beyond the rounds of this tournament; it cannot be corrected. "
        "Ask the tournament director to check the rounds per series."
    ),
    conflict=True,
)
NOT_ON_LIST_A = Refusal(
    "number", "no_such_game", gettext_noop("Game %(number)s is not on this list."), missing=True
)


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
    seats = seat_facts(table)
    rounds = table_rounds(table, seats)
    next_number = next_game_number(table)
    number = data.get("number", next_number)
    check_number(number, next_number, game_count(rounds))
    deal = deal_of(number, rounds)
    game = Game(table=table, number=number, dealer_seat=deal.dealer, table_size=deal.table_size)
    value_game(game, data, deal, table)
    game.entered_by = user if user is not None and user.is_authenticated else None
    _save_with_points(game, deal, seats, table, replacing=False)
    mark_kept_game_by_game(table, user=user, actor=actor)
    record_list_write("game_entered", table, game, user=user, actor=actor)
    # What the list's state in the answer needs and this entry read under the lock
    # (table_device.state_after_entry): not read again.
    game.seats_read = seats
    return game


@dataclass(frozen=True)
class KeptList:
    """What a correction or an undo needs to know of one of a table's lists, list A
    (:data:`LIST_A`) or list B (``second_list.LIST_B``); the steps themselves are the
    same for both (:func:`correct_on_list`, :func:`delete_from_list`)."""

    action_stem: str  # the audit actions "<stem>_corrected" and "<stem>_deleted"
    ensure_writable: Callable[[Table], None]
    find: Callable[[Table, int], Game | SecondListGame]
    last_number: Callable[[Table], int]
    save: Callable[[Game | SecondListGame, Deal, list, Table], None]
    remove: Callable[[Game | SecondListGame, Table], None]


@transaction.atomic
def correct_game(table: Table, number: int, data: dict, **change) -> Game:
    """Replace (or with ``partial`` update) what was entered for game ``number`` of list A;
    ``change``: the keywords of :func:`correct_on_list`."""
    return correct_on_list(LIST_A, table, number, data, **change)


@transaction.atomic
def delete_game(table: Table, number: int, **change) -> None:
    """Delete the last game of list A (undo); earlier games are corrected, never removed from
    the middle. ``change``: the keywords of :func:`delete_from_list`."""
    delete_from_list(LIST_A, table, number, **change)


def correct_on_list(
    kept: KeptList,
    table: Table,
    number: int,
    data: dict,
    *,
    partial=False,
    user=None,
    actor="",
    reason="",
    how="",
):
    """Replace (or with ``partial`` update) what list ``kept`` holds for game ``number``;
    ``how`` says why the lists agree afterwards, if they do (``comparing.compare``)."""
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    table = lock_table(table)
    kept.ensure_writable(table)
    game = kept.find(table, number)
    ensure_same_number(data, number)
    before = game.inputs()
    entry = corrected_entry(before, data, partial=partial)
    seats = list(table.seats.all())
    deal = deal_of(game.number, table_rounds(table, seats))
    if deal is None:
        raise GAME_BEYOND_THE_ROUNDS.rejected(number=game.number)
    value_game(game, entry, deal, table)
    kept.save(game, deal, seats, table)
    record_list_write(
        f"{kept.action_stem}_corrected",
        table,
        game,
        user=user,
        actor=actor,
        before=before,
        reason=reason,
        how=how,
    )
    return game


def delete_from_list(kept: KeptList, table: Table, number: int, *, user=None, actor="", reason=""):
    """Take back the last game of list ``kept`` (undo)."""
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    table = lock_table(table)
    kept.ensure_writable(table)
    game = kept.find(table, number)
    ensure_last_game(game.number, kept.last_number(table))
    before = game.inputs()
    kept.remove(game, table)
    record_list_write(
        f"{kept.action_stem}_deleted",
        table,
        game,
        user=user,
        actor=actor,
        before=before,
        reason=reason,
        gone=True,
    )


def _ensure_writable(table: Table) -> None:
    ensure_open(table)
    ensure_not_ended(table)


def _save_corrected(game: Game, deal: Deal, seats, table: Table) -> None:
    _save_with_points(game, deal, seats, table, replacing=True)


def _remove(game: Game, table: Table) -> None:
    """Delete the game; a list left without games may be kept as a summary again."""
    game.delete()
    if not table.games.exists():
        table.entry_mode = Table.EntryMode.NONE
        table.save(update_fields=["entry_mode"])


def mark_kept_game_by_game(table: Table, *, user, actor) -> None:
    """After a game is entered on either list: the table is kept game by game (no summary
    any more), and its series and tournament are running (``states.start_running``)."""
    if table.entry_mode != Table.EntryMode.GAMES:
        table.entry_mode = Table.EntryMode.GAMES
        table.save(update_fields=["entry_mode"])
    states.start_running(table, user, actor=actor)


def record_list_write(
    action, table: Table, game, *, user, actor, before=None, reason="", how="", gone=False
) -> None:
    """How every write to a list ends, on list A and list B alike: the audit entry with the
    game before and after (nothing after when it is ``gone``), then the comparison of the
    two lists for its number, which ``how`` explains (``comparing.compare``)."""
    after = None if gone else game.inputs()
    audit.record(
        action,
        user=user,
        actor=actor,
        table=table,
        obj=game,
        before=before,
        after=after,
        reason=reason,
    )
    saved = None if gone else game
    comparing.compare(table, game.number, user=user, actor=actor, how=how, saved=saved)


def ensure_last_game(number: int, last: int) -> None:
    """Only the last game of a list is deleted (undo); earlier ones are corrected."""
    if number != last:
        raise NOT_THE_LAST_GAME.rejected(last=last, number=number)


def ensure_same_number(data: dict, number: int) -> None:
    """A correction of game ``number`` may not name another number."""
    if data.get("number", number) != number:
        raise NUMBER_CANNOT_CHANGE.rejected(number=number)


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


def ensure_not_ended(table: Table) -> None:
    """A list the director ended early is signed as it is: no game is added, changed or undone."""
    if table.ended_early_at is not None:
        raise LIST_ENDED_EARLY.rejected(table=table.number)


def game_on_list(table: Table, number, *, as_typed=None) -> Game:
    """Game ``number`` of the table's list; refused as missing, naming the number ``as_typed``."""
    return found_game(table.games, number, NOT_ON_LIST_A, as_typed)


def found_game(games, number, missing: Refusal, as_typed=None):
    """Game ``number`` of ``games`` (a list's games); refused with ``missing``, naming the
    number ``as_typed``."""
    in_range = isinstance(number, int) and 1 <= number <= MAX_GAME_NUMBER
    game = games.filter(number=number).first() if in_range else None
    if game is None:
        raise missing.rejected(number=number if as_typed is None else as_typed)
    return game


def next_game_number(table: Table, *, last: int | None = None) -> int:
    """The number the next game of ``table``'s list gets: one after the last entered.

    ``last`` is that last number where the caller read it already (the overviews read it
    for many tables in one query); otherwise it is one query. The table device counts on
    from the number its page was given (docs/table-device.md)."""
    return (last_game_number(table) if last is None else last) + 1


def last_game_number(table: Table) -> int:
    """The number of the last game entered on ``table``'s list, 0 before the first."""
    found = _LAST_NUMBER.first(table.pk)
    return found[0] if found is not None else 0


def _last_number_of(pk):
    return Game.objects.filter(table_id=pk).order_by("-number").values_list("number")[:1]


# Read twice by every entry (its number, its answer's state): compiled once per process.
_LAST_NUMBER = PreparedRead(_last_number_of)


def check_number(number, next_number: int, last_number: int) -> None:
    """Refuse ``number`` unless it is the next game (``next_number``) of a list that ends
    after game ``last_number``, naming why."""
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise INVALID_GAME_NUMBER.rejected()
    if number < next_number:
        raise GAME_EXISTS.rejected(number=number, next=next_number)
    if number > last_number:
        problem = SERIES_COMPLETE.problem(number=number, last=last_number)
        raise Rejected([problem], conflict=number == next_number)
    if number > next_number:
        raise GAME_NUMBER_GAP.rejected(number=number, next=next_number)


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
        if replacing:
            game.save()
            game.points.all().delete()
        else:
            insert_new_game(game)
        rows = game.point_rows(
            {number: seat.participant_id for number, seat in present.items()},
            deal.active,
            table.series,
        )
        ensure_changeable([game.table_id])  # as GamePoints.objects.bulk_create checks
        insert_rows(rows)
    # The rows just written are the game's points, kept as prefetch_related keeps them (a
    # queryset with its rows already fetched): the answer to the entry shows them without
    # reading them back, and a filtered ``game.points`` still asks the database.
    points = game.points.all()
    points._result_cache = rows
    points._prefetch_done = True
    game._prefetched_objects_cache = {"points": points}


def insert_new_game(game: Game | SecondListGame) -> None:
    """``game.save()`` of a new game of either list, its INSERT made once per process
    (row_writes): the list's lock checked and the signal sent (the tournament's version,
    for list A) as save() does."""
    ensure_changeable([game.table_id])
    insert_rows([game], read_ids=True)
    post_save.send(
        sender=type(game),
        instance=game,
        created=True,
        update_fields=None,
        raw=False,
        using=game._state.db,
    )


LIST_A = KeptList(
    action_stem="game",
    ensure_writable=_ensure_writable,
    find=game_on_list,
    last_number=last_game_number,
    save=_save_corrected,
    remove=_remove,
)
