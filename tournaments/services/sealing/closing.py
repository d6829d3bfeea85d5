"""The director's steps in the life of a list: end early, close, reopen (docs/rules.md).

Each function performs one transition of :data:`tournaments.services.states.TRANSITIONS`
on a table row that :func:`~tournaments.services.states.apply` has already locked and
checked (role, state, reason), and writes the transition's audit verb.

- *end*: the list is signed with the games entered so far; points are never extrapolated.
- *close*: a complete (or ended) list that lacks signatures is locked and sealed.
- *reopen*: a signed or locked list is opened for a correction, or an early end is taken
  back; reopening a signed list that had been ended early does both at once. The seal and
  the signatures go (the audit entry keeps them, without the images); the list is then
  corrected through the usual services, ended again if it was, and signed or closed again.
  A signed or locked list loses its table codes too: the old card opens it no more until
  the director issues a new code (``table_access.issue_code``; the reopen form offers it).
"""

from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Series, Table, changes_allowed
from tournaments.skat.rounds import game_count

from .. import audit
from ..errors import Refusal
from ..finishing import ensure_unfinished
from ..lists import comparing
from ..seating import table_rounds
from . import seal_document
from .list_sealing import (
    ensure_ready,
    list_complete,
    seal_list,
    signature_record,
    void_stale_signatures,
)

LIST_ALREADY_ENDED = Refusal(
    "table",
    "list_already_ended",
    gettext_noop(
        "The list of table %(table)d is already complete or ended; the players can sign it now."
    ),
    conflict=True,
)


SERIES_FINISHED = Refusal(
    "table",
    "series_finished",
    gettext_noop(
        "Series %(series)d is finished. Reopen the series first (with a reason), then the list "
        "of table %(table)d."
    ),
    conflict=True,
)


def end(table: Table, transition, *, user, actor, reason) -> Table:
    seats = list(table.seats.all())
    entered = table.games.count()
    planned = game_count(table_rounds(table, seats))
    if list_complete(table, entered, planned):
        raise LIST_ALREADY_ENDED.rejected(table=table.number)
    table.ended_early_at = timezone.now()
    table.ended_reason = reason
    table.save(update_fields=["ended_early_at", "ended_reason"])
    audit.record(
        transition.audit,
        user=user,
        actor=actor,
        table=table,
        after={"games_entered": entered, "games_planned": planned},
        reason=reason,
    )
    return table


def close(table: Table, transition, *, user, actor, reason) -> Table:
    ensure_ready(table, list(table.seats.all()))
    comparing.ensure_lists_agree(table, complete=False)
    document = seal_document.list_document(table)
    void_stale_signatures(table, seal_document.content_digest(document), user=user, actor=actor)
    seal_list(table, Table.Status.LOCKED, user=user, actor=actor, reason=reason)
    return table


def reopen(table: Table, transition, *, user, actor, reason) -> Table:
    series = Series.objects.select_for_update().get(pk=table.series_id)
    ensure_unfinished(series, SERIES_FINISHED, series=series.number, table=table.number)
    signatures = list(table.signatures.order_by("seat", "signed_at"))
    before = {
        "status": table.status,
        "seal": table.seal,
        "sealed_at": table.sealed_at.isoformat() if table.sealed_at else None,
        "closed_reason": table.closed_reason,
        "ended_early_at": table.ended_early_at.isoformat() if table.ended_early_at else None,
        "ended_reason": table.ended_reason,
        "signatures": [signature_record(signature) for signature in signatures],
    }
    withdrawn = not table.is_open
    with changes_allowed(table):
        if withdrawn:
            table.status = Table.Status.OPEN
            table.seal = table.closed_reason = ""
            table.locked_at = table.sealed_at = table.seal_document = None
            # The code on the table card stopped opening the list when it was signed; it
            # must not open it again now, on any device left lying at the table: the
            # director issues a new code for whoever corrects it (the reopen form offers it).
            table.access_code = table.second_code = None
        # A list reopened for a correction is corrected game by game: the early end goes
        # too (one step, one reason), and the director ends it again once it is right. On
        # an open list this is all the step does: play goes on where it stopped.
        table.ended_early_at = None
        table.ended_reason = ""
        table.save(
            update_fields=[
                "status",
                "seal",
                "seal_document",
                "closed_reason",
                "locked_at",
                "sealed_at",
                "ended_early_at",
                "ended_reason",
                "access_code",
                "second_code",
            ]
        )
        table.signatures.all().delete()
    after = {"status": "open", "codes": "withdrawn"} if withdrawn else {"status": "open"}
    audit.record(
        transition.audit,
        user=user,
        actor=actor,
        table=table,
        before=before,
        after=after,
        reason=reason,
    )
    return table
