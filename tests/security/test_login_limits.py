"""A login flood from one address is refused before any password hash; known devices get in."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import hashers
from django.utils import timezone
from rest_framework.test import APIClient

from tests import factories as f
from tournaments.services import attempts, audit, login_limits
from tournaments.web import login_limit

pytestmark = pytest.mark.django_db
PASSWORD = "richtig-geheim-4711"
HALL_ROUTER = "192.0.2.1"


@pytest.fixture
def hall_login():
    """The hall's director login ``leitung`` with a known password (as `make run` makes it)."""
    return f.make_staff_user("leitung", password=PASSWORD)


@pytest.fixture
def hashes(monkeypatch):
    """How often a password hash was computed."""
    counted = []
    check = hashers.check_password

    def counting(*args, **kwargs):
        counted.append(1)
        return check(*args, **kwargs)

    monkeypatch.setattr("django.contrib.auth.base_user.check_password", counting)
    return counted


def post_login(client, path, username, password):
    if path.startswith("/api/"):
        return client.post(
            path,
            {"username": username, "password": password},
            format="json",
            REMOTE_ADDR=HALL_ROUTER,
        )
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=HALL_ROUTER)


@pytest.mark.parametrize("path", ["/anmelden/", "/admin/login/", "/api/v1/auth/token/"])
def test_a_login_flood_is_refused_without_hashing_a_password(hall_login, hashes, path):
    client = APIClient()
    for number in range(login_limits.ADDRESS_FAILURES):
        post_login(client, path, f"gast{number}", "falsch")
    hashed = len(hashes)

    response = post_login(client, path, "gast-next", "falsch")

    assert response.status_code == 429
    assert len(hashes) == hashed
    text = response.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen aus diesem Netz" in text
    assert int(response["Retry-After"]) > 0
    if path.startswith("/api/"):
        assert response.json()["errors"][0]["code"] == "too_many_logins"


def test_a_known_device_logs_in_during_a_flood_and_after_five_wrong_passwords(hall_login):
    laptop = APIClient()
    assert post_login(laptop, "/anmelden/", "leitung", PASSWORD).status_code == 302
    del laptop.cookies[settings.SESSION_COOKIE_NAME]  # logged out, the device cookie kept
    hall = APIClient()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        post_login(hall, "/anmelden/", "leitung", "falsch")
    for number in range(login_limits.ADDRESS_FAILURES):
        post_login(hall, "/anmelden/", f"gast{number}", "falsch")
    assert post_login(hall, "/anmelden/", "leitung", PASSWORD).status_code == 429

    response = post_login(laptop, "/anmelden/", "leitung", PASSWORD)

    assert response.status_code == 302
    assert laptop.session["_auth_user_id"] == str(hall_login.pk)


def test_a_known_device_still_needs_the_password(hall_login):
    laptop = APIClient()
    post_login(laptop, "/anmelden/", "leitung", PASSWORD)
    del laptop.cookies[settings.SESSION_COOKIE_NAME]  # logged out, the device cookie kept

    response = post_login(laptop, "/anmelden/", "leitung", "falsch")

    assert response.status_code == 200
    assert "_auth_user_id" not in laptop.session


def test_a_known_device_counts_only_for_its_own_account(hall_login):
    laptop = APIClient()
    post_login(laptop, "/anmelden/", "leitung", PASSWORD)
    del laptop.cookies[settings.SESSION_COOKIE_NAME]  # logged out, the device cookie kept
    for number in range(login_limits.ADDRESS_FAILURES):
        post_login(APIClient(), "/anmelden/", f"gast{number}", "falsch")

    response = post_login(laptop, "/anmelden/", "kassenwart", "falsch")

    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0


def test_a_forged_device_cookie_opens_nothing():
    assert login_limits.known_accounts("leitung") == []
    assert not login_limits.is_known("W10:forged:signature", "leitung")
    cookie = login_limits.known_device_value(None, "leitung")
    assert login_limits.is_known(cookie, "LEITUNG")
    assert not login_limits.is_known(cookie + "x", "leitung")


def test_the_public_audit_trail_names_roles_not_staff_accounts(hall_login):
    table = f.make_seated_table()
    audit.record("list_closed", user=hall_login, table=table, reason="Spieler gegangen")
    audit.record("game_entered", actor="table code T1", table=table)
    path = f"/api/v1/tables/{table.id}/audit/"
    staff = APIClient()
    staff.force_authenticate(hall_login)

    def actors(client):
        entries = client.get(path).json()
        return [e["actor"] for e in entries if e["action"] in ("list_closed", "game_entered")]

    public, named = actors(APIClient()), actors(staff)

    assert public == ["director", "table code T1"]
    assert named == ["leitung", "table code T1"]


def test_a_remembered_flood_is_refused_before_django_sees_it(hall_login):
    client = APIClient()
    for number in range(login_limits.ADDRESS_FAILURES + 1):
        post_login(client, "/anmelden/", f"gast{number}", "falsch")

    def django(environ, start_response):
        raise AssertionError("the refused post reached Django")

    answered = []
    wrapped = login_limit.RefuseFloodedLogins(django)
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/anmelden/", "REMOTE_ADDR": HALL_ROUTER}
    headers = {}

    def start_response(status, pairs):
        answered.append(status)
        headers.update(pairs)

    body = b"".join(wrapped(environ, start_response))

    assert answered == ["429 Too Many Requests"]
    assert headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert "Zu viele fehlgeschlagene Anmeldungen aus diesem Netz" in body.decode()


def test_failures_pause_an_address_for_their_window_and_correct_logins_never_count(monkeypatch):
    now = [timezone.now()]
    monkeypatch.setattr(attempts.timezone, "now", lambda: now[0])
    for _ in range(login_limits.ADDRESS_FAILURES - 1):
        assert login_limits.address_wait(HALL_ROUTER) == 0  # a failed login
        now[0] += timedelta(seconds=3)  # typed by hand, under the burst of failures
    for _ in range(login_limits.ADDRESS_CEILING - login_limits.ADDRESS_FAILURES):
        assert login_limits.address_wait(HALL_ROUTER) == 0
        login_limits.login_succeeded(HALL_ROUTER)  # correct logins: given back
    assert login_limits.address_wait(HALL_ROUTER) == 0  # the 20th failure

    paused = login_limits.address_wait(HALL_ROUTER)
    now[0] += timedelta(seconds=login_limits.FAILURE_WINDOW + 1)

    assert login_limits.CEILING_WINDOW < paused <= login_limits.FAILURE_WINDOW
    assert login_limits.address_wait(HALL_ROUTER) == 0


def test_a_burst_of_failures_pauses_an_address_for_the_rest_of_its_seconds(monkeypatch):
    now = [timezone.now()]
    monkeypatch.setattr(attempts.timezone, "now", lambda: now[0])
    for _ in range(login_limits.FAILURE_BURST):
        assert login_limits.address_wait(HALL_ROUTER) == 0

    paused = login_limits.address_wait(HALL_ROUTER)
    now[0] += timedelta(seconds=login_limits.BURST_WINDOW + 1)

    assert 0 < paused <= login_limits.BURST_WINDOW
    assert login_limits.address_wait(HALL_ROUTER) == 0


def test_the_ceiling_counts_every_post_and_ends_with_its_window(monkeypatch):
    now = [timezone.now()]
    monkeypatch.setattr(attempts.timezone, "now", lambda: now[0])
    waits = []
    for _ in range(login_limits.ADDRESS_CEILING):
        waits.append(login_limits.address_wait(HALL_ROUTER))
        login_limits.login_succeeded(HALL_ROUTER)  # correct logins count against the ceiling

    over = login_limits.address_wait(HALL_ROUTER)
    now[0] += timedelta(seconds=login_limits.CEILING_WINDOW + 1)

    assert waits == [0] * login_limits.ADDRESS_CEILING
    assert 0 < over <= login_limits.CEILING_WINDOW
    assert login_limits.address_wait(HALL_ROUTER) == 0


@pytest.mark.parametrize("username", ["x" * 151, "x" * 600])
def test_a_user_name_longer_than_any_is_refused_before_the_password_check(hall_login, username):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": username, "password": "falsch"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "username"


@pytest.mark.parametrize("path", ["/anmelden/", "/admin/login/"])
def test_a_login_form_with_an_overlong_user_name_shows_the_form_again(client, path):
    response = client.post(path, {"username": "x" * 600, "password": "falsch"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
