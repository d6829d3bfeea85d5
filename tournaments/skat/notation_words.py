"""The keyboard notation's own words for the rule engine's messages (docs/notation.md).

The engine's messages speak of the touch form's boxes ("tick Hand"); a typed line has
words. ``in_words`` keeps a problem's field and code and gives it the message in words.
"""

from .i18n import gettext_noop
from .problems import Problem

# The one message for both codes of a game won without every trick although it needed them
# (an open game, Schwarz announced): the engine words them alike too.
EVERY_TRICK = gettext_noop(
    "An open game or one with Schwarz announced is won only with every trick: add sw, or "
    "enter the game as lost with -."
)

# Same field and code (the words behind the field are marked), other message.
IN_WORDS = {
    ("announcement_not_in_null", None): gettext_noop(
        "Schneider and Schwarz cannot be announced in a Null game: delete sa or swa."
    ),
    ("ouvert_requires_hand", None): gettext_noop(
        "An open suit or grand game is always a hand game: add h, or delete o."
    ),
    ("announcement_requires_hand", None): gettext_noop(
        "Schneider or Schwarz can only be announced in a hand game. After taking up the skat "
        "an announcement is void: add h, or delete sa or swa."
    ),
    ("not_in_null", None): gettext_noop("A Null game has no Schneider or Schwarz: delete s or sw."),
    ("won_missing_announced_schwarz", None): EVERY_TRICK,
    ("ouvert_won_without_schwarz", None): EVERY_TRICK,
    ("won_missing_announced_schneider", None): gettext_noop(
        "With Schneider announced the game is won only with 90 eyes or more: add s, or enter "
        "the game as lost with -."
    ),
    ("tricks_required", None): gettext_noop(
        "With %(eyes)d eyes Schwarz depends on the tricks: add the declarer's tricks (st0 to "
        "st10), or sw if a party took no trick."
    ),
    ("schneider_contradicts_eyes", True): gettext_noop(
        "With %(eyes)d eyes a party is Schneider (30 eyes or fewer): add s or correct the eyes."
    ),
    ("schneider_contradicts_eyes", False): gettext_noop(
        "With %(eyes)d eyes neither party is Schneider: delete s or correct the eyes."
    ),
    ("matadors_not_in_null", None): gettext_noop(
        "A Null game has no matadors: delete the m or o with its number, unless the bid was "
        "higher than the Null game is worth."
    ),
}


def in_words(problem: Problem, data: dict) -> Problem:
    eyes_say_schneider = not data.get("schneider")
    variant = eyes_say_schneider if problem.code == "schneider_contradicts_eyes" else None
    message = IN_WORDS.get((problem.code, variant))
    if message is None:
        return problem
    return Problem(problem.field, problem.code, message, problem.params)
