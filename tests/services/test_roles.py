"""Who may do what: one answer per role, the same for the API and the web pages."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group

from tests import factories as f
from tournaments.services import roles
from tournaments.services.roles import Role


def _treasurer():
    user = get_user_model().objects.create_user(username="kasse")
    user.groups.add(Group.objects.get_or_create(name=roles.TREASURER_GROUP)[0])
    return user


def _member():
    return get_user_model().objects.create_user(username="mitglied")


PEOPLE = {
    "public": lambda: AnonymousUser(),
    "member": _member,
    "treasurer": _treasurer,
    "director": f.make_staff_user,
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("person", "change_event", "see_money", "pay", "change_money", "secrets", "take_signatures"),
    [
        ("public", False, False, False, False, False, False),
        ("member", False, False, False, False, False, False),
        ("treasurer", False, True, True, False, False, False),
        ("director", True, True, True, True, True, True),
    ],
)
def test_each_role_may_do_exactly_its_part(
    person, change_event, see_money, pay, change_money, secrets, take_signatures
):
    user = PEOPLE[person]()

    assert roles.may_read_public(user) is True
    assert roles.may_change_event(user) is change_event
    assert roles.may_write(user, read_only=True) is True
    assert roles.may_write(user, read_only=False) is change_event
    assert roles.may_see_money(user) is see_money
    assert roles.may_record_payments(user) is pay
    assert roles.may_set_tariff_and_prizes(user) is change_money
    assert roles.may_see_secrets(user) is secrets
    assert roles.may_take_signatures(user) is take_signatures


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("person", "expected"),
    [
        ("public", {Role.PUBLIC}),
        ("member", {Role.PUBLIC}),
        ("treasurer", {Role.PUBLIC, Role.TREASURER}),
        ("director", {Role.PUBLIC, Role.DIRECTOR}),
    ],
)
def test_roles_of_names_the_roles_a_person_holds(person, expected):
    assert roles.roles_of(PEOPLE[person]()) == expected


def test_none_is_nobody():
    assert roles.is_director(None) is False
    assert roles.is_treasurer(None) is False


@pytest.mark.parametrize(
    ("action", "read_only", "expected"),
    [
        ("games", False, True),
        ("game", False, True),
        ("signatures", False, True),
        ("games", True, False),
        ("leave", False, False),
        ("summary", False, False),
        ("destroy", False, False),
        (None, False, False),
    ],
)
def test_a_table_device_only_keeps_its_list(action, read_only, expected):
    assert roles.table_device_may(action, read_only=read_only) is expected


# --- Scope: a director directs the events of the clubs they run ---------------------------


@pytest.fixture
def two_clubs(db):
    """Clubs A and B, each with a named director; club C with none; an unnamed staff user."""
    from tests.factories import make_club, make_superuser, make_tournament

    a, b, c = make_club("Herz A"), make_club("Pik B"), make_club("Karo C")
    director_a, director_b = f.make_staff_user("leitung_a"), f.make_staff_user("leitung_b")
    a.directors.add(director_a)
    b.directors.add(director_b)
    return {
        "clubs": (a, b, c),
        "people": {
            "admin": make_superuser("verband"),
            "director_a": director_a,
            "director_b": director_b,
            "staff": f.make_staff_user("ohne_verein"),
            "member": _member(),
        },
        "events": {
            "A": make_tournament(club=a),
            "B": make_tournament(club=b),
            "C": make_tournament(club=c),
            "none": make_tournament(),
        },
    }


@pytest.mark.parametrize(
    ("person", "directs"),
    [
        ("admin", {"A", "B", "C", "none"}),
        ("director_a", {"A", "none"}),
        ("director_b", {"B", "none"}),
        ("staff", {"C", "none"}),
        ("member", set()),
    ],
)
def test_a_director_directs_only_the_events_of_their_clubs(two_clubs, person, directs):
    user = two_clubs["people"][person]

    directed = {
        name for name, event in two_clubs["events"].items() if roles.may_direct(user, event)
    }

    assert directed == directs


@pytest.mark.parametrize(
    ("person", "clubs"),
    [("admin", {"Herz A", "Pik B", "Karo C"}), ("director_a", {"Herz A"}), ("staff", {"Karo C"})],
)
def test_directors_organise_events_only_for_their_clubs(two_clubs, person, clubs):
    from tournaments.models import Club, Tournament

    user = two_clubs["people"][person]

    organisable = roles.organisable_clubs(user, Club.objects.all())
    listed = roles.directed_tournaments(user, Tournament.objects.all())

    assert {club.name for club in organisable} == clubs
    assert {t.club.name for t in listed if t.club} == clubs
    assert roles.may_organise(user, None) is True


def test_a_series_table_and_participant_belong_to_their_tournament_s_directors(two_clubs):
    from tests.factories import make_participants, make_series, make_table

    event = two_clubs["events"]["A"]
    table = make_table(make_series(event), make_participants(event, 4))
    director_a, director_b = (two_clubs["people"][n] for n in ("director_a", "director_b"))

    for obj in (table.series, table, table.seats.first(), event.participants.first()):
        assert roles.may_direct(director_a, obj) is True
        assert roles.may_direct(director_b, obj) is False


def test_roles_of_an_event_name_the_director_only_for_its_directors(two_clubs):
    event = two_clubs["events"]["A"]

    assert Role.DIRECTOR in roles.roles_of(two_clubs["people"]["director_a"], event)
    assert Role.DIRECTOR not in roles.roles_of(two_clubs["people"]["director_b"], event)
    assert roles.roles_of(two_clubs["people"]["admin"], event) >= {Role.ADMIN, Role.DIRECTOR}


def test_the_admin_is_not_asked_for_the_event(two_clubs, django_assert_num_queries):
    def never_read():
        raise AssertionError("the admin directs everything; the event need not be read")

    with django_assert_num_queries(0):
        assert roles.may_change_event(two_clubs["people"]["admin"], never_read) is True


# --- Scope: a treasurer keeps the cash boxes of the clubs they are named for -----------------


@pytest.fixture
def treasurers(two_clubs):
    """Club A names its treasurer; a treasurer named for no club (the group alone, as the
    admin made them before clubs named treasurers)."""
    club_a = two_clubs["clubs"][0]
    named = f.make_treasurer("kasse_a")
    club_a.treasurers.add(named)
    return {"named": named, "unnamed": f.make_treasurer("kasse_ohne_verein")}


@pytest.mark.parametrize(
    ("person", "sees"),
    [
        ("named", {"A"}),
        ("unnamed", {"B", "C", "none"}),  # every event whose club named no treasurer
    ],
)
def test_a_treasurer_sees_only_the_money_of_their_clubs_events(two_clubs, treasurers, person, sees):
    from tournaments.models import Tournament

    user = treasurers[person]

    seen = {name for name, event in two_clubs["events"].items() if roles.may_see_money(user, event)}
    listed = roles.money_tournaments(user, Tournament.objects.all())

    assert seen == sees
    assert {name for name, event in two_clubs["events"].items() if event in listed} == sees
    assert all(roles.may_record_payments(user, two_clubs["events"][name]) for name in sees)
    assert not any(
        roles.may_set_tariff_and_prizes(user, event) for event in two_clubs["events"].values()
    )
    assert Role.TREASURER in roles.roles_of(user, two_clubs["events"][min(sees)])
    assert Role.TREASURER not in roles.roles_of(
        user, two_clubs["events"]["A" if "A" not in sees else "B"]
    )


def test_a_director_names_treasurers_only_for_the_clubs_they_direct(two_clubs):
    club_a, club_b, club_c = two_clubs["clubs"]
    people = two_clubs["people"]

    assert roles.may_name_treasurers(people["director_a"], club_a) is True
    assert roles.may_name_treasurers(people["director_a"], club_b) is False
    assert roles.may_name_treasurers(people["staff"], club_c) is True
    assert roles.may_name_treasurers(people["member"], club_c) is False
    assert roles.may_name_treasurers(people["admin"], club_b) is True


@pytest.mark.django_db
def test_the_public_is_not_asked_for_the_event(django_assert_num_queries):
    """A table device posts without a login; its code, not the event, lets it in."""

    def never_read():
        raise AssertionError("the public changes nothing; the event need not be read")

    with django_assert_num_queries(0):
        assert roles.may_change_event(AnonymousUser(), never_read) is False
