"""Who may do what: one answer per role, the same for the API and the web pages."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group

from tests.factories import make_staff_user
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
    "director": make_staff_user,
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
