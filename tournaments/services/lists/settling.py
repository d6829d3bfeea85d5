"""Settling a difference between the two lists of a table (docs/rules.md 4).

Two ways, both ordinary audited corrections through the list keeping of each list:

- a keeper takes the other list's version into his own list with one tap
  (:func:`take_other`). Two keepers tapping at once end in one version: the second finds
  the difference settled under the table's row lock and changes nothing; a keeper who
  names the revision he saw is refused (409) when the other version changed meanwhile.
- the director decides on the table's page (*settle* in ``services/states.py``, with a
  reason): list A's version, list B's, or the Skat Court's rule (``skat/comparison.py``:
  the same declarer → the lower result, different declarers → passed). Both lists then
  hold the decided version; both earlier versions stay in the difference and the audit
  trail.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import ListDifference, Table
from tournaments.skat.comparison import PASSED, TAKE_A, TAKE_B, court_ruling

from .. import audit
from ..errors import Refusal
from ..locking import lock_table
from . import comparing, listkeeping, second_list

NO_DIFFERENCE = Refusal(
    "number",
    "no_difference",
    gettext_noop("The two lists do not differ in game %(number)s."),
    missing=True,
)
DIFFERENCE_CHANGED = Refusal(
    "revision",
    "difference_changed",
    gettext_noop(
        "Game %(number)d was changed on one of the lists meanwhile; look at both "
        "versions again before you take one."
    ),
    conflict=True,
)
INVALID_TAKE = Refusal(
    "take",
    "invalid_take",
    gettext_noop('Choose "a" (list A), "b" (list B) or "rule" (the Skat Court\'s rule).'),
)
DIFFERENCE_SETTLED = Refusal(
    "number",
    "difference_settled",
    gettext_noop("The difference in game %(number)d is settled already."),
    conflict=True,
)


LIST_A = "A"
LIST_B = "B"
RULE = "rule"
TAKES = (TAKE_A, TAKE_B, RULE)
TOOK = {LIST_A: ListDifference.How.TOOK_B, LIST_B: ListDifference.How.TOOK_A}
DIRECTOR_HOW = {
    TAKE_A: ListDifference.How.DIRECTOR_A,
    TAKE_B: ListDifference.How.DIRECTOR_B,
    RULE: ListDifference.How.RULE,
}


def latest_difference(table: Table, number) -> ListDifference:
    """The open difference of game ``number``, else the one settled last; 404 without."""
    found = (
        ListDifference.objects.filter(table=table, number=number)
        .order_by("settled_at", "-id")  # the open one (no settled_at) first
        .first()
        if isinstance(number, int)
        else None
    )
    if found is None:
        raise NO_DIFFERENCE.rejected(number=number)
    return found


@transaction.atomic
def take_other(
    table: Table, number: int, kept_list: str, *, revision=None, user=None, actor=""
) -> ListDifference:
    """The keeper of ``kept_list`` ("A" or "B") takes the other list's version of game
    ``number`` into his own list; the difference is settled (or was already)."""
    table = lock_table(table)
    second_list.ensure_two_lists(table)
    difference = latest_difference(table, number)
    if not difference.is_open:
        return difference  # the other keeper took a version first: nothing left to take
    if revision is not None and revision != difference.revision:
        raise DIFFERENCE_CHANGED.rejected(number=number)
    other = table.second_games if kept_list == LIST_A else table.games
    theirs = other.get(number=number).inputs()
    reason = TOOK[kept_list].value  # a reason of the software's own (services/audit.py)
    if kept_list == LIST_A:
        listkeeping.correct_game(table, number, theirs, user=user, actor=actor, reason=reason)
    else:
        second_list.correct_second_game(
            table, number, theirs, user=user, actor=actor, reason=reason, how=TOOK[kept_list]
        )
    difference.refresh_from_db()
    if not difference.is_open and difference.settled_how != TOOK[kept_list]:
        difference.settled_how = TOOK[kept_list]
        difference.save(update_fields=["settled_how"])
    return difference


def settle(table: Table, transition, *, user, actor, reason, number=None, take=None):
    """The director's *settle* step (``states.apply``, the table locked): both lists take
    the version ``take`` names — "a", "b" or "rule" (the Skat Court's rule)."""
    if take not in TAKES:
        raise INVALID_TAKE.rejected()
    difference = latest_difference(table, number)
    if not difference.is_open:
        raise DIFFERENCE_SETTLED.rejected(number=number)
    first = table.games.get(number=number)
    second = table.second_games.get(number=number)
    before = {"a": comparing.version(first), "b": comparing.version(second)}
    ruling = court_ruling(before["a"], before["b"]) if take == RULE else take
    if ruling == PASSED:
        decided = {"passed": True}
    else:
        decided = (first if ruling == TAKE_A else second).inputs()
    if first.inputs() != decided:
        listkeeping.correct_game(table, number, decided, user=user, actor=actor, reason=reason)
    if second.inputs() != decided:
        second_list.correct_second_game(
            table, number, decided, user=user, actor=actor, reason=reason
        )
    difference.refresh_from_db()
    difference.settled_how = DIRECTOR_HOW[take]
    difference.reason = reason
    difference.settled_by = user if user is not None and user.is_authenticated else None
    difference.settled_actor = actor
    difference.save(update_fields=["settled_how", "reason", "settled_by", "settled_actor"])
    audit.record(
        transition.audit,
        user=user,
        actor=actor,
        table=table,
        obj=difference,
        before=before,
        after={"take": take, "ruling": ruling, "result": difference.result},
        reason=reason,
    )
    return difference
