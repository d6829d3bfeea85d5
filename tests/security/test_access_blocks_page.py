"""The director sees addresses blocked for wrong table codes and lifts a block."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry
from tournaments.services import table_access
from tournaments.services.errors import Rejected

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
URL = "/leitung/sperren/"
HALL = "203.0.113.5"


def block(address=HALL):
    for _ in range(table_access.MAX_FAILURES):
        with pytest.raises(Rejected):
            table_access.table_for_code("ZZZZZ-ZZZZZ", address)


def test_the_page_lists_blocked_addresses(director_client):
    block()

    response = director_client.get(URL)

    assert response.status_code == 200
    assert HALL in response.content.decode()
    assert b'data-testid="blocked-addresses"' in response.content
    assert "Sperre aufheben" in response.content.decode()


def test_lifting_a_block_lets_the_address_try_again(director_client, director_user):
    block()

    response = director_client.post(URL, {"address": HALL}, follow=True)

    assert response.status_code == 200
    assert table_access.retry_after(HALL) == 0
    assert b'data-testid="blocked-addresses"' not in response.content
    assert AuditEntry.objects.get(action=table_access.BLOCK_LIFTED).actor == director_user.username


def test_the_home_page_links_to_the_blocks(director_client):
    assert URL.encode() in director_client.get("/leitung/").content


@pytest.mark.parametrize(("login", "status"), [(False, 302), (True, 403)])
def test_only_directors_see_or_lift_blocks(client, django_user_model, login, status):
    block()
    if login:
        client.force_login(django_user_model.objects.create_user("spieler"))

    assert client.get(URL).status_code == status
    assert client.post(URL, {"address": HALL}).status_code == status
    assert table_access.retry_after(HALL) > 0


def test_staff_list_and_lift_blocks_through_the_api():
    from rest_framework.test import APIClient

    block()
    api = APIClient()
    api.force_authenticate(f.make_staff_user("leitung"))

    listed = api.get("/api/v1/access-blocks/").json()
    lifted = api.delete(f"/api/v1/access-blocks/{HALL}/")
    again = api.delete(f"/api/v1/access-blocks/{HALL}/")

    assert [(b["address"], b["failures"]) for b in listed] == [(HALL, 30)]
    assert (lifted.status_code, again.status_code) == (204, 404)
    assert APIClient().get("/api/v1/access-blocks/").status_code in (401, 403)


@pytest.mark.parametrize("address", ["\U000ea67b\x9e'_¹çÅ", "nicht eine Adresse", "1.2.3"])
def test_lifting_something_that_is_no_address_answers_404_and_leaves_the_cache_alone(
    recwarn, address
):
    from urllib.parse import quote

    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(f.make_staff_user("leitung"))

    response = api.delete(f"/api/v1/access-blocks/{quote(address)}/")

    assert response.status_code == 404
    assert not [w for w in recwarn if "Cache key" in str(w.message)]
