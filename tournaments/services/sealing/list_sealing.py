"""When a list may be signed, and locking it under its seal (docs/rules.md, section 4).

Shared by the players' signing (:mod:`.signing`) and the director's actions
(:mod:`.list_closing`): both check that the list is ready, void signatures given to an
earlier state of the list and, at the end, lock the list and store its seal.
"""

from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Signature, Table
from tournaments.skat.rounds import game_count

from .. import audit
from ..errors import Refusal
from ..seating import table_rounds
from . import seal_document

LIST_NOT_COMPLETE = Refusal(
    "table",
    "list_not_complete",
    gettext_noop(
        "The list of table %(table)d is not complete yet (%(entered)d of %(planned)d "
        "games entered). Players sign once all games are entered, or after the "
        "tournament director ended the list early."
    ),
    conflict=True,
)


def list_complete(table: Table, games_entered: int, games_planned: int) -> bool:
    """All games of the list's rounds are entered, or its summary is saved."""
    if table.entry_mode == Table.EntryMode.SUMMARY:
        return True
    return table.entry_mode == Table.EntryMode.GAMES and games_entered >= games_planned > 0


def ready_to_sign(table: Table, games_entered: int, games_planned: int) -> bool:
    """The players may sign now: the list is open and complete or ended early."""
    return table.is_open and (
        table.ended_early_at is not None or list_complete(table, games_entered, games_planned)
    )


def ensure_ready(table: Table, seats) -> None:
    entered = table.games.count()
    planned = game_count(table_rounds(table, seats))
    if not ready_to_sign(table, entered, planned):
        raise LIST_NOT_COMPLETE.rejected(table=table.number, entered=entered, planned=planned)


def void_stale_signatures(table: Table, digest: str, *, user, actor) -> list[Signature]:
    """Remove signatures given to an earlier state of the list; those players sign again.

    Returns the signatures that confirm the list as it is (``digest``), so that signing
    need not read them again.
    """
    given = list(table.signatures.all())
    stale = [signature for signature in given if signature.list_digest != digest]
    if stale:
        Signature.objects.filter(id__in=[s.id for s in stale]).delete()
        audit.record(
            "signatures_voided",
            user=user,
            actor=actor,
            table=table,
            before=[signature_record(s) for s in stale],
        )
    return [signature for signature in given if signature.list_digest == digest]


def signature_record(signature: Signature) -> dict:
    return {
        "seat": signature.seat,
        "participant": signature.participant_id,
        "method": signature.method,
        "signed_at": signature.signed_at.isoformat() if signature.signed_at else None,
        "image_sha256": seal_document.image_digest(signature.image),
    }


def seal_list(table: Table, status: str, *, user, actor, reason="") -> None:
    """Lock the list in ``status`` and store its seal; the audit entry keeps the document."""
    now = timezone.now()
    table.status = status
    table.closed_reason = reason if status == Table.Status.LOCKED else ""
    table.locked_at = table.sealed_at = now
    document = seal_document.list_document(table)
    table.seal = seal_document.seal_of(document)
    table.seal_document = document
    table.save(
        update_fields=["status", "closed_reason", "locked_at", "sealed_at", "seal", "seal_document"]
    )
    audit.record(
        "list_signed" if status == Table.Status.SIGNED else "list_closed",
        user=user,
        actor=actor,
        table=table,
        after={"seal": table.seal, "sealed_at": now.isoformat(), "document": document},
        reason=reason,
    )
