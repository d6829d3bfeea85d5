"""The ``X-Table-Code`` permission: one table's list-keeping endpoints, and nothing else.

The table viewset is called here with the permission wired the way its module docstring
says (``DirectorWritesOthersRead | TableCodeWrites``), so these tests hold for the wiring.
"""

import pytest
from rest_framework.test import APIRequestFactory

from tests import factories as f
from tournaments.api.permissions import DirectorWritesOthersRead
from tournaments.api.table_code import TableCodeWrites, table_code_actor
from tournaments.api.tables import TableViewSet
from tournaments.models import Series, Table
from tournaments.services import table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
PERMISSIONS = [DirectorWritesOthersRead | TableCodeWrites]
GAME = {"declarer_seat": 2, "game": "clubs", "matadors": 1, "won": True}


def call(action, method, table, code=None, body=None, **kwargs):
    view = TableViewSet.as_view({method: action}, permission_classes=PERMISSIONS)
    headers = {"HTTP_X_TABLE_CODE": code} if code is not None else {}
    request = getattr(APIRequestFactory(), method)(
        f"/api/v1/tables/{table.pk}/", body, format="json", **headers
    )
    return view(request, pk=str(table.pk), **kwargs)


def test_code_lets_a_device_enter_a_game():
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    response = call("games", "post", table, code, GAME)

    assert response.status_code == 201
    assert table.games.count() == 1


def test_code_lets_a_device_correct_and_delete_the_last_game():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    f.enter(table, **GAME)

    corrected = call("game", "patch", table, code, {"won": False}, number="1")
    deleted = call("game", "delete", table, code, number="1")

    assert corrected.status_code == 200
    assert deleted.status_code == 204
    assert not table.games.exists()


@pytest.mark.parametrize("code", [None, "", "ZZZZZ-ZZZZZ"])
def test_without_the_right_code_nothing_is_written(code):
    table = f.make_seated_table()
    table_access.issue_code(table)

    response = call("games", "post", table, code, GAME)

    assert response.status_code in (401, 403)
    assert not table.games.exists()


def test_code_of_another_table_is_refused():
    table, other = f.make_seated_table(), f.make_seated_table()
    table_access.issue_code(table)
    code = table_access.issue_code(other)

    response = call("games", "post", table, code, GAME)

    assert response.status_code == 403
    assert not table.games.exists()


@pytest.mark.parametrize(("action", "body"), [("leave", {"seat": 2, "after_game": 4})])
def test_code_does_not_open_the_other_table_actions(action, body):
    table = f.make_seated_table(rounds_per_series=2)
    code = table_access.issue_code(table)

    response = call(action, "post", table, code, body)

    assert response.status_code == 403
    assert str(response.data["detail"])
    assert not table.seats.filter(until_game__isnull=False).exists()


def test_expired_code_is_refused_with_the_reason():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    Series.objects.filter(pk=table.series_id).update(status=Series.Status.FINISHED)

    response = call("games", "post", table, code, GAME)

    assert response.status_code == 403
    assert "Serie" in response.data["detail"] or "Series" in response.data["detail"]


def test_locked_list_is_refused():
    table = f.play_out(f.make_seated_table())
    code = table_access.issue_code(table)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.LOCKED)

    response = call("game", "delete", table, code, number="1")

    assert response.status_code == 403
    assert table.games.count() == 4


def test_wrong_codes_are_rate_limited_with_429():
    table = f.make_seated_table()
    table_access.issue_code(table)
    for _ in range(table_access.MAX_FAILURES):
        call("games", "post", table, "ZZZZZ-ZZZZZ", GAME)

    response = call("games", "post", table, "ZZZZZ-ZZZZY", GAME)

    assert response.status_code == 429
    assert "Retry-After" in response
    assert not table.games.exists()


def test_the_right_code_works_while_the_shared_address_is_blocked():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    for _ in range(table_access.MAX_FAILURES + 1):
        call("games", "post", table, "ZZZZZ-ZZZZZ", GAME)

    response = call("games", "post", table, code, GAME)

    assert response.status_code == 201
    assert table.games.count() == 1


def test_devices_behind_a_trusted_proxy_are_counted_apart(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    table = f.make_seated_table()
    table_access.issue_code(table)
    view = TableViewSet.as_view({"post": "games"}, permission_classes=PERMISSIONS)

    def post(code, forwarded_for):
        request = APIRequestFactory().post(
            f"/api/v1/tables/{table.pk}/",
            GAME,
            format="json",
            HTTP_X_TABLE_CODE=code,
            HTTP_X_FORWARDED_FOR=forwarded_for,
            REMOTE_ADDR="127.0.0.1",
        )
        return view(request, pk=str(table.pk))

    for _ in range(table_access.MAX_FAILURES):
        post("ZZZZZ-ZZZZZ", "203.0.113.5")

    assert post("ZZZZZ-ZZZZY", "203.0.113.5").status_code == 429
    assert post("ZZZZZ-ZZZZY", "203.0.113.6").status_code == 403
    assert [b["address"] for b in table_access.blocked_addresses()] == ["203.0.113.5"]


def test_reading_needs_no_code():
    table = f.make_seated_table()

    f.enter(table, passed=True)

    response = call("games", "get", table)

    games = response.data
    assert [(game["number"], game["passed"]) for game in games] == [(1, True)]


def test_table_code_actor_names_the_device():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    request = APIRequestFactory().post("/", {}, HTTP_X_TABLE_CODE=code)

    class View:
        action = "games"
        kwargs = {"pk": str(table.pk)}

    assert TableCodeWrites().has_permission(request, View())
    assert table_code_actor(request) == table_access.device_actor(table)
    assert table_code_actor(APIRequestFactory().post("/")) == ""


def test_device_keeps_and_signs_its_list_through_the_real_urls(client):
    table = f.make_complete_table(players=3)
    code = table_access.issue_code(table)
    seat = table.seats.select_related("participant").get(number=1)

    undo = client.delete(
        f"/api/v1/tables/{table.pk}/games/3/",
        HTTP_X_TABLE_CODE=code,
        content_type="application/json",
    )
    again = client.post(
        f"/api/v1/tables/{table.pk}/games/",
        {"declarer_seat": 1, "game": "grand", "matadors": 1, "won": True},
        content_type="application/json",
        HTTP_X_TABLE_CODE=code,
    )
    signed = client.post(
        f"/api/v1/tables/{table.pk}/signatures/",
        {"seat": 1, "pin": seat.participant.pin},
        content_type="application/json",
        HTTP_X_TABLE_CODE=code,
    )

    assert (undo.status_code, again.status_code, signed.status_code) == (204, 201, 201)
    actors = set(table.audit_entries.values_list("actor", flat=True))
    assert table_access.device_actor(table) in actors


def test_code_of_another_table_cannot_sign(client):
    table, other = f.make_complete_table(players=3), f.make_seated_table()
    code = table_access.issue_code(other)
    seat = table.seats.select_related("participant").get(number=1)

    response = client.post(
        f"/api/v1/tables/{table.pk}/signatures/",
        {"seat": 1, "pin": seat.participant.pin},
        content_type="application/json",
        HTTP_X_TABLE_CODE=code,
    )

    assert response.status_code == 403
    assert not table.signatures.exists()
