"""The states of a league match report, as rows of the core's one table of transitions.

*submitted* (by the host) → *checked* → *published* (by the group leader; only a checked
report is published); captains *sign* it until it is published, the group leader
*corrects* it (with a reason, sealed again), captains lodge a *protest* (with a reason).
*Binding* is no step: it follows from the protest window (league/services/reports.py).

:func:`register` adds them to tournaments/services/states.py (``LeagueConfig.ready()``
calls it), so ``states.apply(report, "publish", user)`` checks the role and the state and
writes the audit entry as for a list; the steps themselves are carried out by
league/services/reports.py.
"""

from django.utils.translation import gettext_noop

from league.models import MatchReport
from tournaments.services import states
from tournaments.services.roles import Role
from tournaments.services.states import Transition
from tournaments.skat import Problem

from . import reports
from .roles import LeagueRole

GROUP_LEADER = frozenset({LeagueRole.GROUP_LEADER})
REPORT_SIGNERS = frozenset({LeagueRole.CAPTAIN, Role.DIRECTOR, LeagueRole.GROUP_LEADER})
PROTESTERS = frozenset({LeagueRole.CAPTAIN, LeagueRole.GROUP_LEADER})
REPORT_STATES = ("submitted", "checked", "published")

TRANSITIONS: dict[tuple[str, str], Transition] = {
    ("submitted", "sign"): Transition("submitted", REPORT_SIGNERS, "report_signed"),
    ("checked", "sign"): Transition("checked", REPORT_SIGNERS, "report_signed"),
    ("submitted", "check"): Transition("checked", GROUP_LEADER, "report_checked"),
    ("checked", "publish"): Transition("published", GROUP_LEADER, "report_published"),
    # Again after a correction: the public sees the corrected numbers only from then on.
    ("published", "publish"): Transition("published", GROUP_LEADER, "report_published"),
    **{
        (state, "correct"): Transition(state, GROUP_LEADER, "report_corrected", True)
        for state in REPORT_STATES
    },
    **{
        (state, "protest"): Transition(state, PROTESTERS, "protest_lodged", True)
        for state in REPORT_STATES
    },
}

PERFORMERS = {
    "sign": reports.sign,
    "check": reports.check,
    "publish": reports.publish,
    "correct": reports.correct,
    "protest": reports.protest,
}


def refusal(report: MatchReport, state: str, action: str) -> Problem:
    """Why ``action`` is not possible for the report in ``state``."""
    params = {"status": report.get_status_display()}
    if action == "sign":
        text = gettext_noop("The match report is already published; captains sign it before that.")
    elif action == "publish" and state == "submitted":
        # Publishing counts the results in the table: only what the leader checked.
        text = gettext_noop("Mark the report as checked first: only a checked report is published.")
        return Problem("report", "report_not_checked", text, params)
    else:
        text = gettext_noop("The match report is %(status)s; this step is not possible now.")
    return Problem("report", f"report_{state}", text, params)


def register() -> None:
    """Add the report's rows to the core's table; its signing locks the report itself."""
    states.register(
        "report", MatchReport, TRANSITIONS, PERFORMERS, refusal=refusal, self_locking={"sign"}
    )
