"""The director's actions on a list: end it early, close it without all signatures, reopen it.

Each needs a reason, which is kept in the audit trail (docs/rules.md, section 4).
"""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Table, changes_allowed
from tournaments.skat.rounds import game_count

from . import audit, seal
from .errors import Rejected
from .list_sealing import (
    ensure_ready,
    list_complete,
    seal_list,
    signature_record,
    void_stale_signatures,
)
from .seating import ensure_open, lock_table, table_rounds

MAX_REASON_LENGTH = 2000


def _ensure_director(user) -> None:
    if not (user is not None and user.is_authenticated and user.is_staff):
        raise PermissionDenied("Only the tournament director may do this.")


def _reason(reason) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise Rejected.because(
            "reason",
            "reason_required",
            gettext_noop("Give a reason; it is kept in the audit trail of the list."),
        )
    if len(reason) > MAX_REASON_LENGTH:
        raise Rejected.because(
            "reason",
            "reason_too_long",
            gettext_noop("Keep the reason under %(max)d characters."),
            max=MAX_REASON_LENGTH,
        )
    return reason.strip()


@transaction.atomic
def end_list_early(table: Table, reason="", user=None) -> Table:
    """The director ends an incomplete list: it is signed with the games entered so far.

    Points are never extrapolated (docs/rules.md, section 4); the missing games simply do not exist.
    """
    _ensure_director(user)
    reason = _reason(reason)
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    entered = table.games.count()
    planned = game_count(table_rounds(table, seats))
    if table.ended_early_at is not None or list_complete(table, entered, planned):
        raise Rejected.because(
            "table",
            "list_already_ended",
            gettext_noop(
                "The list of table %(table)d is already complete or ended; the players can "
                "sign it now."
            ),
            conflict=True,
            table=table.number,
        )
    table.ended_early_at = timezone.now()
    table.ended_reason = reason
    table.save(update_fields=["ended_early_at", "ended_reason"])
    audit.record(
        "list_ended_early",
        user=user,
        table=table,
        after={"games_entered": entered, "games_planned": planned},
        reason=reason,
    )
    return table


@transaction.atomic
def close_list(table: Table, reason="", user=None) -> Table:
    """The director locks a complete list that lacks signatures, with the reason why."""
    _ensure_director(user)
    reason = _reason(reason)
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    ensure_ready(table, seats)
    document = seal.list_document(table)
    void_stale_signatures(table, seal.content_digest(document), user=user, actor="")
    seal_list(table, Table.Status.LOCKED, user=user, actor="", reason=reason)
    return table


@transaction.atomic
def reopen_list(table: Table, reason="", user=None) -> Table:
    """The director reopens a signed or locked list for a correction, with a reason.

    The seal and the signatures go (the audit entry keeps them, without the images); the
    list is then corrected through the usual services and signed or closed again.
    """
    _ensure_director(user)
    reason = _reason(reason)
    table = lock_table(table)
    if table.is_open:
        raise Rejected.because(
            "table",
            "list_not_closed",
            gettext_noop("The list of table %(table)d is open; there is nothing to reopen."),
            conflict=True,
            table=table.number,
        )
    signatures = list(table.signatures.order_by("seat", "signed_at"))
    before = {
        "status": table.status,
        "seal": table.seal,
        "sealed_at": table.sealed_at.isoformat() if table.sealed_at else None,
        "closed_reason": table.closed_reason,
        "signatures": [signature_record(signature) for signature in signatures],
    }
    with changes_allowed(table):
        table.status = Table.Status.OPEN
        table.seal = table.closed_reason = ""
        table.locked_at = table.sealed_at = table.seal_document = None
        table.save(
            update_fields=[
                "status",
                "seal",
                "seal_document",
                "closed_reason",
                "locked_at",
                "sealed_at",
            ]
        )
        table.signatures.all().delete()
    audit.record(
        "list_reopened",
        user=user,
        table=table,
        before=before,
        after={"status": "open"},
        reason=reason,
    )
    return table
