"""The sealed document of a list: what the players confirmed, as canonical JSON.

See docs/rules.md, section 4.

A sealed list is written down as one canonical JSON document: the tournament, the series,
the table, who sat where, every game with what was entered and what the rules made of
it, the list points of every player per game, the settlement, the signatures and the
reason for closing. The seal is the HMAC-SHA256 of that document under ``SEAL_SECRET``,
a key that lives only in the server's environment, so nobody can forge a seal for a
changed list.

The document is stored with the table when it is sealed (``Table.seal_document``), so it
keeps the names as they were confirmed. Names and start numbers are *labels*: renaming a
player, a club or the tournament later, or renumbering a participant, changes neither the
seal nor the fingerprint a signature confirms. Everything else is the list's *content*,
which verification compares with the database.

Timestamps are written in UTC to the whole second: a database or a serializer may drop
fractions of a second, and the seal must survive a backup and restore.
"""

import datetime
import hashlib
import hmac
import json

from django.conf import settings

from tournaments.models import Game, GamePoints, Seat, Signature, SummaryEntry, Table
from tournaments.models.games import STORED_GAME_FIELDS

from ..lists.settlement import settle_table

DOCUMENT_FORMAT = 2
# Left out of the fingerprint a signature confirms: they change by signing and closing.
_SIGNING_KEYS = ("signatures", "status", "closed_reason")

_GAME_FIELDS = (
    *STORED_GAME_FIELDS,
    "declarer_id",
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

# Labels: shown on the list, but not what the players confirmed (see the module docstring).
_TOURNAMENT_LABELS = ("name", "date")
_SEAT_LABELS = ("name", "start_number")


def timestamp(value: datetime.datetime | None) -> str | None:
    """An instant in UTC to the whole second, the precision every database keeps."""
    if value is None:
        return None
    return value.astimezone(datetime.UTC).replace(microsecond=0).isoformat()


def _json_value(value):
    if isinstance(value, datetime.datetime):
        return timestamp(value)
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
        else {"at": timestamp(table.ended_early_at), "reason": table.ended_reason},
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
                "signed_at": timestamp(signature.signed_at),
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


# A sealed document whose labels (names) were erased (Art. 17, docs/privacy.md) carries
# under this key the seal it was made for and an attestation: an HMAC under the seal key,
# written when the erasure found the document still giving its seal, over that seal and
# the redacted document. Only the server can write it, so it proves what the seal did: the
# record is the one that was sealed, with nothing but labels replaced.
REDACTION = "redaction"
_REDACTION_CONTEXT = b"skatverein/seal-redaction/v1\n"


def _attestation(document: dict, seal: str, secret: str | None = None) -> str:
    key = (settings.SEAL_SECRET if secret is None else secret).encode()
    bare = {key_: value for key_, value in document.items() if key_ != REDACTION}
    message = _REDACTION_CONTEXT + seal.encode() + b"\n" + canonical(bare)
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def redacted(document: dict, seal: str, names: dict[int, str]) -> dict | None:
    """``document`` with the seats' names of the participants in ``names`` replaced, and
    attested for ``seal`` (see :data:`REDACTION`); None when the document does not give
    ``seal`` now (a record that was altered is not made to look genuine)."""
    if not gives_seal(document, seal):
        return None
    copy = json.loads(json.dumps(document))
    copy.pop(REDACTION, None)
    for seat in copy.get("seats") or []:
        if isinstance(seat, dict) and seat.get("participant") in names:
            seat["name"] = names[seat["participant"]]
    copy[REDACTION] = {"seal": seal, "attestation": _attestation(copy, seal)}
    return copy


def gives_seal(document: dict, seal: str) -> bool:
    """Whether ``document`` is the one sealed with ``seal``: it gives the seal, or it was
    redacted from one that did (:func:`redacted`)."""
    if hmac.compare_digest(seal_of(document), seal):
        return True
    mark = document.get(REDACTION)
    if not isinstance(mark, dict) or mark.get("seal") != seal:
        return False
    return hmac.compare_digest(str(mark.get("attestation", "")), _attestation(document, seal))


def list_content(document: dict | None) -> dict | None:
    """The document without its labels (names, start numbers), timestamps to the second.

    What verification compares and a signature's fingerprint covers. Documents sealed
    before timestamps were cut to the second compare equal to the same list now.
    """
    if document is None:
        return None
    content = dict(document)
    tournament = content.get("tournament")
    if isinstance(tournament, dict):
        content["tournament"] = _without(tournament, _TOURNAMENT_LABELS)
    if isinstance(content.get("seats"), list):
        content["seats"] = [_without(seat, _SEAT_LABELS) for seat in content["seats"]]
    if isinstance(content.get("ended_early"), dict):
        content["ended_early"] = {
            **content["ended_early"],
            "at": _whole_second(content["ended_early"].get("at")),
        }
    if isinstance(content.get("signatures"), list):
        content["signatures"] = [
            {**item, "signed_at": _whole_second(item.get("signed_at"))}
            if isinstance(item, dict)
            else item
            for item in content["signatures"]
        ]
    content.pop("format", None)
    content.pop(REDACTION, None)
    return content


def _without(item, keys) -> object:
    if not isinstance(item, dict):
        return item
    return {key: value for key, value in item.items() if key not in keys}


def _whole_second(value):
    """An ISO timestamp as :func:`timestamp` writes it; anything else unchanged."""
    if not isinstance(value, str):
        return value
    try:
        parsed = datetime.datetime.fromisoformat(value)
    except ValueError:
        return value
    return timestamp(parsed) if parsed.tzinfo is not None else value


def content_digest(document: dict) -> str:
    """Fingerprint of what a player confirms: the list's content without the signatures."""
    content = list_content(document)
    content = {key: value for key, value in content.items() if key not in _SIGNING_KEYS}
    return hashlib.sha256(canonical(content)).hexdigest()
