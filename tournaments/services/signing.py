"""Signing, closing and reopening a table's list (RULES.md 4).

Statuses of a list (``Table.status``):

- *open*: the list is being kept. Once it is complete (every game of its rounds entered,
  or its summary saved) or the director ended it early, the players sign it.
- *signed*: everybody who sat at the table signed. The list is locked and sealed.
- *locked*: the director closed the list with a recorded reason although signatures are
  missing (a list lacking a signature stays valid). Also locked and sealed.

Who signs: every participant with a seat at the table, also one who left during the
series (for their part of the list) and one who joined or replaced a player. A player
signs once, with a drawn signature (PNG) or the PIN printed on their start card.

A signature confirms the list as it was at that moment (``Signature.list_digest``). If
the list is corrected before everybody signed, earlier signatures no longer confirm it:
they are removed, with an audit entry, the next time somebody signs or the list is
closed, and those players sign again.

A signed or locked list changes only after the director reopens it with a reason: the
seal and the signatures are removed (kept in the audit entry, without the images), the
usual services correct the list, and it is signed or closed again, with a new seal.
"""

import base64
import binascii
import hmac
import math
import struct
import zlib
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Seat, Signature, Table, changes_allowed
from tournaments.skat import Problem
from tournaments.skat.rounds import game_count

from . import audit, seal
from .errors import Rejected, is_id
from .seating import ensure_open, lock_table, table_rounds

MAX_REASON_LENGTH = 2000
PIN_ATTEMPTS = 5
PIN_WINDOW = timedelta(minutes=10)
PIN_REFUSED = "signature_pin_refused"

PNG_DATA_URL = "data:image/png;base64,"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_IMAGE_BYTES = 200 * 1024
MAX_IMAGE_SIDE = 4096


class TooManyAttempts(Rejected):
    """Too many wrong PINs for one seat; ``retry_after`` seconds until the next try (429)."""

    def __init__(self, seat: int, retry_after: int):
        self.retry_after = max(1, int(retry_after))
        problem = Problem(
            "pin",
            "too_many_pin_attempts",
            gettext_noop(
                "Too many wrong PINs for seat %(seat)d. Try again in %(minutes)d minutes, sign "
                "with a drawn signature, or ask the tournament director."
            ),
            {"seat": seat, "minutes": max(1, math.ceil(self.retry_after / 60))},
        )
        super().__init__([problem])


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


# --- signing ---------------------------------------------------------------------------


def sign_list(table: Table, seat, *, participant=None, pin=None, image=None, user=None, actor=""):
    """The player on ``seat`` confirms the list with the start-card ``pin`` or a drawn ``image``.

    ``participant`` is needed only when several players held the seat (a replacement).
    Returns the new :class:`Signature`; the last missing one signs and seals the list.
    """
    method, png = _signature_input(seat, participant, pin, image)
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    ensure_open(table)
    seats = list(table.seats.select_related("participant__player"))
    _ensure_ready(table, seats)
    holder = _holder(seats, seat, participant)
    if method == Signature.Method.PIN:
        _check_pin(table, holder, pin, user=user, actor=actor)
    return _add_signature(table, holder, method, png, user=user, actor=actor)


@transaction.atomic
def _add_signature(table, holder: Seat, method, png: bytes, *, user, actor) -> Signature:
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    _ensure_ready(table, seats)
    digest = seal.content_digest(seal.list_document(table))
    _void_stale_signatures(table, digest, user=user, actor=actor)
    if table.signatures.filter(participant_id=holder.participant_id).exists():
        raise Rejected.because(
            "seat",
            "already_signed",
            gettext_noop("The player on seat %(seat)d has already signed this list."),
            conflict=True,
            seat=holder.number,
        )
    signature = Signature.objects.create(
        table=table,
        seat=holder.number,
        participant_id=holder.participant_id,
        method=method,
        image=png,
        list_digest=digest,
    )
    audit.record(
        "signature_added",
        user=user,
        actor=actor,
        table=table,
        obj=signature,
        after=_signature_record(signature),
    )
    signed = set(table.signatures.values_list("participant_id", flat=True))
    if {s.participant_id for s in seats} <= signed:
        _seal(table, Table.Status.SIGNED, user=user, actor=actor)
    return signature


def _signature_input(seat, participant, pin, image) -> tuple[str, bytes]:
    problems = []
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= 4:
        problems.append(
            Problem("seat", "invalid_seat", gettext_noop("The seat must be a number from 1 to 4."))
        )
    if (pin is None) == (image is None):
        problems.append(
            Problem(
                "pin",
                "pin_or_image",
                gettext_noop(
                    "Sign with either the PIN from the start card or a drawn signature "
                    "(image), not both and not neither."
                ),
            )
        )
    if problems:
        raise Rejected(problems)
    if participant is not None and not is_id(participant):
        raise Rejected.because(
            "participant",
            "invalid_participant",
            gettext_noop("The participant must be given by its id (a number)."),
        )
    if pin is not None:
        if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() or len(pin) > 8:
            raise Rejected.because(
                "pin",
                "invalid_pin",
                gettext_noop(
                    'Enter the PIN as printed on the start card: its digits as text, e.g. "0815".'
                ),
            )
        return Signature.Method.PIN, b""
    return Signature.Method.IMAGE, read_signature_image(image)


def _ensure_ready(table: Table, seats) -> None:
    entered = table.games.count()
    planned = game_count(table_rounds(table, seats))
    if not ready_to_sign(table, entered, planned):
        raise Rejected.because(
            "table",
            "list_not_complete",
            gettext_noop(
                "The list of table %(table)d is not complete yet (%(entered)d of %(planned)d "
                "games entered). Players sign once all games are entered, or after the "
                "tournament director ended the list early."
            ),
            conflict=True,
            table=table.number,
            entered=entered,
            planned=planned,
        )


def _holder(seats, seat_number: int, participant) -> Seat:
    """The seat row of the player who signs: the only one on that seat, or the named one."""
    holders = [seat for seat in seats if seat.number == seat_number]
    if not holders:
        raise Rejected.because(
            "seat",
            "no_player_on_seat",
            gettext_noop("Nobody sat on seat %(seat)d at this table."),
            seat=seat_number,
        )
    if participant is not None:
        for seat in holders:
            if seat.participant_id == participant:
                return seat
        raise Rejected.because(
            "participant",
            "not_on_seat",
            gettext_noop("Participant %(participant)s did not sit on seat %(seat)d."),
            participant=participant,
            seat=seat_number,
        )
    if len(holders) > 1:
        raise Rejected.because(
            "participant",
            "participant_required",
            gettext_noop(
                "Several players sat on seat %(seat)d (%(names)s); say which one signs with "
                "'participant'."
            ),
            seat=seat_number,
            names=", ".join(
                f"{s.participant_id}: {s.participant.player.full_name}" for s in holders
            ),
        )
    return holders[0]


def _check_pin(table: Table, holder: Seat, pin: str, *, user, actor) -> None:
    """Compare in constant time; wrong tries are counted in the audit trail, per seat.

    Counting in the database rather than a process-local cache keeps the limit across
    the worker processes of a server and across restarts.
    """
    since = timezone.now() - PIN_WINDOW
    refused = AuditEntry.objects.filter(
        table=table, action=PIN_REFUSED, after__seat=holder.number, created_at__gte=since
    ).order_by("created_at")
    times = list(refused.values_list("created_at", flat=True)[:PIN_ATTEMPTS])
    if len(times) >= PIN_ATTEMPTS:
        wait = times[0] + PIN_WINDOW - timezone.now()
        raise TooManyAttempts(holder.number, math.ceil(wait.total_seconds()))
    if hmac.compare_digest(pin.encode(), holder.participant.pin.encode()):
        return
    audit.record(
        PIN_REFUSED,
        user=user,
        actor=actor,
        table=table,
        obj=holder,
        after={"seat": holder.number, "participant": holder.participant_id},
    )
    raise Rejected.because(
        "pin",
        "pin_mismatch",
        gettext_noop(
            "PIN does not match the start card of seat %(seat)d. Check the four digits on "
            "the start card and try again."
        ),
        seat=holder.number,
    )


def read_signature_image(value) -> bytes:
    """The PNG bytes of a ``data:image/png;base64,...`` URL, checked chunk by chunk."""
    if not isinstance(value, str) or value[: len(PNG_DATA_URL)].lower() != PNG_DATA_URL:
        raise Rejected.because(
            "image",
            "image_not_png_data_url",
            gettext_noop(
                'Send the drawn signature as a PNG data URL starting with "data:image/png;base64,".'
            ),
        )
    payload = "".join(value[len(PNG_DATA_URL) :].split())
    if len(payload) > math.ceil(MAX_IMAGE_BYTES / 3) * 4:
        raise _image_too_large()
    try:
        png = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        raise Rejected.because(
            "image",
            "image_not_base64",
            gettext_noop("The signature image is not valid base64 data; sign again on the device."),
        ) from error
    if len(png) > MAX_IMAGE_BYTES:
        raise _image_too_large()
    if not _is_png(png):
        raise Rejected.because(
            "image",
            "image_not_png",
            gettext_noop("The signature is not a complete PNG image; sign again on the device."),
        )
    return png


def _image_too_large() -> Rejected:
    return Rejected.because(
        "image",
        "image_too_large",
        gettext_noop(
            "The signature image is larger than %(kb)d KB; sign again on a smaller signing field."
        ),
        kb=MAX_IMAGE_BYTES // 1024,
    )


def _is_png(data: bytes) -> bool:
    """PNG signature, IHDR first with a sensible size, intact chunks, image data, IEND last."""
    if not data.startswith(PNG_MAGIC):
        return False
    position, first, has_image_data = len(PNG_MAGIC), True, False
    while position + 12 <= len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        end = position + 12 + length
        if end > len(data):
            return False
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[end - 4 : end])
        if zlib.crc32(kind + body) != crc:
            return False
        if first:
            if kind != b"IHDR" or length != 13:
                return False
            width, height = struct.unpack(">II", body[:8])
            if not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE):
                return False
            first = False
        has_image_data = has_image_data or kind == b"IDAT"
        if kind == b"IEND":
            return has_image_data and end == len(data)
        position = end
    return False


def _void_stale_signatures(table: Table, digest: str, *, user, actor) -> None:
    """Remove signatures given to an earlier state of the list; those players sign again."""
    stale = list(table.signatures.exclude(list_digest=digest))
    if not stale:
        return
    Signature.objects.filter(id__in=[s.id for s in stale]).delete()
    audit.record(
        "signatures_voided",
        user=user,
        actor=actor,
        table=table,
        before=[_signature_record(s) for s in stale],
    )


def _signature_record(signature: Signature) -> dict:
    return {
        "seat": signature.seat,
        "participant": signature.participant_id,
        "method": signature.method,
        "signed_at": signature.signed_at.isoformat() if signature.signed_at else None,
        "image_sha256": seal.image_digest(signature.image),
    }


def _seal(table: Table, status: str, *, user, actor, reason="") -> None:
    """Lock the list in ``status`` and store its seal; the audit entry keeps the document."""
    now = timezone.now()
    table.status = status
    table.closed_reason = reason if status == Table.Status.LOCKED else ""
    table.locked_at = table.sealed_at = now
    document = seal.list_document(table)
    table.seal = seal.seal_of(document)
    table.save(update_fields=["status", "closed_reason", "locked_at", "sealed_at", "seal"])
    audit.record(
        "list_signed" if status == Table.Status.SIGNED else "list_closed",
        user=user,
        actor=actor,
        table=table,
        after={"seal": table.seal, "sealed_at": now.isoformat(), "document": document},
        reason=reason,
    )


# --- the director's actions ------------------------------------------------------------


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

    Points are never extrapolated (RULES.md 4); the missing games simply do not exist.
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
    _ensure_ready(table, seats)
    document = seal.list_document(table)
    _void_stale_signatures(table, seal.content_digest(document), user=user, actor="")
    _seal(table, Table.Status.LOCKED, user=user, actor="", reason=reason)
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
        "signatures": [_signature_record(signature) for signature in signatures],
    }
    with changes_allowed(table):
        table.status = Table.Status.OPEN
        table.seal = table.closed_reason = ""
        table.locked_at = table.sealed_at = None
        table.save(update_fields=["status", "seal", "closed_reason", "locked_at", "sealed_at"])
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


# --- reading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SignerStatus:
    """One player who has to sign the list, and whether and how they did."""

    seat: int
    participant: int
    name: str
    from_game: int
    until_game: int | None
    signed: bool
    method: str | None
    signed_at: str | None
    current: bool | None


def signers(table: Table, seats=None, signatures=None, digest: str | None = None):
    """Everybody who sat at the table, in seat order, with their signature if any.

    With ``digest`` (the list's fingerprint now) each signature says whether it still
    confirms the list as it is (``current``); without, ``current`` is None.
    """
    if seats is None:
        seats = table.seats.select_related("participant__player").order_by("number", "from_game")
    if signatures is None:
        signatures = table.signatures.all()
    by_participant = {signature.participant_id: signature for signature in signatures}
    result, seen = [], set()
    for seat in seats:
        if seat.participant_id in seen:
            continue
        seen.add(seat.participant_id)
        signature = by_participant.get(seat.participant_id)
        result.append(
            SignerStatus(
                seat=seat.number,
                participant=seat.participant_id,
                name=seat.participant.player.full_name,
                from_game=seat.from_game,
                until_game=seat.until_game,
                signed=signature is not None,
                method=signature.method if signature else None,
                signed_at=signature.signed_at.isoformat() if signature else None,
                current=None
                if signature is None or digest is None
                else signature.list_digest == digest,
            )
        )
    return result


def signing_status(table: Table) -> dict:
    """What a signing device shows: who signed, who has still to sign, and whether it may."""
    seats = list(table.seats.select_related("participant__player").order_by("number", "from_game"))
    digest = seal.content_digest(seal.list_document(table))
    entered = table.games.count()
    planned = game_count(table_rounds(table, seats))
    rows = signers(table, seats, digest=digest)
    return {
        "table": table.id,
        "status": table.status,
        "ready_to_sign": ready_to_sign(table, entered, planned),
        "all_signed": all(row.signed and row.current for row in rows),
        "signatures": rows,
    }
