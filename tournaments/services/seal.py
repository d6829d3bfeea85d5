"""The seal (Siegel) of a signed or closed list, and checking it (RULES.md 4).

A sealed list is written down as one canonical JSON document: the tournament, the series,
the table, who sat where, every game with what was entered and what the rules made of
it, the list points of every player per game, the settlement, the signatures and the
reason for closing. The seal is the HMAC-SHA256 of that document under ``SEAL_SECRET``,
a key that lives only in the server's environment, so nobody can forge a seal for a
changed list, and the seal code printed on the list finds the list again.

The sealing action keeps the document in its audit entry. Verification rebuilds the
document from the database as it is now: if the seal no longer comes out, comparing the
two documents names every field that changed, such as ``games[12].score`` (game 12).

Paths in mismatches: ``games[N]`` is game number N, ``games[N].points[S]`` seat S's list
points of that game, ``seats[S]`` / ``settlement[S]`` / ``summary[S]`` seat S
(``S@G`` when the player took the seat from game G on), ``signatures[participant P]``
participant P's signature.
"""

import hashlib
import hmac
import json
import re
from dataclasses import dataclass, field

from django.conf import settings
from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Game, GamePoints, Seat, Signature, SummaryEntry, Table

from .settlement import settle_table

DOCUMENT_FORMAT = 1
SEAL_PATTERN = re.compile(r"^[0-9a-f]{64}$")
SEALING_ACTIONS = ("list_signed", "list_closed")
# Left out of the fingerprint a signature confirms: they change by signing and closing.
_SIGNING_KEYS = ("signatures", "status", "closed_reason")

_GAME_FIELDS = (
    "number",
    "dealer_seat",
    "table_size",
    "passed",
    "declarer_seat",
    "declarer_id",
    "game",
    "matadors",
    "with_matadors",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "bid",
    "won_entered",
    "schneider",
    "schwarz",
    "declarer_eyes",
    "declarer_tricks",
    "conceded",
    "scored_as",
    "base_value",
    "multiplier",
    "game_value",
    "won",
    "overbid",
    "score",
    "declarer_points",
    "opponent_points",
)
_POINT_FIELDS = (
    "seat",
    "participant_id",
    "role",
    "game_points",
    "won",
    "lost",
    "credit",
    "points",
)
_SUMMARY_FIELDS = ("seat", "participant_id", "game_points", "won", "lost", "credits", "total")
_SETTLEMENT_FIELDS = (
    "seat",
    "participant",
    "from_game",
    "until_game",
    "game_points",
    "won",
    "lost",
    "bonus_won_lost",
    "bonus_opponents_lost",
    "total",
)

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


def _json_value(value):
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _row(instance, names) -> dict:
    return {name.removesuffix("_id"): _json_value(getattr(instance, name)) for name in names}


def list_document(table: Table) -> dict:
    """The whole list of ``table`` as plain JSON data, read from the database.

    The table's own fields (status, reasons) are taken from ``table`` as given, so the
    sealing service can write the document of the status it is about to store.
    """
    series = table.series
    tournament = series.tournament
    seats = list(
        Seat.objects.filter(table=table)
        .select_related("participant__player")
        .order_by("number", "from_game")
    )
    points: dict[int, list[dict]] = {}
    for row in GamePoints.objects.filter(table=table).order_by("game_id", "seat"):
        points.setdefault(row.game_id, []).append(_row(row, _POINT_FIELDS))
    games = []
    for game in Game.objects.filter(table=table).order_by("number"):
        data = _row(game, _GAME_FIELDS)
        data["points"] = points.get(game.id, [])
        games.append(data)
    return {
        "format": DOCUMENT_FORMAT,
        "tournament": {
            "id": tournament.id,
            "name": tournament.name,
            "date": tournament.date.isoformat(),
        },
        "series": series.number,
        "table": {"id": table.id, "number": table.number},
        "status": table.status,
        "entry_mode": table.entry_mode,
        "ended_early": None
        if table.ended_early_at is None
        else {"at": table.ended_early_at.isoformat(), "reason": table.ended_reason},
        "closed_reason": table.closed_reason,
        "seats": [
            {
                "seat": seat.number,
                "participant": seat.participant_id,
                "start_number": seat.participant.start_number,
                "name": seat.participant.player.full_name,
                "from_game": seat.from_game,
                "until_game": seat.until_game,
            }
            for seat in seats
        ],
        "games": games,
        "summary": [
            _row(entry, _SUMMARY_FIELDS)
            for entry in SummaryEntry.objects.filter(table=table).order_by("seat")
        ],
        "settlement": [
            {name: getattr(line, name) for name in _SETTLEMENT_FIELDS}
            for line in settle_table(table, seats)
        ],
        "signatures": [
            {
                "seat": signature.seat,
                "participant": signature.participant_id,
                "method": signature.method,
                "signed_at": signature.signed_at.isoformat(),
                "image_sha256": image_digest(signature.image),
            }
            for signature in Signature.objects.filter(table=table).order_by("seat", "signed_at")
        ],
    }


def image_digest(image) -> str | None:
    """SHA-256 of a signature image; the image itself stays out of documents and the audit."""
    return hashlib.sha256(bytes(image)).hexdigest() if image else None


def canonical(document: dict) -> bytes:
    """Sorted keys, no spaces, UTF-8: the same data always gives the same bytes.

    A lone surrogate (possible in old SQLite data) is kept as is rather than failing.
    """
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def seal_of(document: dict, secret: str | None = None) -> str:
    """HMAC-SHA256 of the canonical document under the seal secret, as 64 hex digits."""
    key = (settings.SEAL_SECRET if secret is None else secret).encode()
    return hmac.new(key, canonical(document), hashlib.sha256).hexdigest()


def content_digest(document: dict) -> str:
    """Fingerprint of what a player confirms: the list without the signatures themselves."""
    content = {key: value for key, value in document.items() if key not in _SIGNING_KEYS}
    return hashlib.sha256(canonical(content)).hexdigest()


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
    entry = _sealing_entry(code, table)
    if table is None and entry is not None and entry.table_id is not None:
        table = Table.objects.select_related("series__tournament").get(pk=entry.table_id)
    if table is None and entry is None:
        return Verification(seal=code, valid=False, reason="unknown")
    stored = entry.after.get("document") if entry is not None else None
    stored = stored if isinstance(stored, dict) else None
    stored_genuine = stored is not None and hmac.compare_digest(seal_of(stored), code)
    current = list_document(table) if table is not None else None
    comparable = stored is not None and current is not None
    mismatches = find_mismatches(stored, current) if comparable else []
    if table is not None and table.seal == code:
        valid = hmac.compare_digest(seal_of(current), code)
        reason = "valid" if valid else "changed" if stored_genuine and mismatches else None
        reason = reason or "not_reproducible"
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


def _sealing_entry(code: str, table: Table | None) -> AuditEntry | None:
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
