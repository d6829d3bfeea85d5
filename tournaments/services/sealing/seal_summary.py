"""What a seal covers, for people: the players with their totals, the games, who
confirmed when, and whether the list was reopened since (the verification page).

Read from the document stored at sealing, so the page shows what the players confirmed,
not what the list says now; the reopening comes from the audit trail.
"""

import datetime
from dataclasses import dataclass, field

from django.utils.dateparse import parse_datetime

from tournaments.models import AuditEntry, Signature, Table

from ..public_names import participant_names
from .seal import Verification, sealing_entry, stored_document
from .seal_document import gives_seal, list_document


@dataclass(frozen=True)
class SealedPlayer:
    seat: int
    name: str
    start_number: int | None
    total: int | None
    from_game: int = 1
    until_game: int | None = None


@dataclass(frozen=True)
class Confirmation:
    seat: int
    name: str
    method: str  # as people read it: "confirmed with PIN", "signature drawn on the device"
    at: datetime.datetime | None


@dataclass(frozen=True)
class Reopening:
    at: datetime.datetime
    reason: str
    by: str


@dataclass(frozen=True)
class SealedList:
    table: int | None
    players: list[SealedPlayer] = field(default_factory=list)
    games: int = 0
    confirmations: list[Confirmation] = field(default_factory=list)
    closed_reason: str = ""
    ended_early_reason: str = ""
    reopened: Reopening | None = None
    current_seal: str = ""  # the seal of the list as it is now, if sealed again


def sealed_list(result: Verification) -> SealedList | None:
    """The content ``result``'s seal covers, or None when there is no genuine record of it."""
    if result.table is None:
        return None
    table = Table.objects.filter(pk=result.table).first()
    entry = sealing_entry(result.seal, table)
    sealed_now = table is not None and table.seal == result.seal
    document = stored_document(table if sealed_now else None, entry)
    if (document is None or not gives_seal(document, result.seal)) and sealed_now:
        document = list_document(table)  # sealed before documents were kept with tables
    if document is None or not gives_seal(document, result.seal):
        return None
    shown = _public_names(document)
    return SealedList(
        table=result.table,
        players=_players(document, shown),
        games=len(document.get("games") or []),
        confirmations=_confirmations(document, shown),
        closed_reason=document.get("closed_reason") or "",
        ended_early_reason=(document.get("ended_early") or {}).get("reason", ""),
        reopened=None if sealed_now else _reopening(table, entry),
        current_seal=table.seal if table is not None and not sealed_now and table.seal else "",
    )


def _names(document: dict) -> dict[tuple[int, int], dict]:
    return {(seat["participant"], seat.get("from_game", 1)): seat for seat in document["seats"]}


def _public_names(document: dict) -> dict[int, str]:
    """The players of the document as the public may see them now (the verification page
    is public): their present consent decides, not the name the document kept."""
    return participant_names({seat["participant"] for seat in document.get("seats") or []})


def _players(document: dict, shown: dict[int, str]) -> list[SealedPlayer]:
    seats = _names(document)
    players = []
    for line in document.get("settlement") or []:
        seat = seats.get((line["participant"], line.get("from_game", 1)), {})
        players.append(
            SealedPlayer(
                seat=line["seat"],
                name=shown.get(line["participant"], "?"),
                start_number=seat.get("start_number"),
                total=line.get("total"),
                from_game=line.get("from_game", 1),
                until_game=line.get("until_game"),
            )
        )
    return players


def _confirmations(document: dict, shown: dict[int, str]) -> list[Confirmation]:
    names = shown
    methods = dict(Signature.Method.choices)
    return [
        Confirmation(
            seat=item["seat"],
            name=names.get(item["participant"], "?"),
            method=str(methods.get(item["method"], item["method"])),
            at=parse_datetime(item["signed_at"]) if item.get("signed_at") else None,
        )
        for item in document.get("signatures") or []
    ]


def _reopening(table: Table | None, sealing: AuditEntry | None) -> Reopening | None:
    """The first reopening after the sealing: when, why and by whom."""
    if table is None:
        return None
    entries = AuditEntry.objects.filter(table=table, action="list_reopened")
    if sealing is not None:
        entries = entries.filter(id__gt=sealing.id)
    reopening = entries.order_by("id").first()
    if reopening is None:
        return None
    return Reopening(at=reopening.created_at, reason=reopening.reason, by=reopening.actor)
