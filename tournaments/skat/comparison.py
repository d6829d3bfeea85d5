"""Two lists of one table compared game by game, and the Skat Court's rule for a difference.

At championships two players at the table each keep a list (doppelte Listenführung,
docs/rules.md 4). Both lists hold every game as entered; this module says where two
entries of the same game disagree and, where they do, which entry the court's rule lets
count: with the same declarer the lower result, with different declarers (or one list
saying passed) the game counts as passed (eingepasst).

An entry is a mapping of the game's fields as the API names them (``passed``,
``declarer_seat``, ``game``, ``matadors``, ``with_matadors``, ``hand``, ``ouvert``,
``schneider_announced``, ``schwarz_announced``, ``schneider``, ``schwarz``, ``won``,
``bid``, ``declarer_eyes``, ``declarer_tricks``, ``conceded``) plus ``result_won`` (won
or lost as the rules read the entry, e.g. lost when overbid) and ``score`` (the
declarer's score). A field left out is not given.
"""

from collections.abc import Mapping

# The fields every list keeper enters, compared always (a flag not given is False).
FLAGS = (
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "schneider",
    "schwarz",
    "conceded",
)
# Entered only now and then: compared where both lists entered them.
OPTIONAL = ("bid", "declarer_eyes", "declarer_tricks")
# In the order a list reads a game; ``score`` last, which catches any difference in value
# the fields themselves do not show.
COMPARED = (
    "passed",
    "declarer_seat",
    "game",
    "with_matadors",
    "matadors",
    *FLAGS,
    "won",
    *OPTIONAL,
    "score",
)

TAKE_A = "a"
TAKE_B = "b"
PASSED = "passed"


def differing_fields(a: Mapping, b: Mapping) -> tuple[str, ...]:
    """The fields in which entry ``a`` and entry ``b`` of the same game disagree, in
    :data:`COMPARED` order; empty when the two lists agree."""
    if _passed(a) or _passed(b):
        return ("passed",) if _passed(a) != _passed(b) else ()
    differing = []
    for name in COMPARED:
        if name == "passed":
            continue
        if name in ("with_matadors", "matadors") and "null" in (a.get("game"), b.get("game")):
            continue  # a Null game has no matadors (an overbid one's show in its score)
        left, right = _value(a, name), _value(b, name)
        if name in OPTIONAL and (left is None or right is None):
            continue
        if left != right:
            differing.append(name)
    return tuple(differing)


def court_ruling(a: Mapping, b: Mapping) -> str:
    """Which entry counts when ``a`` and ``b`` differ, by the Skat Court's rule:
    :data:`TAKE_A` or :data:`TAKE_B` (the same declarer: the lower result, list A's on a
    tie) or :data:`PASSED` (different declarers, or one list says passed)."""
    declarer_a = None if _passed(a) else a.get("declarer_seat")
    declarer_b = None if _passed(b) else b.get("declarer_seat")
    if declarer_a != declarer_b:
        return PASSED
    if declarer_a is None:
        return TAKE_A
    return TAKE_A if _score(a) <= _score(b) else TAKE_B


def _passed(entry: Mapping) -> bool:
    return bool(entry.get("passed"))


def _score(entry: Mapping) -> int:
    score = entry.get("score")
    return score if isinstance(score, int) else 0


def _value(entry: Mapping, name: str):
    if name == "won":
        return entry.get("result_won", entry.get("won"))
    if name in FLAGS:
        return bool(entry.get(name))
    if name == "with_matadors":
        return entry.get(name, True) is not False
    return entry.get(name)
