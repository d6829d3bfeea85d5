"""Correcting a game of an open list from the entry pages (Korrektur am Tisch).

A signature confirms the list as it was when it was given. A correction changes the list,
so the signatures already given no longer confirm it: the list keeper must agree to void
them first, and they are removed together with the correction, so every page shows at once
that those players sign again.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Game, Table

from ..errors import Refusal
from ..sealing import seal_document
from ..sealing.list_sealing import void_stale_signatures
from . import listkeeping

SIGNATURES_WOULD_BE_VOIDED = Refusal(
    "void_signatures",
    "signatures_would_be_voided",
    gettext_noop(
        "This list already has signatures (%(count)d). The correction voids them and "
        "every player must sign again: tick the box to confirm."
    ),
    conflict=True,
)


def signatures_to_void(table: Table) -> int:
    """How many signatures a correction of ``table``'s list would void."""
    return table.signatures.count()


@transaction.atomic
def correct_game_at_table(
    table: Table, number: int, data: dict, *, void_signatures: bool, user=None, actor="", reason=""
) -> Game:
    """Correct game ``number``; refused while signatures exist that nobody agreed to void."""
    count = signatures_to_void(table)
    if count and not void_signatures:
        raise SIGNATURES_WOULD_BE_VOIDED.rejected(count=count)
    game = listkeeping.correct_game(table, number, data, user=user, actor=actor, reason=reason)
    if count:
        digest = seal_document.content_digest(seal_document.list_document(table))
        void_stale_signatures(table, digest, user=user, actor=actor)
    return game
