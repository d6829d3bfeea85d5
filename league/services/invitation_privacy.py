"""An invitation names a person (its free-text ``name``): personal data (docs/privacy.md,
"Invitations").

The name is not a reference to a player, so an invitation belongs to a player only where
the league links the two: a captain's invitation of a team the player captains, or a
club director's invitation of the player's club, that spells the player's name (letter
case and spaces aside) — or, for a captain, whose login became the team's captain login.
Such invitations are listed in the player's data (Art. 15) and lose the name when the
player is erased (Art. 17), with the login made from them and their audit entries. An
invitation nobody used is deleted ``KEEP_EXPIRED_DAYS`` after it expired, whoever it
names; a used one stays, since it binds a login to its role.
"""

import datetime

from django.db.models import Q
from django.utils import timezone

from league.models import Invitation, LeagueTeam
from tournaments.models import AuditEntry, Player

KEEP_EXPIRED_DAYS = 30


def _spelled(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def linked_invitations(player: Player, *, name: str | None = None) -> list[Invitation]:
    """The invitations of ``player`` (see the module's docstring); ``name`` is the name to
    compare with, by default the player's own."""
    wanted = _spelled(name if name is not None else player.full_name)
    teams = {team.pk: team for team in LeagueTeam.objects.filter(captain=player)}
    linked = Q(role=Invitation.Role.CAPTAIN, team__in=list(teams))
    if player.club_id:
        linked |= Q(role=Invitation.Role.CLUB_DIRECTOR, club=player.club_id)
    found = []
    for invitation in Invitation.objects.filter(linked).order_by("created_at", "pk"):
        team = teams.get(invitation.team_id)
        by_login = team is not None and invitation.user_id is not None
        if _spelled(invitation.name) == wanted or (
            by_login and invitation.user_id == team.captain_user_id
        ):
            found.append(invitation)
    return found


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def invitations_of(player: Player) -> list[dict]:
    """The player's invitations as plain JSON values, for the Art. 15 export."""
    return [
        {
            "id": invitation.pk,
            "role": invitation.role,
            "name": invitation.name,
            "team": invitation.team.name if invitation.team_id else None,
            "club": invitation.club.name if invitation.club_id else None,
            "created_at": _when(invitation.created_at),
            "expires_at": _when(invitation.expires_at),
            "used_at": _when(invitation.used_at),
            "user": invitation.user_id,
        }
        for invitation in linked_invitations(player)
    ]


def erase_invitations(erased) -> None:
    """The erased player's invitations, their logins' names and the audit entries of their
    making carry the pseudonym instead of the name (``erased``: the core's
    :class:`~tournaments.services.erasure.Erased`)."""
    player, old_name, pseudonym = erased.player, erased.old_name, erased.pseudonym
    invitations = linked_invitations(player, name=old_name)
    ids = [invitation.pk for invitation in invitations]
    Invitation.objects.filter(pk__in=ids).update(name=pseudonym)
    for invitation in invitations:
        login = invitation.user
        if login is not None and _spelled(login.get_full_name()) in {
            _spelled(invitation.name),
            _spelled(old_name),
        }:
            login.first_name, login.last_name = pseudonym, ""
            login.save(update_fields=["first_name", "last_name"])
    _unname_audit_entries(ids, pseudonym)


def _unname_audit_entries(invitation_ids: list[int], name: str) -> None:
    for entry in AuditEntry.objects.filter(
        action="invitation_created", after__invitation__in=invitation_ids
    ):
        after = {**entry.after, "name": name}
        role = entry.after.get("role")
        label = str(Invitation.Role(role).label) if role in Invitation.Role.values else ""
        AuditEntry.objects.filter(pk=entry.pk).update(
            after=after, object_repr=f"{label}: {name}" if label else name
        )


def delete_expired() -> int:
    """Delete the invitations nobody used that expired ``KEEP_EXPIRED_DAYS`` ago; their
    audit entries keep the role, not the name. The number deleted."""
    limit = timezone.now() - datetime.timedelta(days=KEEP_EXPIRED_DAYS)
    expired = Invitation.objects.filter(used_at__isnull=True, expires_at__lt=limit)
    ids = list(expired.values_list("pk", flat=True))
    if not ids:
        return 0
    _unname_audit_entries(ids, "–")
    deleted, _ = Invitation.objects.filter(pk__in=ids).delete()
    return deleted
