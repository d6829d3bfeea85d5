"""The API's permission classes answer as the roles module decides."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group
from rest_framework.test import APIClient, APIRequestFactory

from tests import factories as f
from tournaments.api.permissions import DirectorWritesOthersRead, MaySeeMoney
from tournaments.services.roles import TREASURER_GROUP


def _treasurer():
    user = get_user_model().objects.create_user(username="kasse")
    user.groups.add(Group.objects.get_or_create(name=TREASURER_GROUP)[0])
    return user


def _allowed(permission, user, method):
    request = getattr(APIRequestFactory(), method)("/")
    request.user = user
    return permission().has_permission(request, view=None)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("person", "method", "reads_and_writes", "money"),
    [
        ("public", "get", True, False),
        ("public", "post", False, False),
        ("treasurer", "get", True, True),
        ("treasurer", "post", False, False),
        ("director", "get", True, True),
        ("director", "put", True, True),
    ],
)
def test_permission_classes_follow_the_roles(person, method, reads_and_writes, money):
    user = {"public": AnonymousUser, "treasurer": _treasurer, "director": f.make_staff_user}[
        person
    ]()

    assert _allowed(DirectorWritesOthersRead, user, method) is reads_and_writes
    assert _allowed(MaySeeMoney, user, method) is money


@pytest.mark.django_db
def test_a_treasurer_cannot_change_event_data_through_the_api():
    client = APIClient()
    client.force_authenticate(_treasurer())

    response = client.post("/api/v1/clubs/", {"name": "Kassenclub"}, format="json")

    assert (response.status_code, response.json()["errors"][0]["code"]) == (
        403,
        "permission_denied",
    )
