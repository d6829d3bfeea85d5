"""A hall of legitimate users behind one router logs in; guessing and floods are still paused.

A league match day or a club evening puts every captain, director and treasurer behind the
hall's one public address. Correct logins never count against that address; failed ones
do, per account (django-axes) and per address, and a ceiling on all posts that only a
flood reaches is checked before any password hash.
"""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model, hashers
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.services import attempts, login_limits
from tournaments.web import login_limit

pytestmark = pytest.mark.django_db
PASSWORD = "richtig-geheim-4711"
HALL_ROUTER = "192.0.2.1"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    """Thirty Argon2 hashes would take seconds; what is counted does not depend on the hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def hashes(monkeypatch):
    """How often a password was hashed: checked, or hashed for an unknown user name."""
    counted = []
    encode = hashers.MD5PasswordHasher.encode

    def counting(self, *args, **kwargs):
        counted.append(1)
        return encode(self, *args, **kwargs)

    monkeypatch.setattr(hashers.MD5PasswordHasher, "encode", counting)
    return counted


@pytest.fixture
def clock(monkeypatch):
    """The attempt counters' clock, moved on by hand."""
    now = [timezone.now()]
    monkeypatch.setattr(attempts.timezone, "now", lambda: now[0])

    def advance(seconds):
        now[0] += timedelta(seconds=seconds)

    return advance


def make_login(username):
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def log_in(username, password, client=None):
    client = client or APIClient()
    response = client.post(
        "/anmelden/", {"username": username, "password": password}, REMOTE_ADDR=HALL_ROUTER
    )
    return client, response


def test_thirty_accounts_log_in_from_one_hall_address_within_a_minute():
    logins = [make_login(f"kapitaen-{number}") for number in range(30)]

    for user in logins:
        client, response = log_in(user.username, PASSWORD)

        assert response.status_code == 302, user.username
        assert client.session["_auth_user_id"] == str(user.pk)


def test_thirty_apps_get_their_tokens_from_one_hall_address_within_a_minute():
    logins = [make_login(f"kassenwart-{number}") for number in range(30)]

    for user in logins:
        response = APIClient().post(
            "/api/v1/auth/token/",
            {"username": user.username, "password": PASSWORD},
            format="json",
            REMOTE_ADDR=HALL_ROUTER,
        )

        assert response.status_code == 200, user.username
        assert response.json()["token"]


def test_ten_wrong_passwords_pause_that_account_and_not_the_hall(clock):
    guessed, neighbour = make_login("kapitaen-a"), make_login("kapitaen-b")
    for _ in range(10):
        log_in(guessed.username, "falsch")
        clock(3)  # typed by hand

    client, paused = log_in(guessed.username, PASSWORD)
    other, welcome = log_in(neighbour.username, PASSWORD)

    assert paused.status_code == 429
    assert "_auth_user_id" not in client.session
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    assert f"Bitte warten Sie {minutes} Minuten" in paused.content.decode()
    assert welcome.status_code == 302
    assert other.session["_auth_user_id"] == str(neighbour.pk)


def test_a_few_typos_among_thirty_logins_in_a_minute_pause_nobody(clock):
    logins = [make_login(f"schatzmeister-{number}") for number in range(30)]
    statuses = []
    for number, user in enumerate(logins):
        if number % 4 == 0:  # every fourth mistypes once first
            assert log_in(user.username, "vertippt")[1].status_code == 200
        statuses.append(log_in(user.username, PASSWORD)[1].status_code)
        clock(2)

    assert statuses == [302] * 30


def test_a_burst_of_failures_pauses_the_address_for_seconds(clock, hashes):
    make_login("kapitaen-a")
    for number in range(login_limits.FAILURE_BURST):
        log_in(f"gast{number}", "falsch")
    hashed = len(hashes)

    paused = log_in("kapitaen-a", PASSWORD)[1]
    clock(login_limits.BURST_WINDOW + 1)
    login_limit.forget_remembered()  # the process remembers the pause on its own clock
    client, welcome = log_in("kapitaen-a", PASSWORD)

    assert paused.status_code == 429
    assert len(hashes) == hashed + 1  # only the login after the pause
    assert 0 < int(paused["Retry-After"]) <= login_limits.BURST_WINDOW
    assert "Sekunden erneut" in paused.content.decode()
    assert welcome.status_code == 302


def test_failed_logins_from_one_address_pause_it_before_hashing(clock, hashes):
    make_login("kapitaen-a")
    before = len(hashes)
    for number in range(login_limits.ADDRESS_FAILURES):
        log_in(f"gast{number}", "falsch")
        clock(login_limits.BURST_WINDOW / (login_limits.FAILURE_BURST - 1))  # under the burst
    hashed = len(hashes)

    client, response = log_in("kapitaen-a", PASSWORD)

    assert hashed - before == login_limits.ADDRESS_FAILURES
    assert response.status_code == 429
    assert len(hashes) == hashed
    assert "_auth_user_id" not in client.session
    text = response.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen aus diesem Netz" in text
    assert "Bitte versuchen Sie es in" in text
    assert int(response["Retry-After"]) > 0


def test_a_flood_of_correct_logins_stops_at_the_ceiling_before_hashing(hashes):
    make_login("vereinsheim")
    for _ in range(login_limits.ADDRESS_CEILING):
        assert log_in("vereinsheim", PASSWORD)[1].status_code == 302
    hashed = len(hashes)

    client, response = log_in("vereinsheim", PASSWORD)

    assert response.status_code == 429
    assert len(hashes) == hashed
    assert "_auth_user_id" not in client.session
