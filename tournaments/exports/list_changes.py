"""The corrections and undos of a list, as its PDF names them under "Vermerke".

The grid of games shows each game as it stands; a referee reading the paper also needs to
know which games were changed after they were entered, when, by whom and why. The audit
trail holds that for every write to a list (``services.lists.listkeeping.record_list_write``),
so the sheet reads it from there in one query.
"""

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, pgettext

from tournaments.models import AuditEntry, Table
from tournaments.services import audit, roles

from .formatting import date_time

# The audit verbs of a change to a stored game, and how the paper says each.
CHANGE_WORDS = {
    "game_corrected": gettext_noop("Game %(number)d corrected on %(when)s by %(who)s"),
    "game_deleted": gettext_noop("Game %(number)d taken back on %(when)s by %(who)s"),
    "second_game_corrected": gettext_noop(
        "List B: game %(number)d corrected on %(when)s by %(who)s"
    ),
    "second_game_deleted": gettext_noop(
        "List B: game %(number)d taken back on %(when)s by %(who)s"
    ),
}


@dataclass(frozen=True)
class ListChange:
    """One correction or undo of a stored game."""

    action: str
    number: int
    when: object
    who: str
    reason: str


def changes_of(table: Table) -> list[ListChange]:
    """Every correction and undo of ``table``'s lists, oldest first: one query."""
    entries = (
        AuditEntry.objects.filter(table_id=table.id, action__in=CHANGE_WORDS)
        .select_related("user")
        .order_by("created_at", "id")
    )
    return [
        ListChange(
            action=entry.action,
            number=_game_number(entry),
            when=entry.created_at,
            who=_who(entry),
            reason=entry.reason,
        )
        for entry in entries
    ]


def change_remarks(changes: list[ListChange]) -> list[str]:
    """One sentence per change: "Spiel 2 korrigiert am 29.11.2026 14:03 von … : why"."""
    lines = []
    for change in changes:
        line = gettext(CHANGE_WORDS[change.action]) % {
            "number": change.number,
            "when": date_time(change.when),
            "who": change.who,
        }
        reason = audit.reason_text(change.reason)
        lines.append(f"{line}: {reason}" if reason else line)
    return lines


def _game_number(entry: AuditEntry) -> int:
    """The game's number: the entry names the game ("Spiel 12") in the language of the
    request that wrote it, so the number is the digits of that name."""
    digits = "".join(ch for ch in entry.object_repr if ch.isdigit())
    return int(digits) if digits else 0


def _who(entry: AuditEntry) -> str:
    """Who changed the game, as the public may read it (``audit.public_actor``): the table
    device by its table, the director by role, never a user name (the paper is public)."""
    if entry.actor.startswith(audit.DEVICE_ACTOR_PREFIX):
        device = entry.actor.removeprefix(audit.DEVICE_ACTOR_PREFIX)
        return pgettext("changed by", "table device %(device)s") % {"device": device}
    if entry.user is not None and roles.is_director(entry.user):
        return pgettext("changed by", "the director")
    return pgettext("changed by", "a user")
