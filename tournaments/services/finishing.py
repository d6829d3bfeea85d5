"""Finishing and reopening a series and a tournament (abschließen, wieder öffnen).

Each function performs one transition of :data:`tournaments.services.states.TRANSITIONS`
on a row that :func:`~tournaments.services.states.apply` has already locked and checked.

A series is finished once every list is signed or locked; a tournament once every series
is finished. A finished event shows its final standings (Endstand) with ``finished_at``
and takes no new series, tables or games until the director reopens it with a reason.

Before a tournament is finished, every check in :data:`BEFORE_TOURNAMENT_FINISHED` may
refuse it (open money, unless confirmed). When it is finished, every function in
:data:`ON_TOURNAMENT_FINISHED` is called
with it inside the same transaction (the money settlement is frozen this way, see
``apps.py``); an exception there refuses the finish as a whole. Reopening calls
:data:`ON_TOURNAMENT_REOPENED` the same way.
"""

from collections.abc import Callable

from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Series, Table, Tournament

from . import audit
from .errors import Refusal

# Why a step is refused; the pages and the API show these texts translated.
LISTS_OPEN = Refusal(
    "series",
    "lists_open",
    gettext_noop(
        "Series %(series)d still has open lists: table %(tables)s. The players sign them, or "
        "the tournament director closes them with a reason; then finish the series."
    ),
    conflict=True,
)
SERIES_NOT_FINISHED = Refusal(
    "tournament",
    "series_not_finished",
    gettext_noop(
        "Series %(series)s of this tournament is not finished yet. Finish every series first, "
        "then the tournament."
    ),
    conflict=True,
)
TOURNAMENT_FINISHED = Refusal(
    "series",
    "tournament_finished",
    gettext_noop(
        "The tournament is finished. Reopen the tournament first (with a reason), then series "
        "%(series)d."
    ),
    conflict=True,
)

BEFORE_TOURNAMENT_FINISHED: list[Callable[..., None]] = []
ON_TOURNAMENT_FINISHED: list[Callable[[Tournament], None]] = []
ON_TOURNAMENT_REOPENED: list[Callable[[Tournament], None]] = []


def before_tournament_finished(check: Callable[..., None]) -> Callable:
    """Register ``check(tournament, **details)``, which may refuse a finish before it happens.

    ``details`` are what the caller passed to ``states.apply`` (e.g. a confirmation).
    """
    if check not in BEFORE_TOURNAMENT_FINISHED:
        BEFORE_TOURNAMENT_FINISHED.append(check)
    return check


def on_tournament_finished(hook: Callable[[Tournament], None]) -> Callable:
    """Register ``hook(tournament)`` to run when a tournament is finished (a decorator)."""
    if hook not in ON_TOURNAMENT_FINISHED:
        ON_TOURNAMENT_FINISHED.append(hook)
    return hook


def on_tournament_reopened(hook: Callable[[Tournament], None]) -> Callable:
    """Register ``hook(tournament)`` to run when a finished tournament is reopened."""
    if hook not in ON_TOURNAMENT_REOPENED:
        ON_TOURNAMENT_REOPENED.append(hook)
    return hook


def ensure_unfinished(
    parent: Series | Tournament, refusal: Refusal, field: str | None = None, /, **params
) -> None:
    """Refuse a change under a finished series or tournament; the director reopens it first.

    ``refusal`` is a conflict coded ``series_finished`` or ``tournament_finished``, after the
    finished parent; ``field`` names the field when the refusal leaves it to the caller.
    """
    if parent.status == parent.Status.FINISHED:
        raise refusal.rejected(field, **params)


def open_tables(series: Series) -> list[Table]:
    """The lists of ``series`` that are neither signed nor locked, by table number."""
    return list(series.tables.filter(status=Table.Status.OPEN).order_by("number"))


def unfinished_series(tournament: Tournament) -> list[Series]:
    return list(tournament.series.exclude(status=Series.Status.FINISHED).order_by("number"))


def start(obj: Series | Tournament, transition, *, user, actor, reason) -> Series | Tournament:
    """planned → running, when the first game is entered (not audited: the game is)."""
    obj.status = transition.target
    obj.save(update_fields=["status"])
    return obj


def finish_series(series: Series, transition, *, user, actor, reason) -> Series:
    still_open = open_tables(series)
    if still_open:
        tables = _numbers(still_open)
        raise LISTS_OPEN.rejected(series=series.number, tables=tables)
    return _finish(series, transition, user=user, actor=actor)


def finish_tournament(
    tournament: Tournament, transition, *, user, actor, reason, **details
) -> Tournament:
    pending = unfinished_series(tournament)
    if pending:
        series = _numbers(pending)
        raise SERIES_NOT_FINISHED.rejected(series=series)
    for check in BEFORE_TOURNAMENT_FINISHED:
        check(tournament, **details)
    _finish(tournament, transition, user=user, actor=actor)
    for hook in ON_TOURNAMENT_FINISHED:
        hook(tournament)
    return tournament


def reopen_series(series: Series, transition, *, user, actor, reason) -> Series:
    tournament = Tournament.objects.select_for_update().get(pk=series.tournament_id)
    ensure_unfinished(tournament, TOURNAMENT_FINISHED, series=series.number)
    return _reopen(series, transition, user=user, actor=actor, reason=reason)


def reopen_tournament(tournament: Tournament, transition, *, user, actor, reason) -> Tournament:
    _reopen(tournament, transition, user=user, actor=actor, reason=reason)
    for hook in ON_TOURNAMENT_REOPENED:
        hook(tournament)
    return tournament


def _numbers(rows) -> str:
    """The numbers of tables or series as the message lists them: "1, 3, 4"."""
    return ", ".join(str(row.number) for row in rows)


def _finish(obj, transition, *, user, actor):
    now = timezone.now()
    after = {"status": transition.target, "finished_at": now.isoformat()}
    return _change_status(
        obj, transition, now, {"status": obj.status}, after, user=user, actor=actor
    )


def _reopen(obj, transition, *, user, actor, reason):
    before = {
        "status": obj.status,
        "finished_at": obj.finished_at.isoformat() if obj.finished_at else None,
    }
    return _change_status(
        obj,
        transition,
        None,
        before,
        {"status": transition.target},
        user=user,
        actor=actor,
        reason=reason,
    )


def _change_status(obj, transition, finished_at, before, after, *, user, actor, reason=""):
    """Move a series or tournament to the transition's state and keep it in the audit trail."""
    obj.status = transition.target
    obj.finished_at = finished_at
    obj.save(update_fields=["status", "finished_at"])
    audit.record(
        transition.audit, user=user, actor=actor, obj=obj, before=before, after=after, reason=reason
    )
    return obj
