"""Checking the seal (Siegel) of a signed or closed list (docs/rules.md, section 4).

The seal is the HMAC-SHA256 of the list's document (:mod:`.seal_document`) under
``SEAL_SECRET``; the document is stored with the table when the list is sealed, and the
sealing audit entry keeps a copy, which still names a list whose seal was superseded.

Verification checks two things: that the stored document still gives the seal (nobody
altered the record of what was confirmed), and that the list's content in the database
still matches that document (nobody changed a game, a seat or a signature). Comparing the
two names every field that changed, such as ``games[12].score`` (game 12). Names and start
numbers are labels outside the comparison: renaming a player later breaks no seal.

Paths in mismatches: ``games[N]`` is game number N, ``games[N].points[S]`` seat S's list
points of that game, ``seats[S]`` / ``settlement[S]`` / ``summary[S]`` seat S
(``S@G`` when the player took the seat from game G on), ``signatures[participant P]``
participant P's signature.
"""

import hmac
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Table

from .seal_document import (
    gives_seal,
    list_content,
    list_document,
    seal_of,
)

SEAL_PATTERN = re.compile(r"^[0-9a-f]{64}$")
SEALING_ACTIONS = ("list_signed", "list_closed")

REASONS = {
    "valid": gettext_noop("The list is authentic and unchanged since it was sealed."),
    "malformed": gettext_noop(
        "This is not a seal code: a seal has 64 characters, digits 0-9 and letters a-f."
    ),
    "unknown": gettext_noop(
        "No list has this seal. Check the code on the printed list character by character."
    ),
    "changed": gettext_noop(
        "The list was changed after it was sealed; the differences are listed below."
    ),
    "superseded": gettext_noop(
        "The tournament director reopened this list after it was sealed with this code; "
        "this printout is no longer the valid list."
    ),
    "not_reproducible": gettext_noop(
        "The seal cannot be confirmed: it was not made with this server's seal key, or the "
        "stored record of the sealed list was altered."
    ),
}


def normalise_code(code: str) -> str:
    """A seal as typed or scanned: blanks and dashes ignored, letters in any case."""
    return re.sub(r"[\s\-]", "", str(code)).lower()


@dataclass(frozen=True)
class Mismatch:
    """One field that differs between the sealed document and the list as it is now."""

    path: str
    stored: object
    current: object


@dataclass(frozen=True)
class Verification:
    """The answer to "is this list authentic and unchanged?" for one seal code."""

    seal: str
    valid: bool
    reason: str
    table: int | None = None
    table_number: int | None = None
    series: int | None = None
    tournament: dict | None = None
    status: str = ""
    sealed_at: str | None = None
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def message(self) -> str:
        """English message id of ``reason``; interfaces translate it."""
        return REASONS[self.reason]


def verify_seal(code: str) -> Verification:
    """Check a seal code against the list as it is stored now."""
    code = normalise_code(code)
    if not SEAL_PATTERN.match(code):
        return Verification(seal=code, valid=False, reason="malformed")
    table = (
        Table.objects.select_related("series__tournament").filter(seal=code).order_by("id").first()
    )
    entry = sealing_entry(code, table)
    if table is None and entry is not None and entry.table_id is not None:
        table = Table.objects.select_related("series__tournament").get(pk=entry.table_id)
    if table is None and entry is None:
        return Verification(seal=code, valid=False, reason="unknown")
    sealed_now = table is not None and table.seal == code
    stored = stored_document(table if sealed_now else None, entry)
    # A document whose names were erased later is genuine by its attestation (Art. 17).
    stored_genuine = stored is not None and gives_seal(stored, code)
    current = list_document(table) if table is not None else None
    if sealed_now and not stored_genuine and hmac.compare_digest(seal_of(current), code):
        # Sealed before the document was kept with the table, and unchanged since.
        stored, stored_genuine = current, True
    comparable = stored is not None and current is not None
    mismatches = find_mismatches(list_content(stored), list_content(current)) if comparable else []
    if sealed_now:
        valid = stored_genuine and not mismatches
        reason = "valid" if valid else "changed" if stored_genuine else "not_reproducible"
        sealed_at = table.sealed_at.isoformat() if table.sealed_at else None
    else:
        valid, reason = False, "superseded" if stored_genuine else "not_reproducible"
        sealed_at = entry.after.get("sealed_at") if entry is not None else None
    facts = stored if stored_genuine else current
    return Verification(
        seal=code,
        valid=valid,
        reason=reason,
        table=table.id if table is not None else None,
        table_number=facts["table"]["number"] if facts else None,
        series=facts["series"] if facts else None,
        tournament=facts["tournament"] if facts else None,
        status=table.status if table is not None else "",
        sealed_at=sealed_at,
        mismatches=[] if valid else mismatches,
    )


def stored_document(table: Table | None, entry: AuditEntry | None) -> dict | None:
    """The document as sealed: kept with the table, else in the sealing audit entry."""
    if table is not None and isinstance(table.seal_document, dict):
        return table.seal_document
    document = entry.after.get("document") if entry is not None else None
    return document if isinstance(document, dict) else None


def sealing_entry(code: str, table: Table | None) -> AuditEntry | None:
    """The audit entry of the sealing that produced ``code``, with its document."""
    entries = AuditEntry.objects.filter(action__in=SEALING_ACTIONS, after__seal=code)
    if table is not None:
        entries = entries.filter(table=table)
    return entries.order_by("-id").first()


def _seat_key(item: dict) -> str:
    return (
        str(item["seat"])
        if item.get("from_game", 1) == 1
        else f"{item['seat']}@{item['from_game']}"
    )


_LIST_KEYS = {
    "games": lambda item: str(item["number"]),
    "points": lambda item: str(item["seat"]),
    "seats": _seat_key,
    "settlement": _seat_key,
    "summary": lambda item: str(item["seat"]),
    "signatures": lambda item: f"participant {item['participant']}",
}


def find_mismatches(stored, current, path: str = "") -> list[Mismatch]:
    """Every leaf that differs between two documents, with a readable path."""
    if isinstance(stored, dict) and isinstance(current, dict):
        found = []
        for key in sorted(set(stored) | set(current)):
            child = f"{path}.{key}" if path else key
            found += find_mismatches(stored.get(key), current.get(key), child)
        return found
    name = path.rsplit(".", 1)[-1]
    if isinstance(stored, list) and isinstance(current, list) and name in _LIST_KEYS:
        keyed = _keyed(stored, _LIST_KEYS[name]), _keyed(current, _LIST_KEYS[name])
        if keyed[0] is not None and keyed[1] is not None:
            found = []
            for key in _ordered_keys(keyed[0], keyed[1]):
                found += find_mismatches(keyed[0].get(key), keyed[1].get(key), f"{path}[{key}]")
            return found
    return [] if stored == current else [Mismatch(path, stored, current)]


def _keyed(items: list, key) -> dict | None:
    try:
        keyed = {key(item): item for item in items}
    except (KeyError, TypeError):
        return None
    return keyed if len(keyed) == len(items) else None


def _ordered_keys(first: dict, second: dict) -> list[str]:
    keys = list(first)
    return keys + [key for key in second if key not in first]
