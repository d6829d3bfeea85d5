"""The explanation of a game value in the words players use at the table.

Examples (German catalogue): "mit 2, Spiel 3, Hand 4 × Kreuz (12) = 48, gewonnen: +48";
an overbid game: "mit 1, Spiel 2 – überreizt bei 48: 4 × Kreuz (12) = 48, verloren: −96".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .games import NULL_VALUES
from .i18n import Translate, gettext_noop

if TYPE_CHECKING:
    from .values import Evaluation, Levels

MINUS = "\u2212"

NULL_NAMES = {
    (False, False): gettext_noop("Null"),
    (False, True): gettext_noop("Null hand"),
    (True, False): gettext_noop("Null ouvert"),
    (True, True): gettext_noop("Null ouvert hand"),
}


def signed(number: int) -> str:
    """+48 / −96 with a real minus sign, as on printed lists."""
    return f"+{number}" if number >= 0 else f"{MINUS}{-number}"


def level_steps(levels: Levels, translate: Translate) -> list[str]:
    """ "mit 2", "Spiel 3", "Hand 4", … — each level with the running multiplier."""
    matadors = gettext_noop("with %(n)d") if levels.with_matadors else gettext_noop("without %(n)d")
    steps = [translate(matadors) % {"n": levels.matadors}]
    count = levels.matadors + 1
    steps.append(translate(gettext_noop("game %(n)d")) % {"n": count})
    flagged = (
        (levels.hand, gettext_noop("hand %(n)d")),
        (levels.schneider, gettext_noop("Schneider %(n)d")),
        (levels.schneider_announced, gettext_noop("Schneider announced %(n)d")),
        (levels.schwarz, gettext_noop("Schwarz %(n)d")),
        (levels.schwarz_announced, gettext_noop("Schwarz announced %(n)d")),
        (levels.ouvert, gettext_noop("ouvert %(n)d")),
    )
    for present, message in flagged:
        if present:
            count += 1
            steps.append(translate(message) % {"n": count})
    return steps


def explain(evaluation: Evaluation, translate: Translate) -> str:
    declaration = evaluation.declaration
    if evaluation.game.is_null:
        null_key = (declaration.ouvert, bool(declaration.hand))
        name = translate(NULL_NAMES[null_key])
        if not evaluation.overbid:
            return f"{name} = {evaluation.game_value}, {_result(evaluation, translate)}"
        prefix = f"{name} ({NULL_VALUES[null_key]}) – {_overbid(evaluation, translate)}: "
    else:
        prefix = ""
    tail = translate(gettext_noop("× %(game)s (%(base)d) = %(value)d")) % {
        "game": translate(evaluation.scored_as.label),
        "base": evaluation.base_value,
        "value": evaluation.game_value,
    }
    steps = ", ".join(level_steps(evaluation.levels, translate))
    if evaluation.multiplier == evaluation.levels.multiplier:
        body = f"{steps} {tail}"
    elif prefix:
        body = f"{steps} – {evaluation.multiplier} {tail}"
    else:
        body = f"{steps} – {_overbid(evaluation, translate)}: {evaluation.multiplier} {tail}"
    return f"{prefix}{body}, {_result(evaluation, translate)}{_skat_note(evaluation, translate)}"


def _skat_note(evaluation: Evaluation, translate: Translate) -> str:
    """Why eyes the declarer entered did not save him from Schwarz."""
    if not evaluation.uncounted_skat_eyes:
        return ""
    message = gettext_noop(
        " (the %(eyes)d eyes in the skat do not count: without a trick the declarer is Schwarz)"
    )
    return translate(message) % {"eyes": evaluation.uncounted_skat_eyes}


def _overbid(evaluation: Evaluation, translate: Translate) -> str:
    return translate(gettext_noop("overbid at %(bid)d")) % {"bid": evaluation.bid}


def _result(evaluation: Evaluation, translate: Translate) -> str:
    if evaluation.won:
        message = gettext_noop("won: %(score)s")
    elif evaluation.conceded:
        message = gettext_noop("lost (einfach): %(score)s")
    else:
        message = gettext_noop("lost: %(score)s")
    return translate(message) % {"score": signed(evaluation.score)}
