"""Changing and removing (withdrawing) a registration."""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Participant

from .. import audit
from ..errors import Refusal
from .classes import keep_on_player
from .registration import (
    ensure_team_has_room,
    locked_tournament,
    registration_snapshot,
)

NOT_A_BOOLEAN = Refusal(
    "withdrawn", "not_a_boolean", gettext_noop("withdrawn must be true or false.")
)
INVALID_CHOICE = Refusal(None, "invalid_choice", gettext_noop("Choose one of: %(choices)s."))
PARTICIPANT_HAS_PLAYED = Refusal(
    "participant",
    "participant_has_played",
    gettext_noop(
        "%(name)s has already been seated at a table, so the registration must stay "
        "for the lists; withdraw the participant instead."
    ),
    conflict=True,
)


_UNSET = object()


# --- Changing and removing a registration -----------------------------------------------


@transaction.atomic
def update_participant(
    participant: Participant,
    *,
    withdrawn=_UNSET,
    team=_UNSET,
    gender=_UNSET,
    category=_UNSET,
    user=None,
) -> Participant:
    """Withdraw a participant (or take them back), move them between teams, or mark them for
    the prizes of women, juniors and seniors (``gender``, ``category``).

    A withdrawn participant keeps the results of the series played and is left out of
    every later draw.
    """
    tournament = locked_tournament(participant.tournament)
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    before = registration_snapshot(participant)
    changed = []
    if withdrawn is not _UNSET:
        if not isinstance(withdrawn, bool):
            raise NOT_A_BOOLEAN.rejected()
        if withdrawn != participant.withdrawn:
            participant.withdrawn = withdrawn
            changed.append("withdrawn")
    for field, value, choices in (
        ("gender", gender, Participant.Gender),
        ("category", category, Participant.Category),
    ):
        if value is _UNSET:
            continue
        if value not in choices.values:
            raise INVALID_CHOICE.rejected(
                field, choices=", ".join(str(label) for label in choices.labels)
            )
        if value != getattr(participant, field):
            setattr(participant, field, value)
            changed.append(field)
    if team is not _UNSET and (team.pk if team else None) != participant.team_id:
        if team is not None:
            ensure_team_has_room(tournament, team)
        participant.team = team
        changed.append("team")
    if changed:
        participant.save(update_fields=changed)
        if {"gender", "category"} & set(changed):
            keep_on_player(participant)  # the next evening starts from them
        action = "participant_changed"
        if changed == ["withdrawn"]:
            action = "participant_withdrawn" if participant.withdrawn else "participant_returned"
        audit.record(
            action,
            user=user,
            obj=participant,
            before=before,
            after=registration_snapshot(participant),
        )
    return participant


@transaction.atomic
def remove_participant(participant: Participant, *, user=None) -> None:
    """Delete a registration made by mistake; one that has played must be withdrawn instead."""
    locked_tournament(participant.tournament)
    played = (
        participant.seats.exists()
        or participant.game_points.exists()
        or participant.summary_entries.exists()
        or participant.declared_games.exists()
    )
    if played:
        raise PARTICIPANT_HAS_PLAYED.rejected(name=participant.player.full_name)
    before = registration_snapshot(participant)
    audit.record("participant_removed", user=user, obj=participant, before=before)
    participant.delete()
