"""The desk at the door (Einlass): accept an arrival, check in a player registered earlier,
reject mistakes and junk, open and close the door — each in one step.

Accepting finds the player the arrival is (the director's choice, else the stored player
with the same name and club or member number) or creates one, registers the participant
with a start number in the order of arrival (``start_numbers.py``), marks them present
and books the entry fee, in one transaction: a second tap on the same arrival changes
nothing.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from door.models import Arrival
from door.services.matching import folded_name
from door.services.start_numbers import start_number_for
from tournaments.models import Participant, Player, Tournament
from tournaments.services import audit
from tournaments.services.errors import Refusal, is_id
from tournaments.services.money.payments import mark_entry_fee_paid
from tournaments.services.participants.registration import (
    find_duplicate_player,
    locked_tournament,
    register,
)

ARRIVAL_REJECTED = Refusal(
    "arrival",
    "arrival_rejected",
    gettext_noop("This registration was rejected; the player registers again at the door."),
    conflict=True,
)
ARRIVAL_NOT_FOUND = Refusal(
    "arrival",
    "arrival_not_found",
    gettext_noop("There is no such registration at the door of this tournament."),
    missing=True,
)
PLAYER_NOT_FOUND = Refusal(
    "player", "player_not_found", gettext_noop("There is no player with the id %(player)s.")
)
ARRIVALS_NOT_A_LIST = Refusal(
    "arrivals",
    "not_a_list",
    gettext_noop("Send the registrations to reject as a list of ids, e.g. [12, 13]."),
)


def arrival_of(tournament: Tournament, arrival_id) -> Arrival:
    arrival = tournament.arrivals.filter(pk=arrival_id).first() if is_id(arrival_id) else None
    if arrival is None:
        raise ARRIVAL_NOT_FOUND.rejected()
    return arrival


def player_of(player_id) -> Player | None:
    """The player the director picked; None (a new player) when none is named."""
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id).first() if is_id(player_id) else None
    if player is None:
        raise PLAYER_NOT_FOUND.rejected(player=player_id)
    return player


@transaction.atomic
def accept(arrival: Arrival, *, player: Player | None = None, paid=False, user=None):
    """The arrival's participant, registered and present; ``paid`` books the entry fee.

    ``player`` is the stored player the director confirmed; without one the arrival is a
    new player, unless the core's duplicate rule finds them (same name and club, or member
    number), so the door never makes a second record of a stored player.
    """
    tournament = locked_tournament(arrival.tournament)
    arrival = Arrival.objects.select_for_update().get(pk=arrival.pk)
    if arrival.status == Arrival.Status.REJECTED:
        raise ARRIVAL_REJECTED.rejected()
    participant = arrival.participant
    if participant is None:
        player = player or _stored_or_new_player(arrival)
        participant = tournament.participants.filter(player=player).first()
        if participant is None:
            number = start_number_for(tournament, arrival)
            participant = register(tournament, player, number, user=user)
        _take_consent(player, arrival.publication)
        arrival.status = Arrival.Status.ACCEPTED
        arrival.participant = participant
        arrival.match = player
        arrival.from_series = next_series(tournament)
        arrival.save(update_fields=["status", "participant", "match", "from_series"])
        audit.record(
            "arrival_accepted",
            user=user,
            obj=participant,
            after={
                "arrival": arrival.number,
                "participant": participant.pk,
                "from_series": arrival.from_series,
            },
        )
    return _present(participant, paid=paid, user=user)


def next_series(tournament: Tournament) -> int:
    """The first series a player accepted now plays: the one after those already drawn.
    The core draws every participant into each series still to be drawn, so a late
    arrival is seated from this series on and is in none before (docs/door.md)."""
    return tournament.series.filter(drawn_at__isnull=False).count() + 1


def _stored_or_new_player(arrival: Arrival) -> Player:
    """The stored player these details mean (the core's duplicate rule), else a new one."""
    existing = find_duplicate_player(
        arrival.first_name, arrival.last_name, arrival.club, arrival.member_number
    )
    if existing is not None:
        return existing
    player = Player(
        first_name=arrival.first_name,
        last_name=arrival.last_name,
        club=arrival.club,
        member_number=arrival.member_number if arrival.club is not None else "",
        publication=arrival.publication,
    )
    player.save()
    return player


def _take_consent(player: Player, publication: str) -> None:
    """The consent given on the phone is the person's latest word on publication (§10);
    the save writes the change to the audit trail (services/change_log.py)."""
    if player.publication != publication:
        player.publication = publication
        player.save(update_fields=["publication"])


@transaction.atomic
def check_in(participant: Participant, *, paid=False, user=None) -> Participant:
    """Mark a participant registered earlier present; ``paid`` books the entry fee."""
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    return _present(participant, paid=paid, user=user)


def _present(participant: Participant, *, paid: bool, user) -> Participant:
    if not participant.present:
        participant.present = True
        participant.save(update_fields=["present"])
        audit.record("participant_checked_in", user=user, obj=participant)
    if paid:
        mark_entry_fee_paid(participant, user=user)
    return participant


@transaction.atomic
def reject(tournament: Tournament, arrival_ids, *, user=None) -> int:
    """Reject the waiting registrations named (a mistake, or a burst of junk at once)."""
    if not isinstance(arrival_ids, list) or not all(is_id(pk) for pk in arrival_ids):
        raise ARRIVALS_NOT_A_LIST.rejected()
    waiting = tournament.arrivals.filter(pk__in=arrival_ids, status=Arrival.Status.WAITING)
    numbers = sorted(waiting.values_list("number", flat=True))
    count = waiting.update(status=Arrival.Status.REJECTED)
    if count:
        audit.record("arrivals_rejected", user=user, obj=tournament, after={"numbers": numbers})
    return count


@transaction.atomic
def set_door(tournament: Tournament, *, self_registration: bool, user=None) -> Tournament:
    """Open or close self-registration at the door."""
    tournament = locked_tournament(tournament)
    before = tournament.self_registration
    if before != self_registration:
        tournament.self_registration = self_registration
        tournament.save(update_fields=["self_registration"])
        audit.record(
            "door_opened" if self_registration else "door_closed", user=user, obj=tournament
        )
    return tournament


@transaction.atomic
def set_check_in(tournament: Tournament, *, required: bool, user=None) -> Tournament:
    """Whether only participants checked in at the desk are drawn."""
    tournament = locked_tournament(tournament)
    if tournament.check_in != required:
        tournament.check_in = required
        tournament.save(update_fields=["check_in"])
        audit.record(
            "check_in_required" if required else "check_in_not_required",
            user=user,
            obj=tournament,
        )
    return tournament


def waiting_arrivals(tournament: Tournament, query: str = ""):
    """The waiting arrivals, newest first; ``query`` filters by name or waiting number."""
    arrivals = tournament.arrivals.filter(status=Arrival.Status.WAITING).select_related(
        "club", "match", "match__club"
    )
    query = (query or "").strip()
    if query.isascii() and query.isdigit():
        return arrivals.filter(number=int(query)).order_by("-number")
    words = folded_name(query)
    arrivals = arrivals.order_by("-number")
    if not words:
        return arrivals
    return [a for a in arrivals if all(w in a.person_key for w in words.split())]
