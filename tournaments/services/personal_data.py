"""What is stored about one player, for their request under Art. 15 DSGVO (docs/privacy.md).

One dictionary of plain JSON values: the player's record, each registration, the seats and
list points of every game, the lists they sat at with their seals, their signatures'
metadata (the drawn image only as its SHA-256), the payments of their registrations and
the audit entries that name them. Credentials stay out: the start card's PIN is a key, not
information about the person.
"""

from django.db.models import Q
from django.utils import timezone

from tournaments.models import (
    AuditEntry,
    GamePoints,
    Participant,
    Payment,
    Player,
    Seat,
    Signature,
)

from .sealing.seal_document import image_digest

FORMAT = "skatverein-personal-data-1"

# Further parts kept by the apps built on the core (the league's invitations): the key in
# the data, its title in the PDF, and the function that lists the player's entries.
_SECTIONS: dict[str, tuple] = {}


def register_section(key: str, title, entries) -> None:
    """Add the part ``key`` (``entries(player) -> list[dict]``) to every player's data."""
    _SECTIONS[key] = (title, entries)


def section_titles() -> dict:
    """The titles of the registered parts, for the readable PDF."""
    return {key: title for key, (title, _) in _SECTIONS.items()}


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def player_data(player: Player) -> dict:
    """Everything stored about ``player`` (see the module's docstring)."""
    participations = list(
        Participant.objects.filter(player=player)
        .select_related("tournament", "team")
        .order_by("tournament__date", "pk")
    )
    ids = [participant.pk for participant in participations]
    return {
        "format": FORMAT,
        "made_at": _when(timezone.now()),
        "player": {
            "id": player.pk,
            "first_name": player.first_name,
            "last_name": player.last_name,
            "club": player.club.name if player.club_id else None,
            "member_number": player.member_number,
            "publication": player.publication,
            "gender": player.gender,
            "category": player.category,
            "created_at": _when(player.created_at),
        },
        "registrations": [
            {
                "participant": participant.pk,
                "tournament": participant.tournament.name,
                "tournament_id": participant.tournament_id,
                "date": participant.tournament.date.isoformat(),
                "start_number": participant.start_number,
                "team": participant.team.name if participant.team_id else None,
                "withdrawn": participant.withdrawn,
                "gender": participant.gender,
                "category": participant.category,
                "registered_at": _when(participant.registered_at),
            }
            for participant in participations
        ],
        "lists": [
            {
                "participant": seat.participant_id,
                "table": seat.table_id,
                "table_number": seat.table.number,
                "series": seat.table.series.number,
                "tournament_id": seat.table.series.tournament_id,
                "seat": seat.number,
                "from_game": seat.from_game,
                "until_game": seat.until_game,
                "status": seat.table.status,
                "seal": seat.table.seal or None,
            }
            for seat in Seat.objects.filter(participant__in=ids)
            .select_related("table__series")
            .order_by("table__series__tournament__date", "table__series__number", "table_id")
        ],
        "games": [
            {
                "participant": row["participant"],
                "table": row["table"],
                "game": row["game__number"],
                "seat": row["seat"],
                "role": row["role"],
                "game_points": row["game_points"],
                "won": row["won"],
                "lost": row["lost"],
                "credit": row["credit"],
                "points": row["points"],
            }
            for row in GamePoints.objects.filter(participant__in=ids)
            .order_by("table", "game__number")
            .values(
                "participant",
                "table",
                "game__number",
                "seat",
                "role",
                "game_points",
                "won",
                "lost",
                "credit",
                "points",
            )
        ],
        "signatures": [
            {
                "participant": signature.participant_id,
                "table": signature.table_id,
                "seat": signature.seat,
                "method": signature.method,
                "signed_at": _when(signature.signed_at),
                "image_sha256": image_digest(signature.image),
                "list_digest": signature.list_digest,
            }
            for signature in Signature.objects.filter(participant__in=ids).order_by("signed_at")
        ],
        "payments": [
            {
                "participant": payment["participant"],
                "tournament_id": payment["tournament"],
                "kind": payment["kind"],
                "amount": str(payment["amount"]),
                "paid_at": _when(payment["created_at"]),
            }
            for payment in Payment.objects.filter(participant__in=ids)
            .order_by("pk")
            .values("participant", "tournament", "kind", "amount", "created_at")
        ],
        "audit": [
            {
                "created_at": _when(entry.created_at),
                "actor": entry.actor,
                "action": entry.action,
                "object": entry.object_repr,
                "before": entry.before,
                "after": entry.after,
                "reason": entry.reason,
            }
            for entry in _audit_entries(player, ids)
        ],
        **{key: entries(player) for key, (_, entries) in _SECTIONS.items()},
    }


def _audit_entries(player: Player, participant_ids: list[int]):
    """The entries that name the player: by name in their label, or by one of their
    registrations in what they recorded."""
    about = Q(object_repr__contains=player.full_name)
    if participant_ids:
        about |= Q(after__participant__in=participant_ids)
        about |= Q(before__participant__in=participant_ids)
    return AuditEntry.objects.filter(about).order_by("created_at", "pk")
