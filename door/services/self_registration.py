"""Registering oneself on a phone at the door: the fields, the waiting number, the same
person once.

A player types their name, club and consent on their own phone; the arrival waits for the
desk. The same person registering again (a second tap, the phone reloaded, a friend's
phone) gets the first registration back, as people type names: case, spacing and the
German spellings do not matter (``tournaments/text.py``).
"""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from door.models import Arrival
from tournaments.models import Club, Publication, Tournament
from tournaments.services.errors import Refusal, Rejected
from tournaments.services.input import free_text
from tournaments.services.participants.registration import locked_tournament, registration_problem

from .matching import folded_name as folded
from .matching import recognised_player

NOT_AN_OBJECT = Refusal(
    "body",
    "not_an_object",
    gettext_noop('Send the registration as a JSON object, e.g. {"first_name": "Erika", …}.'),
)
SELF_REGISTRATION_CLOSED = Refusal(
    "tournament",
    "self_registration_closed",
    gettext_noop("Registration at the door of %(tournament)s is closed; please ask at the desk."),
)
FIRST_NAME_MISSING = Refusal(
    "first_name", "required", gettext_noop("Please enter your first name.")
)
LAST_NAME_MISSING = Refusal("last_name", "required", gettext_noop("Please enter your last name."))
UNKNOWN_PUBLICATION = Refusal(
    "publication",
    "unknown_publication",
    gettext_noop("Choose what may be published: full name, short name or none."),
)

# The phone's text fields and their longest values (as the models store them).
FIELD_LENGTHS = {"first_name": 100, "last_name": 100, "club": 200, "member_number": 30}
REQUIRED = {"first_name": FIRST_NAME_MISSING, "last_name": LAST_NAME_MISSING}


class DoorClosed(Rejected):
    """Self-registration is not open: the interfaces answer 403, not 400 or 409."""


def self_register(tournament: Tournament, data) -> tuple[Arrival, bool]:
    """The arrival for these fields and whether it is new (False: the same person again)."""
    fields = read_fields(data)
    with transaction.atomic():
        tournament = locked_tournament(tournament)
        ensure_door_open(tournament)
        key = person_key(
            fields["first_name"], fields["last_name"], fields["club"], fields["club_name"]
        )
        earlier = (
            tournament.arrivals.filter(person_key=key)
            .exclude(status=Arrival.Status.REJECTED)
            .order_by("number")
            .first()
        )
        if earlier is not None:
            return earlier, False
        top = tournament.arrivals.aggregate(top=Max("number"))["top"] or 0
        arrival = Arrival(tournament=tournament, number=top + 1, person_key=key, **fields)
        arrival.match = recognised_player(arrival)
        arrival.save()
    return arrival, True


def ensure_door_open(tournament: Tournament) -> None:
    """Refuse (403) while self-registration is closed or nobody can be registered any more."""
    if not tournament.self_registration:
        raise DoorClosed([SELF_REGISTRATION_CLOSED.problem(tournament=tournament.name)])
    problem = registration_problem(tournament, "tournament")
    if problem is not None:
        raise DoorClosed([problem])


def read_fields(data) -> dict:
    """The phone's fields, cleaned, or a refusal naming each field that needs a change."""
    if not hasattr(data, "get"):
        raise NOT_AN_OBJECT.rejected()
    problems = []
    values = {}
    for name, length in FIELD_LENGTHS.items():
        try:
            text = free_text(data.get(name), field=name, max_length=length, multiline=False)
        except Rejected as refused:
            problems += refused.problems
            continue
        values[name] = " ".join(text.split())
        if name in REQUIRED and not values[name]:
            refusal = REQUIRED[name]
            problems.append(refusal.problem())
    publication = data.get("publication")
    if publication not in Publication.values:
        problems.append(UNKNOWN_PUBLICATION.problem())
    if problems:
        raise Rejected(problems)
    club_name = values.pop("club")
    return {
        **values,
        "club_name": club_name,
        "club": club_named(club_name),
        "publication": publication,
    }


def club_named(text: str) -> Club | None:
    """The stored club the typed name means (name or short name, as people type them)."""
    typed = folded(text)
    if not typed:
        return None
    for club in Club.objects.order_by("id"):
        if typed in (folded(club.name), folded(club.short_name)):
            return club
    return None


def person_key(first_name: str, last_name: str, club: Club | None, club_name: str) -> str:
    """Who registered: the folded name, and the club (stored, or as typed)."""
    where = f"club:{club.pk}" if club is not None else folded(club_name)
    return f"{folded(f'{first_name} {last_name}')}|{where}"[:400]
