"""Wrong passwords are slowed down per account and address on every way in (django-axes)."""

import base64

import pytest
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from rest_framework.authentication import SessionAuthentication
from rest_framework.test import APIClient
from rest_framework.views import APIView

from tests import factories as f
from tournaments.api.authentication import (
    ExpiringTokenAuthentication,
    LoginThrottledBasicAuthentication,
)
from tournaments.services import login_limits

pytestmark = pytest.mark.django_db
PASSWORD = "richtig-geheim-4711"
ATTACKER = "203.0.113.66"
DIRECTOR_HOME = "198.51.100.10"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_address_limit(monkeypatch):
    """These tests are about the per-account lock; the per-address limit has its own
    (test_login_limits.py) and would answer most of these posts first."""
    monkeypatch.setattr(login_limits, "address_wait", lambda address: 0)


@pytest.fixture
def hall_login():
    """The hall's director login ``leitung`` with a known password (as `make run` makes it)."""
    return f.make_staff_user("leitung", password=PASSWORD)


@pytest.fixture
def basic_auth_on(monkeypatch):
    monkeypatch.setattr(
        APIView,
        "authentication_classes",
        [SessionAuthentication, LoginThrottledBasicAuthentication, ExpiringTokenAuthentication],
    )


def web_login(client, path, password, address):
    return client.post(path, {"username": "leitung", "password": password}, REMOTE_ADDR=address)


def token_login(password, address):
    return APIClient().post(
        "/api/v1/auth/token/",
        {"username": "leitung", "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def basic_get(password, address):
    credentials = base64.b64encode(f"leitung:{password}".encode()).decode()
    return APIClient().get(
        "/api/v1/tournaments/",
        HTTP_AUTHORIZATION=f"Basic {credentials}",
        REMOTE_ADDR=address,
    )


@pytest.mark.parametrize("path", ["/anmelden/", "/admin/login/"])
def test_web_login_is_refused_after_five_wrong_passwords(client, hall_login, path):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert web_login(client, path, "falsch", ATTACKER).status_code == 200
    assert web_login(client, path, "falsch", ATTACKER).status_code == 429

    response = web_login(client, path, PASSWORD, ATTACKER)

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    assert "15 Minuten" in response.content.decode()


@pytest.mark.parametrize("path", ["/anmelden/", "/admin/login/"])
def test_the_real_director_logs_in_from_another_address(client, hall_login, path):
    for _ in range(settings.AXES_FAILURE_LIMIT + 2):
        web_login(client, path, "falsch", ATTACKER)

    response = web_login(client, path, PASSWORD, DIRECTOR_HOME)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(hall_login.pk)


def test_token_endpoint_is_refused_with_429_after_five_wrong_passwords(hall_login):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert token_login("falsch", ATTACKER).status_code == 400
    assert token_login("falsch", ATTACKER).status_code == 429

    response = token_login(PASSWORD, ATTACKER)

    assert response.status_code == 429
    assert "token" not in response.json()
    assert token_login(PASSWORD, DIRECTOR_HOME).status_code == 200


def test_basic_auth_is_refused_with_429_after_five_wrong_passwords(hall_login, basic_auth_on):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert basic_get("falsch", ATTACKER).status_code in (401, 403)
    assert basic_get("falsch", ATTACKER).status_code == 429

    response = basic_get(PASSWORD, ATTACKER)

    assert response.status_code == 429
    assert basic_get(PASSWORD, DIRECTOR_HOME).status_code == 200


def test_failures_are_recorded_per_account_and_address_for_the_admin(client, hall_login):
    for _ in range(3):
        web_login(client, "/anmelden/", "falsch", ATTACKER)

    attempt = AccessAttempt.objects.get()

    assert (attempt.username, attempt.ip_address, attempt.failures_since_start) == (
        "leitung",
        ATTACKER,
        3,
    )
    admin = f.make_staff_user("admin2")
    admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    assert client.get("/admin/axes/accessattempt/").status_code == 200


def test_the_address_comes_from_the_trusted_proxy(client, hall_login, settings):
    settings.TRUSTED_PROXY_COUNT = 1

    client.post(
        "/anmelden/",
        {"username": "leitung", "password": "falsch"},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR=ATTACKER,
    )

    assert AccessAttempt.objects.get().ip_address == ATTACKER


def test_a_successful_login_is_logged(client, hall_login):
    web_login(client, "/anmelden/", PASSWORD, DIRECTOR_HOME)

    assert AccessLog.objects.filter(username="leitung", ip_address=DIRECTOR_HOME).exists()
