"""The life of a list, a series and a tournament: one table of transitions, one way in.

Every step that changes the state of a list (Liste, i.e. a table's game list), a series or
a tournament is a row of :data:`TRANSITIONS`: from which state, by which action, to which
state, who may take it (:mod:`tournaments.services.roles`), whether a reason is required,
and the verb it writes to the audit trail. :func:`apply` is the one way to take such a
step; the API, the director pages and the admin all call it, and translate its refusals
(``PermissionDenied`` → 403, :class:`~.errors.Rejected` with ``conflict`` → 409).

States (see docs/architecture.md):

- table: *open* (being kept; *settle* decides a difference between its two lists, where a
  tournament keeps two) → *ended* (ended early, waiting for signatures) →
  *signed* (every player signed; sealed) or *locked* (closed by the director; sealed).
  *reopen* takes a signed or locked list back to open, or takes back an early end; a
  signed or locked list that had been ended early comes back open *and* no longer ended,
  so one reopening (one reason) is all a correction needs.
- series and tournament: *planned* → *running* (*start*, taken by the first game entered:
  the entry holds their row locks) → *finished*; *reopen* (with a reason) makes a
  finished one running again.
- league match report: *submitted* (by the host) → *checked* → *published* (by the group
  leader; only a checked report is published); captains *sign* it until it is published,
  the group leader *corrects* it (with a reason, sealed again), captains lodge a *protest*
  (with a reason). *Binding* is no step: it follows from the protest window
  (league/services/reports.py).

*enter* and *sign* are performed by the list keeping and signing services, which lock
the list themselves (a table device's step, often retried); :func:`apply` checks the role
and the state first. :func:`possible` answers which steps a role may take now: the
director's table page shows its buttons from it.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Series, Table, Tournament
from tournaments.skat import Problem
from tournaments.skat.rounds import game_count

from . import finishing
from .errors import Rejected
from .input import MAX_REASON_LENGTH, REASON_REQUIRED, free_text
from .lists import listkeeping
from .locking import lock_table
from .roles import Role, roles_of
from .sealing import closing, signing
from .seating import table_rounds

DIRECTOR = frozenset({Role.DIRECTOR})
GROUP_LEADER = frozenset({Role.GROUP_LEADER})
REPORT_SIGNERS = frozenset({Role.CAPTAIN, Role.DIRECTOR, Role.GROUP_LEADER})
PROTESTERS = frozenset({Role.CAPTAIN, Role.GROUP_LEADER})
REPORT_STATES = ("submitted", "checked", "published")
LIST_KEEPERS = frozenset({Role.DIRECTOR, Role.TABLE_DEVICE})
SIGNERS = frozenset({Role.DIRECTOR, Role.TABLE_DEVICE, Role.PLAYER})


@dataclass(frozen=True)
class Transition:
    """One step: the state it leads to, who may take it, its audit verb, if it needs a reason."""

    target: str
    roles: frozenset
    audit: str
    reason_required: bool = False


def _director(target: str, verb: str, *, reason: bool = True) -> Transition:
    return Transition(target, DIRECTOR, verb, reason)


TRANSITIONS: dict[tuple[str, str, str], Transition] = {
    ("table", "open", "enter"): Transition("open", LIST_KEEPERS, "game_entered"),
    ("table", "open", "sign"): Transition("signed", SIGNERS, "signature_added"),
    ("table", "ended", "sign"): Transition("signed", SIGNERS, "signature_added"),
    ("table", "open", "settle"): _director("open", "difference_settled"),
    ("table", "open", "end"): _director("ended", "list_ended_early"),
    ("table", "ended", "reopen"): _director("open", "list_end_taken_back"),
    ("table", "open", "close"): _director("locked", "list_closed"),
    ("table", "ended", "close"): _director("locked", "list_closed"),
    ("table", "signed", "reopen"): _director("open", "list_reopened"),
    ("table", "locked", "reopen"): _director("open", "list_reopened"),
    ("series", "planned", "start"): Transition("running", LIST_KEEPERS, ""),
    ("series", "planned", "finish"): _director("finished", "series_finished", reason=False),
    ("series", "running", "finish"): _director("finished", "series_finished", reason=False),
    ("series", "finished", "reopen"): _director("running", "series_reopened"),
    ("tournament", "planned", "start"): Transition("running", LIST_KEEPERS, ""),
    ("tournament", "planned", "finish"): _director("finished", "tournament_finished", reason=False),
    ("tournament", "running", "finish"): _director("finished", "tournament_finished", reason=False),
    ("tournament", "finished", "reopen"): _director("running", "tournament_reopened"),
    ("report", "submitted", "sign"): Transition("submitted", REPORT_SIGNERS, "report_signed"),
    ("report", "checked", "sign"): Transition("checked", REPORT_SIGNERS, "report_signed"),
    ("report", "submitted", "check"): Transition("checked", GROUP_LEADER, "report_checked"),
    ("report", "checked", "publish"): Transition("published", GROUP_LEADER, "report_published"),
    # Again after a correction: the public sees the corrected numbers only from then on.
    ("report", "published", "publish"): Transition("published", GROUP_LEADER, "report_published"),
    **{
        ("report", state, "correct"): Transition(state, GROUP_LEADER, "report_corrected", True)
        for state in REPORT_STATES
    },
    **{
        ("report", state, "protest"): Transition(state, PROTESTERS, "protest_lodged", True)
        for state in REPORT_STATES
    },
}


def _enter(table, transition, *, user, actor, reason, game=None, kept_list="A"):
    """Enter a game on the list the keeper keeps: list A (the official list) or, where a
    tournament keeps two lists per table, list B (services/lists/second_list.py)."""
    if kept_list == "B":
        from .lists import second_list

        return second_list.enter_second_game(table, game or {}, user=user, actor=actor)
    return listkeeping.enter_game(table, game or {}, user=user, actor=actor)


def _settle(table, transition, **details):
    from .lists import settling

    return settling.settle(table, transition, **details)


def _sign(table, transition, *, user, actor, reason, **signature):

    return signing.sign_list(
        table, signature.pop("seat", None), user=user, actor=actor, **signature
    )


def _report_step(name: str) -> Callable:
    """A step of the league's match report, carried out by league/services/reports.py.

    Imported when the step is taken: the league app builds on this one, not the reverse.
    """

    def perform(report, transition, **details):
        from league.services import reports

        return getattr(reports, name)(report, transition, **details)

    return perform


# What carries out each action, per kind: ``perform(obj, transition, user=, actor=, reason=)``.
PERFORMERS: dict[tuple[str, str], Callable] = {
    ("table", "enter"): _enter,
    ("table", "sign"): _sign,
    ("table", "settle"): _settle,
    ("table", "end"): closing.end,
    ("table", "close"): closing.close,
    ("table", "reopen"): closing.reopen,
    ("series", "start"): finishing.start,
    ("tournament", "start"): finishing.start,
    ("series", "finish"): finishing.finish_series,
    ("series", "reopen"): finishing.reopen_series,
    ("tournament", "finish"): finishing.finish_tournament,
    ("tournament", "reopen"): finishing.reopen_tournament,
    **{("report", step): _report_step(step) for step in ("sign", "check", "publish", "correct")},
    ("report", "protest"): _report_step("protest"),
}

# Actions whose services lock the list themselves (a table device's step, often retried),
# and the start of a series and its tournament, whose rows the entry has locked already.
SELF_LOCKING = frozenset(
    {
        ("table", "enter"),
        ("table", "sign"),
        ("report", "sign"),
        ("series", "start"),
        ("tournament", "start"),
    }
)


def kind_of(obj) -> str:
    if isinstance(obj, Table):
        return "table"
    if isinstance(obj, Series):
        return "series"
    if isinstance(obj, Tournament):
        return "tournament"
    if getattr(getattr(obj, "_meta", None), "label", "") == "league.MatchReport":
        return "report"
    raise TypeError(f"{type(obj).__name__} has no states")


def state_of(obj) -> str:
    """The state :data:`TRANSITIONS` knows ``obj`` by (a table ended early is *ended*)."""
    if isinstance(obj, Table) and obj.is_open and obj.ended_early_at is not None:
        return "ended"
    return obj.status


def actions_of(kind: str) -> frozenset[str]:
    return frozenset(action for k, _state, action in TRANSITIONS if k == kind)


def roles_for(kind: str, action: str) -> frozenset:
    """Who may take ``action`` on a ``kind`` at all (in whichever state allows it)."""
    allowed = [t.roles for (k, _s, a), t in TRANSITIONS.items() if (k, a) == (kind, action)]
    if not allowed:
        raise ValueError(f"{kind} has no action {action!r}")
    return frozenset().union(*allowed)


def _reason_required(kind: str, action: str) -> bool:
    return any(
        t.reason_required for (k, _s, a), t in TRANSITIONS.items() if (k, a) == (kind, action)
    )


def possible(obj, roles) -> list[str]:
    """The actions that ``roles`` may take on ``obj`` now (for showing buttons)."""
    kind, state = kind_of(obj), state_of(obj)
    return [
        action
        for (k, s, action), transition in TRANSITIONS.items()
        if (k, s) == (kind, state) and transition.roles & set(roles)
    ]


def apply(obj, action: str, user=None, reason="", *, roles=None, actor="", **details):
    """Take ``action`` on ``obj`` (a Table, Series or Tournament) for ``user``; the new object.

    ``roles`` replaces the user's own roles where the caller knows better (a table device
    recognised by its code); ``actor`` names who acted when there is no user. Raises
    ``PermissionDenied`` when no role of the actor may take the action, and
    :class:`Rejected` (conflict) when the object's state does not allow it now.
    """
    kind = kind_of(obj)
    roles = frozenset(roles_of(user, obj) if roles is None else roles)
    if not roles & roles_for(kind, action):
        raise PermissionDenied(f"You may not {action} this {kind}.")
    perform = PERFORMERS[(kind, action)]
    if _reason_required(kind, action):
        reason = clean_reason(reason)
    elif not isinstance(reason, str):
        reason = ""
    if (kind, action) in SELF_LOCKING:
        transition = _transition(obj, kind, action)
        return perform(obj, transition, user=user, actor=actor, reason=reason, **details)
    with transaction.atomic():
        obj = _locked(obj)
        transition = _transition(obj, kind, action)
        return perform(obj, transition, user=user, actor=actor, reason=reason, **details)


def start_running(table: Table, user=None, *, actor="") -> None:
    """Take *start* for the table's series and tournament if they are still planned: the
    first game entered does (list keeping calls it, holding their row locks). Whoever may
    enter the game starts them, so the entry's own role check is the one that counts."""
    series = table.series
    for obj in (series, series.tournament):
        if state_of(obj) == "planned":
            apply(obj, "start", user, roles=LIST_KEEPERS, actor=actor)


def clean_reason(reason) -> str:
    """A required reason as clean text within :data:`MAX_REASON_LENGTH` (services/input.py)."""
    if not isinstance(reason, str) or not reason.strip():
        raise REASON_REQUIRED.rejected()
    return free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)


def _locked(obj):
    if isinstance(obj, Table):
        return lock_table(obj)
    return type(obj).objects.select_for_update().get(pk=obj.pk)


def _transition(obj, kind: str, action: str) -> Transition:
    state = state_of(obj)
    transition = TRANSITIONS.get((kind, state, action))
    if transition is None:
        raise Rejected([refusal(obj, kind, state, action)], conflict=True)
    return transition


def refusal(obj, kind: str, state: str, action: str) -> Problem:
    """Why ``action`` is not possible in ``state``, in the words of the director's pages."""
    if kind == "report":
        params = {"status": obj.get_status_display()}
        if action == "sign":
            text = gettext_noop(
                "The match report is already published; captains sign it before that."
            )
        elif action == "publish" and state == "submitted":
            # Publishing counts the results in the table: only what the leader checked.
            text = gettext_noop(
                "Mark the report as checked first: only a checked report is published."
            )
            return Problem("report", "report_not_checked", text, params)
        else:
            text = gettext_noop("The match report is %(status)s; this step is not possible now.")
        return Problem("report", f"report_{state}", text, params)
    if kind == "table":
        params = {"table": obj.number, "status": obj.get_status_display()}
        if state in ("signed", "locked"):
            return Problem("table", "list_locked", LIST_LOCKED, params)
        if action == "reopen":
            text = gettext_noop("The list of table %(table)d is open; there is nothing to reopen.")
            return Problem("table", "list_not_closed", text, params)
        if action == "enter":
            return listkeeping.LIST_ENDED_EARLY.problem(**params)
        text = gettext_noop(
            "The tournament director ended the list of table %(table)d early; it is signed "
            "as it is. Reopen it (with a reason) to take the early end back."
        )
        return Problem("table", "list_already_ended", text, params)
    params = {"name": str(obj), "status": obj.get_status_display()}
    if action == "start":
        text = gettext_noop("%(name)s has started already (%(status)s).")
        return Problem(kind, f"{kind}_started", text, params)
    if action == "reopen":
        text = gettext_noop("%(name)s is not finished; there is nothing to reopen.")
        return Problem(kind, f"{kind}_not_finished", text, params)
    text = gettext_noop("%(name)s is already finished. Reopen it (with a reason) to change it.")
    return Problem(kind, f"{kind}_finished", text, params)


LIST_LOCKED = gettext_noop(
    "The list of table %(table)d is %(status)s and can no longer be changed. "
    "Only the tournament director can correct it, with a reason."
)


def finish_series_closing_lists(series: Series, user, reason) -> Series:
    """Close every open list of ``series`` with one reason, then finish it — all or nothing.

    A list still missing games is ended early first (its players sign what was played);
    each step is a transition of its own, with its own audit entry.
    """
    reason = clean_reason(reason)
    with transaction.atomic():
        for table in finishing.open_tables(series):
            if state_of(table) == "open" and not _ready_to_sign(table):
                table = apply(table, "end", user, reason)
            apply(table, "close", user, reason)
        return apply(series, "finish", user)


def _ready_to_sign(table: Table) -> bool:

    from .sealing.signing import ready_to_sign

    planned = game_count(table_rounds(table, list(table.seats.all())))
    return ready_to_sign(table, table.games.count(), planned)
