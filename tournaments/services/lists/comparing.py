"""Two lists of a table compared as the games arrive (doppelte Listenführung, docs/rules.md 4).

Whenever either list of a table that keeps two stores, changes or removes game N, the list
keeping calls :func:`compare` in the same transaction, under the table's row lock: once
both lists hold game N, every field is compared (``skat/comparison.py``). A difference is
kept as an open :class:`ListDifference` with both versions; when the lists agree again
(a keeper took the other list's version or corrected his own) it is settled, and the
director settles the others (``services/lists/settling.py``). Signing waits until no
difference is open and list B holds every game of list A (:func:`ensure_lists_agree`).
"""

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Game, ListDifference, SecondListGame, Table
from tournaments.skat import Problem
from tournaments.skat.comparison import differing_fields

from ..errors import Rejected

# The compared fields in the players' words (skat/comparison.py COMPARED), for the pages
# and the list PDF.
FIELD_WORDS = {
    "passed": gettext_noop("passed in"),
    "declarer_seat": gettext_noop("declarer"),
    "game": gettext_noop("game"),
    "with_matadors": gettext_noop("with/without"),
    "matadors": gettext_noop("matadors"),
    "hand": gettext_noop("Hand"),
    "ouvert": gettext_noop("Ouvert"),
    "schneider_announced": gettext_noop("Schneider announced"),
    "schwarz_announced": gettext_noop("Schwarz announced"),
    "schneider": gettext_noop("Schneider"),
    "schwarz": gettext_noop("Schwarz"),
    "conceded": gettext_noop("conceded"),
    "won": gettext_noop("won/lost"),
    "bid": gettext_noop("bid"),
    "declarer_eyes": gettext_noop("eyes"),
    "declarer_tricks": gettext_noop("tricks"),
    "score": gettext_noop("score"),
}


def version(game) -> dict:
    """A stored game of either list as compared and kept in a difference: the entry as the
    API names it, won or lost as the rules read it, the value and the declarer's score."""
    return {
        **game.inputs(),
        "result_won": game.won,
        "value": game.game_value,
        "score": game.score,
    }


def compare(
    table: Table, number: int, *, user=None, actor="", how="", saved=None
) -> ListDifference | None:
    """Compare game ``number`` of both lists of ``table`` (held locked by the caller).

    Opens a difference (or brings an open one up to date) when they disagree; settles the
    open one when they agree, as ``how`` says (a correction, unless a keeper took the
    other list's version). ``saved``: the game the caller just stored on either list (not
    read again). Returns the difference concerned, if any.
    """
    if not table.series.tournament.two_lists:
        return None
    a = saved if isinstance(saved, Game) else None
    b = saved if isinstance(saved, SecondListGame) else None
    if a is None:
        a = Game.objects.filter(table=table, number=number).first()
    if b is None:
        b = SecondListGame.objects.filter(table=table, number=number).first()
    open_one = ListDifference.objects.filter(table=table, number=number, settled_at=None).first()
    if a is None or b is None:
        return open_one  # compared again once both lists hold the game
    seen_a, seen_b = version(a), version(b)
    fields = list(differing_fields(seen_a, seen_b))
    if fields and open_one is None:
        return ListDifference.objects.create(
            table=table, number=number, a=seen_a, b=seen_b, fields=fields
        )
    if fields:
        if (open_one.a, open_one.b) != (seen_a, seen_b):
            open_one.a, open_one.b, open_one.fields = seen_a, seen_b, fields
            open_one.revision += 1
            open_one.save(update_fields=["a", "b", "fields", "revision"])
        return open_one
    if open_one is not None:
        signed_in = user is not None and user.is_authenticated
        open_one.result = seen_a  # ``a`` and ``b`` keep the versions that differed
        open_one.settled_at = timezone.now()
        open_one.settled_how = how or ListDifference.How.CORRECTED
        open_one.settled_by = user if signed_in else None
        open_one.settled_actor = actor
        open_one.save()
    return open_one


def differences_of(table: Table) -> list[ListDifference]:
    """Every difference found on ``table``'s lists, open and settled, in game order."""
    return list(table.list_differences.select_related("settled_by").order_by("number", "id"))


def open_numbers(table: Table) -> list[int]:
    return list(
        table.list_differences.filter(settled_at=None)
        .order_by("number")
        .values_list("number", flat=True)
    )


def missing_from_second(table: Table) -> list[int]:
    """The games list A holds and list B does not (yet): not compared, so not agreed."""
    first = set(table.games.values_list("number", flat=True))
    second = set(table.second_games.values_list("number", flat=True))
    return sorted(first - second)


LISTS_DIFFER = gettext_noop(
    "The two lists of table %(table)d differ in game %(games)s. Take the other list's "
    "version on one device, or ask the tournament director to settle it; then the players "
    "sign."
)
SECOND_INCOMPLETE = gettext_noop(
    "List B of table %(table)d does not have game %(games)s yet, so it cannot be compared. "
    "Enter it on the second device (or ask the tournament director); then the players sign."
)


def _games(table: Table, numbers) -> dict:
    return {"table": table.number, "games": ", ".join(str(number) for number in numbers)}


def ensure_lists_agree(table: Table, *, complete=True) -> None:
    """Refuse signing (409) while a difference is open or list B misses a game of list A,
    naming the games; a table that keeps one list always passes. Without ``complete`` (the
    director closing a list) only open differences are refused: a second device that broke
    down must not keep a list from being closed."""
    if not table.series.tournament.two_lists:
        return
    problems = []
    differing = open_numbers(table)
    if differing:
        problems.append(Problem("table", "lists_differ", LISTS_DIFFER, _games(table, differing)))
    missing = missing_from_second(table) if complete else []
    if missing:
        problems.append(
            Problem("table", "second_list_incomplete", SECOND_INCOMPLETE, _games(table, missing))
        )
    if problems:
        raise Rejected(problems, conflict=True)


def open_differences_by_table(tables) -> dict[int, list[int]]:
    """Table id → the game numbers with an open difference, for many tables in one query."""
    found: dict[int, list[int]] = {}
    rows = (
        ListDifference.objects.filter(table__in=tables, settled_at=None)
        .order_by("table_id", "number")
        .values_list("table_id", "number")
    )
    for table_id, number in rows:
        found.setdefault(table_id, []).append(number)
    return found


def difference_counts(tables) -> dict[int, dict]:
    """Table id → how many differences were found and how many are still open."""
    rows = (
        ListDifference.objects.filter(table__in=tables)
        .values("table")
        .annotate(found=Count("id"), open=Count("id", filter=Q(settled_at=None)))
        .order_by()
    )
    return {row["table"]: {"found": row["found"], "open": row["open"]} for row in rows}
