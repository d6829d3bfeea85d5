"""The players sign a table's list (Unterschrift); the last signature seals it.

See docs/rules.md, section 4.

The states of a list and who may change them are those of
:data:`tournaments.services.states.TRANSITIONS` (open, ended, signed, locked); signing is
its *sign* step, which the API, the table pages and the demo take through
``states.apply``. A list is signed once it is complete
(every game of its rounds entered, or its summary saved) or the director ended it early;
the last signature makes it *signed*, locked and sealed.

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

import hmac
import math
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Participant, Seat, Signature, Table, seen_open
from tournaments.skat import Problem
from tournaments.skat.rounds import game_count

from .. import audit
from ..errors import Refusal, Rejected, is_id
from ..lists import comparing
from ..seating import ensure_open, lock_table, table_rounds
from . import seal_document
from .list_sealing import (
    ensure_ready,
    ready_to_sign,
    seal_list,
    signature_record,
    void_stale_signatures,
)
from .signature_image import check_drawing, ensure_not_copied, read_signature_image
from .signature_strokes import check_strokes, read_strokes

PIN_REQUIRED = Refusal(
    "image",
    "pin_required",
    gettext_noop(
        "In this tournament every player confirms the list with the PIN from "
        "the start card; a drawn signature is not accepted. Enter the PIN of "
        "seat %(seat)d."
    ),
)
ALREADY_SIGNED = Refusal(
    "seat",
    "already_signed",
    gettext_noop("The player on seat %(seat)d has already signed this list."),
    conflict=True,
)
INVALID_PARTICIPANT = Refusal(
    "participant",
    "invalid_participant",
    gettext_noop("The participant must be given by its id (a number)."),
)
INVALID_PIN = Refusal(
    "pin",
    "invalid_pin",
    gettext_noop('Enter the PIN as printed on the start card: its digits as text, e.g. "0815".'),
)
NO_PLAYER_ON_SEAT = Refusal(
    "seat", "no_player_on_seat", gettext_noop("Nobody sat on seat %(seat)d at this table.")
)
NOT_ON_SEAT = Refusal(
    "participant",
    "not_on_seat",
    gettext_noop("Participant %(participant)s did not sit on seat %(seat)d."),
)
PARTICIPANT_REQUIRED = Refusal(
    "participant",
    "participant_required",
    gettext_noop(
        "Several players sat on seat %(seat)d (%(names)s); say which one signs with 'participant'."
    ),
)
PIN_MISMATCH = Refusal(
    "pin",
    "pin_mismatch",
    gettext_noop(
        "PIN does not match the start card of seat %(seat)d. Check the four digits on "
        "the start card and try again."
    ),
)


PIN_ATTEMPTS = 5
PIN_WINDOW = timedelta(minutes=10)
PIN_REFUSED = "signature_pin_refused"


class TooManyAttempts(Rejected):
    """Too many wrong PINs for one player; ``retry_after`` seconds until the next try (429)."""

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


# --- signing ---------------------------------------------------------------------------


def sign_list(
    table: Table,
    seat,
    *,
    participant=None,
    pin=None,
    image=None,
    strokes=None,
    user=None,
    actor="",
):
    """The player on ``seat`` confirms the list with the start-card ``pin`` or a drawn ``image``.

    ``participant`` is needed only when several players held the seat (a replacement).
    ``strokes`` (the pad's JSON) are checked for a plausible signature when sent; the table
    device's pad always sends them. A tournament that signs with the PIN refuses drawings.
    Returns the new :class:`Signature`; the last missing one signs and seals the list.
    """
    method, png = _signature_input(seat, participant, pin, image)
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    ensure_open(table)
    seats = list(table.seats.select_related("participant__player"))
    ensure_ready(table, seats)
    comparing.ensure_lists_agree(table)
    holder = _holder(seats, seat, participant)
    if method == Signature.Method.PIN:
        _check_pin(table, holder, pin, user=user, actor=actor)
    else:
        if table.series.tournament.sign_with_pin:
            raise PIN_REQUIRED.rejected(seat=holder.number)
        if strokes is not None:
            check_strokes(read_strokes(strokes), holder.number)
        check_drawing(png, holder.number)
    return _add_signature(table, holder, method, png, user=user, actor=actor)


@transaction.atomic
def _add_signature(table, holder: Seat, method, png: bytes, *, user, actor) -> Signature:
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    ensure_ready(table, seats)
    comparing.ensure_lists_agree(table)
    digest = seal_document.content_digest(seal_document.list_document(table))
    given = void_stale_signatures(table, digest, user=user, actor=actor)
    if any(other.participant_id == holder.participant_id for other in given):
        raise ALREADY_SIGNED.rejected(seat=holder.number)
    if method == Signature.Method.IMAGE:
        ensure_not_copied(png, holder.number, [s for s in given if s.method == method])
    with seen_open(table):  # locked and checked open above
        signature = Signature.objects.create(
            table=table,
            seat=holder.number,
            participant=holder.participant,  # read with its player: the audit entry names them
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
        after=signature_record(signature),
    )
    signed = {other.participant_id for other in given} | {holder.participant_id}
    if {s.participant_id for s in seats} <= signed:
        seal_list(table, Table.Status.SIGNED, user=user, actor=actor)
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
        raise INVALID_PARTICIPANT.rejected()
    if pin is not None:
        if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() or len(pin) > 8:
            raise INVALID_PIN.rejected()
        return Signature.Method.PIN, b""
    return Signature.Method.IMAGE, read_signature_image(image)


def _holder(seats, seat_number: int, participant) -> Seat:
    """The seat row of the player who signs: the only one on that seat, or the named one."""
    holders = [seat for seat in seats if seat.number == seat_number]
    if not holders:
        raise NO_PLAYER_ON_SEAT.rejected(seat=seat_number)
    if participant is not None:
        for seat in holders:
            if seat.participant_id == participant:
                return seat
        raise NOT_ON_SEAT.rejected(participant=participant, seat=seat_number)
    if len(holders) > 1:
        raise PARTICIPANT_REQUIRED.rejected(
            seat=seat_number,
            names=", ".join(
                f"{s.participant_id}: {s.participant.player.full_name}" for s in holders
            ),
        )
    return holders[0]


def _check_pin(table: Table, holder: Seat, pin: str, *, user, actor) -> None:
    check_start_card_pin(
        holder.participant, pin, user=user, actor=actor, table=table, obj=holder, seat=holder.number
    )


def check_start_card_pin(
    participant: Participant, pin: str, *, user, actor, table=None, obj=None, seat: int = 0
) -> None:
    """Compare in constant time; wrong tries are counted per player in the audit trail.

    The PIN belongs to the player's start card, so the limit is the player's, whichever
    seat, table or match report they try it for (``seat`` only names the seat in the
    refusal). Counting in the database keeps the limit across the worker processes of a
    server and across restarts; locking the participant's row makes concurrent tries for
    one player count one after the other.
    """
    with transaction.atomic():
        Participant.objects.select_for_update().filter(pk=participant.pk).first()
        since = timezone.now() - PIN_WINDOW
        refused = AuditEntry.objects.filter(
            action=PIN_REFUSED, after__participant=participant.pk, created_at__gte=since
        ).order_by("created_at")
        times = list(refused.values_list("created_at", flat=True)[:PIN_ATTEMPTS])
        if len(times) >= PIN_ATTEMPTS:
            wait = times[0] + PIN_WINDOW - timezone.now()
            blocked = TooManyAttempts(seat, math.ceil(wait.total_seconds()))
        elif hmac.compare_digest(pin.encode(), participant.pin.encode()):
            return
        else:
            blocked = None
            audit.record(
                PIN_REFUSED,
                user=user,
                actor=actor,
                table=table,
                obj=obj if obj is not None else participant,
                after={"seat": seat or None, "participant": participant.pk},
            )
    if blocked is not None:
        raise blocked
    raise PIN_MISMATCH.rejected(seat=seat)


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
    digest = seal_document.content_digest(seal_document.list_document(table))
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
