"""Undoing a replacement (docs/rules.md 3): the director seated the wrong player, or the
replaced player is back after all. The seat is the replaced player's again as if nobody
had taken it over: every game entered since counts for him, in the list, the rankings and
an app's results built on them (a league team's game points). The replacement and its
undoing both stay in the audit trail, the undoing with its reason.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Game, GamePoints, Seat, Table

from . import audit
from .errors import Refusal, is_id
from .locking import lock_table
from .sealing import seal_document
from .sealing.list_sealing import void_stale_signatures
from .seating import ensure_open
from .states import clean_reason

NOT_A_REPLACEMENT = Refusal(
    "seat",
    "not_a_replacement",
    gettext_noop("This seat was not taken over by a replacement, so there is nothing to undo."),
    conflict=True,
)
LATER_SEAT_CHANGE = Refusal(
    "seat",
    "later_seat_change",
    gettext_noop(
        "Seat %(seat)d changed again from game %(game)d; undo that change first, the latest "
        "change of a seat is undone first."
    ),
    conflict=True,
)


@transaction.atomic
def undo_replacement(table: Table, seat_id, reason, *, user=None, actor="") -> Seat:
    """Take back the replacement that sits on the seat row ``seat_id`` of ``table``; returns
    the replaced player's seat, which covers the games again. Needs a reason."""
    reason = clean_reason(reason)
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.select_related("participant__player"))
    replacement = next((s for s in seats if is_id(seat_id) and s.pk == int(seat_id)), None)
    replaced = replacement and next(
        (
            s
            for s in seats
            if s.number == replacement.number and s.until_game == replacement.from_game - 1
        ),
        None,
    )
    if replaced is None:
        raise NOT_A_REPLACEMENT.rejected()
    number, start = replacement.number, replacement.from_game
    later = next((s for s in seats if s.number == number and s.from_game > start), None)
    if later is not None:
        raise LATER_SEAT_CHANGE.rejected(seat=later.number, game=later.from_game)
    games = Game.objects.filter(table=table, number__gte=replacement.from_game)
    if replacement.until_game is not None:
        games = games.filter(number__lte=replacement.until_game)
    # The games since the change were played on the seat: they are the replaced player's.
    GamePoints.objects.filter(game__in=games, seat=replacement.number).update(
        participant=replaced.participant_id
    )
    games.filter(declarer=replacement.participant_id).update(declarer=replaced.participant_id)
    before = audit.snapshot(replacement)
    replacement.delete()
    replaced.until_game = replacement.until_game
    replaced.save(update_fields=["until_game"])
    if table.signatures.exists():  # they confirmed the list with the replacement on it
        digest = seal_document.content_digest(seal_document.list_document(table))
        void_stale_signatures(table, digest, user=user, actor=actor)
    audit.record(
        "seat_replacement_undone",
        user=user,
        actor=actor,
        table=table,
        obj=replaced,
        before=before,
        after=audit.snapshot(replaced),
        reason=reason,
    )
    return replaced
