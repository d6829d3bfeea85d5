"""Erasing a person (Art. 17 DSGVO, docs/privacy.md): the player becomes "Gelöschte Person N".

The results stay, since they are the other players' results too; what names the person
goes: the first and last name become the pseudonym, the member number is emptied, and the
consent is "full" (the pseudonym tells nothing). Every copy of the name the database keeps
is replaced as well: in the sealed lists' documents (kept with the table and in the sealing
audit entries) and in the audit trail. A sealed list keeps verifying: the seal's document
names its players only as labels, and the erasure attests the redacted document under the
seal key (:func:`~.sealing.seal_document.redacted`).

The player is written with ``update()``, not ``save()``: the change log would otherwise
keep the old name in a "before" (services/change_log.py). An erased player is never
found again by a name search or matched by an import (``Player.erased_at``).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import (
    AuditEntry,
    Participant,
    Player,
    Publication,
    Table,
    changes_allowed,
)

from . import audit
from .errors import Refusal
from .sealing.seal_document import REDACTION, redacted
from .versions import touch_tournament

PSEUDONYM_FIRST_NAME = "Gelöschte Person"
REASON_MISSING = Refusal(
    "reason",
    "reason_missing",
    gettext_noop("Give the reason for the erasure (e.g. the person's request)."),
)
ALREADY_ERASED = Refusal(
    "player", "already_erased", gettext_noop("This person has already been erased."), True
)
PERSONAL_KEYS = ("first_name", "last_name", "member_number")


@dataclass(frozen=True)
class Erased:
    """What an app learns when a person is erased: the player row (already carrying the
    pseudonym), the old name, and the tournaments the person played in."""

    player: Player
    old_name: str
    pseudonym: str
    tournaments: list[int]


# What the apps built on the core do once a person is erased: the league removes its own
# copies of the name (invitations), publishing sends the pseudonym to the results portal.
# Called inside the erasure's transaction, so a hook that talks to the outside world
# defers that with ``on_commit``.
ON_PLAYER_ERASED: list[Callable[[Erased], None]] = []


def on_player_erased(hook: Callable[[Erased], None]) -> Callable:
    """Register ``hook(erased)`` to run when a person is erased (a decorator)."""
    if hook not in ON_PLAYER_ERASED:
        ON_PLAYER_ERASED.append(hook)
    return hook


@transaction.atomic
def erase_player(player: Player, reason, *, user=None) -> Player:
    """Erase ``player`` (see the module's docstring); the reason is required."""
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise REASON_MISSING.rejected()
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.erased_at is not None:
        raise ALREADY_ERASED.rejected()
    number = Player.objects.filter(erased_at__isnull=False).count() + 1
    old_name = player.full_name
    pseudonym = f"{PSEUDONYM_FIRST_NAME} {number}"
    participants = list(Participant.objects.filter(player=player).values_list("pk", "tournament"))
    ids = [pk for pk, _ in participants]
    player.first_name, player.last_name = PSEUDONYM_FIRST_NAME, str(number)
    Player.objects.filter(pk=player.pk).update(
        first_name=player.first_name,
        last_name=player.last_name,
        sort_name=player.german_sort_name(),
        search_name=player.name_to_search(),
        member_number="",
        gender="",  # only the next registration's start, no record of an evening
        category="",
        publication=Publication.FULL,
        erased_at=timezone.now(),
    )
    _redact_sealed_documents(ids, pseudonym)
    _redact_audit_trail(player.pk, old_name, ids, pseudonym)
    tournaments = sorted({tournament for _, tournament in participants})
    for tournament in tournaments:
        touch_tournament(tournament)  # the rankings read the new name
    erased = Erased(player, old_name, pseudonym, tournaments)
    for hook in ON_PLAYER_ERASED:
        hook(erased)
    audit.record(
        "player_erased",
        user=user,
        obj=pseudonym,
        after={"player": player.pk, "name": pseudonym},
        reason=reason,
    )
    player.refresh_from_db()
    return player


def _redact_sealed_documents(participant_ids: list[int], pseudonym: str) -> None:
    """Every sealed document naming one of the participants: the name replaced, attested."""
    names = dict.fromkeys(participant_ids, pseudonym)
    for table in Table.objects.filter(seats__participant__in=participant_ids).distinct():
        if table.seal and isinstance(table.seal_document, dict):
            document = redacted(table.seal_document, table.seal, names)
            if document is not None:
                # Only the labels change, which the seal's attestation allows.
                with changes_allowed(table):
                    Table.objects.filter(pk=table.pk).update(seal_document=document)
    for entry in AuditEntry.objects.filter(
        table__seats__participant__in=participant_ids
    ).distinct():
        after = entry.after if isinstance(entry.after, dict) else None
        if after and isinstance(after.get("document"), dict) and after.get("seal"):
            document = redacted(after["document"], after["seal"], names)
            if document is not None:
                AuditEntry.objects.filter(pk=entry.pk).update(after={**after, "document": document})


def _redact_audit_trail(player_id: int, old_name: str, participant_ids, pseudonym: str) -> None:
    """The old name, member number and names in the audit trail replaced by the pseudonym.
    The sealing entries' documents were attested above and are left as they are now."""
    first, _, last = pseudonym.rpartition(" ")
    own = {"first_name": first, "last_name": last, "member_number": ""}
    # The whole name only: erasing "Anna Schmidt" leaves "Anna Schmidtke" as she is.
    name = re.compile(rf"(?<!\w){re.escape(old_name)}(?!\w)")
    for entry in AuditEntry.objects.filter(object_repr__contains=old_name):
        if not name.search(entry.object_repr):
            continue
        changed = {
            "object_repr": name.sub(pseudonym, entry.object_repr),
            "before": _replaced(entry.before, name, pseudonym, own),
            "after": _kept_document(entry.after, _replaced(entry.after, name, pseudonym, own)),
        }
        AuditEntry.objects.filter(pk=entry.pk).update(**changed)


def _kept_document(original, replaced):
    """A sealing entry's attested document stays exactly as attested."""
    document = original.get("document") if isinstance(original, dict) else None
    if isinstance(document, dict) and REDACTION in document and isinstance(replaced, dict):
        return {**replaced, "document": document}
    return replaced


def _replaced(value, name: re.Pattern, pseudonym: str, own: dict):
    if isinstance(value, str):
        return name.sub(pseudonym, value)
    if isinstance(value, list):
        return [_replaced(item, name, pseudonym, own) for item in value]
    if isinstance(value, dict):
        copy = {key: _replaced(item, name, pseudonym, own) for key, item in value.items()}
        for key in PERSONAL_KEYS:
            if key in copy and isinstance(copy[key], str):
                copy[key] = own[key]
        return copy
    return value
