"""Demo data, so a fresh installation can be tried out at once.

Loading is idempotent: every row is looked up by its natural key and updated, so running
the loader again restores the demo state instead of adding duplicates.
"""

from contextlib import ExitStack
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_noop

from tournaments.models import (
    AuditEntry,
    Club,
    Game,
    Payment,
    Player,
    Table,
    Tournament,
    changes_allowed,
)

from .. import audit, roles
from ..errors import Refusal
from .lists import DEMO_TOURNAMENT, load_demo_cup, load_demo_evening
from .money import load_demo_money
from .parts import parts

DIRECTOR_USERNAME = "leitung"
DIRECTOR_PASSWORD = "skat-demo"

# (name, short name) of the demo clubs.
CLUBS = [
    ("Skatfreunde Musterstadt", "SF Musterstadt"),
    ("Herz Dame Beispielheim", "HD Beispielheim"),
]

DEMO_NOT_DIRECTED = Refusal(
    "demo",
    "demo_not_directed",
    gettext_noop(
        "Only someone who directs every club of the demo data may delete it; you do not "
        "direct %(clubs)s. Ask the association's administrator."
    ),
)

# (first name, last name, index into CLUBS, member number) of the demo players.
PLAYERS = [
    ("Klaus", "Becker", 0, "101"),
    ("Monika", "Schulze", 0, "102"),
    ("Jürgen", "Hoffmann", 0, "103"),
    ("Sabine", "Wagner", 0, "104"),
    ("Dieter", "Schmitt", 0, "105"),
    ("Renate", "Krüger", 0, "106"),
    ("Horst", "Neumann", 0, "107"),
    ("Petra", "Zimmermann", 0, "108"),
    ("Werner", "Braun", 1, "201"),
    ("Ingrid", "Hartmann", 1, "202"),
    ("Manfred", "Lange", 1, "203"),
    ("Gisela", "Schröder", 1, "204"),
    ("Uwe", "Koch", 1, "205"),
    ("Brigitte", "Wolf", 1, "206"),
    ("Heinz", "Richter", 1, "207"),
    ("Karin", "Schäfer", 1, "208"),
]


@dataclass(frozen=True)
class DemoCounts:
    """How many demo rows exist after loading, for the command's summary and for tests."""

    clubs: int
    players: int
    directors: int
    tournaments: int = 0
    games: int = 0


@transaction.atomic
def load_demo(director=None) -> DemoCounts:
    """Create or refresh the demo clubs, players and tournaments.

    Without ``director`` the demo's own login with its published password is created (or
    reset) and acts for the demo; the hall server passes the director it created instead,
    so that no login with a known password exists there.
    """
    clubs = [
        Club.objects.update_or_create(name=name, defaults={"short_name": short_name})[0]
        for name, short_name in CLUBS
    ]
    players = [
        Player.objects.update_or_create(
            club=clubs[club_index],
            member_number=member_number,
            defaults={"first_name": first_name, "last_name": last_name},
        )[0]
        for first_name, last_name, club_index, member_number in PLAYERS
    ]
    director = director or _reset_director()
    load_demo_evening(clubs[0], director)
    load_demo_cup(clubs[1], director)
    for tournament in Tournament.objects.filter(name=DEMO_TOURNAMENT):
        load_demo_money(tournament)
    # The demo's own tournaments: those of the apps' demo parts are counted apart.
    tournaments = Tournament.objects.filter(is_demo=True)
    for part in parts():
        tournaments = tournaments.exclude(pk__in=part.tournaments())
    return DemoCounts(
        clubs=len(clubs),
        players=len(players),
        directors=1,
        tournaments=tournaments.count(),
        games=Game.objects.filter(table__series__tournament__in=tournaments).count(),
    )


def _reset_director():
    """Create the demo director with the published password, or restore the rights of the
    login of that name. Its password is never changed: on a laptop that also serves the
    hall (``make run``) it is the director's own, and the published one would open it to
    anyone who has read the README."""
    user, created = get_user_model().objects.get_or_create(username=DIRECTOR_USERNAME)
    user.is_active = True
    roles.make_director(user, association_admin=True)
    if created:
        user.set_password(DIRECTOR_PASSWORD)
    user.save()
    return user


def has_demo_password(user) -> bool:
    """Whether ``user`` still logs in with the published demo password (no rehash saved)."""
    return check_password(DIRECTOR_PASSWORD, user.password)


def demo_tournaments():
    return Tournament.objects.filter(is_demo=True).order_by("-date", "name")


@dataclass(frozen=True)
class PartListing:
    """What an app's demo part holds, and the template that names it on the page."""

    template: str
    listing: dict

    def __bool__(self) -> bool:
        return any(self.listing.values())


@dataclass(frozen=True)
class DemoData:
    """What "Delete the demo data" deletes, named for the page that asks first."""

    tournaments: list
    parts: list[PartListing]

    def __bool__(self) -> bool:
        return bool(self.tournaments or any(self.parts))


def demo_data() -> DemoData:
    return DemoData(
        tournaments=list(demo_tournaments()),
        parts=[PartListing(part.template, part.listing()) for part in parts()],
    )


def demo_clubs() -> list[Club]:
    """The clubs the demo data belongs to: its tournaments' organisers and the clubs the
    demo evening and the demo league create, as far as they exist."""
    names = [name for name, _short in CLUBS]
    names += [name for part in parts() for name in part.clubs]
    organisers = demo_tournaments().exclude(club=None).values("club")
    return list(Club.objects.filter(Q(name__in=names) | Q(pk__in=organisers)).order_by("name"))


def undirected_demo_clubs(user) -> list[Club]:
    """The demo's clubs ``user`` does not direct: deleting the demo deletes their data."""
    if not roles.is_director(user):
        return demo_clubs()
    return [club for club in demo_clubs() if not roles.directs_club(user, club.pk)]


def may_delete_demo(user) -> bool:
    """Whether ``user`` may delete the demo: a director of every one of its clubs."""
    return roles.is_director(user) and not undirected_demo_clubs(user)


@transaction.atomic
def delete_demo(user) -> list[str]:
    """Delete the demo: the apps' demo parts (:mod:`.parts`; the demo league with the
    logins the demo made), the demo's tournaments (the parts' included), their lists
    and audit entries, and the demo's players and clubs where no other tournament uses
    them; the names of what was deleted.

    Signed lists refuse deletion (models/locking.py): the demo's are released one by one,
    for this deletion only. One audit entry records who deleted the demo. Refused
    (:data:`DEMO_NOT_DIRECTED`) unless ``user`` directs every club of the demo.
    """
    refused = undirected_demo_clubs(user)
    if refused:
        raise DEMO_NOT_DIRECTED.rejected(clubs=", ".join(club.name for club in refused))
    deleted_parts = {}
    for part in parts():
        deleted_parts.update(part.delete())
    tournaments = list(demo_tournaments())
    tables = list(Table.objects.filter(series__tournament__in=tournaments))
    with ExitStack() as released:
        for table in tables:
            released.enter_context(changes_allowed(table))
        AuditEntry.objects.filter(table__in=tables).delete()
        # Lists and payments first: their games, seats and payments protect the participants
        # and series they name, which the tournament's own deletion removes afterwards.
        Table.objects.filter(pk__in=[table.pk for table in tables]).delete()
        # A counter-entry protects the payment it reverses: counter-entries go first.
        payments = Payment.objects.filter(tournament__in=tournaments)
        payments.filter(reverses__isnull=False).delete()
        payments.delete()
        for tournament in tournaments:
            tournament.delete()
    demo_clubs = Club.objects.filter(name__in=[name for name, _short in CLUBS])
    Player.objects.filter(
        club__in=demo_clubs,
        member_number__in=[member for *_name, _club, member in PLAYERS],
        participations__isnull=True,
    ).delete()
    demo_clubs.filter(players__isnull=True, tournaments__isnull=True).delete()
    for part in parts():
        part.delete_leftovers()
    deleted = {"tournaments": [tournament.name for tournament in tournaments], **deleted_parts}
    names = [name for kind in deleted.values() for name in kind]
    if names:
        after = {kind: kind_names for kind, kind_names in deleted.items() if kind_names}
        audit.record("demo_deleted", user=user, obj=", ".join(names), after=after)
    return names
