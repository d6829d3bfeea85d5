"""API tokens expire and can be revoked; the token and calculator endpoints are throttled."""

from datetime import timedelta

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests import factories as f
from tournaments.api.throttles import AddressRateThrottle
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db
PASSWORD = "richtig-geheim-4711"


@pytest.fixture(autouse=True)
def _fast_hasher_and_fresh_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


def user_with_password(username, staff=True):
    user = f.make_staff_user(username)
    user.is_staff = staff
    user.set_password(PASSWORD)
    user.save()
    return user


def token_client(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def age(token, days):
    Token.objects.filter(pk=token.pk).update(created=token.created - timedelta(days=days))


def test_a_fresh_token_signs_in():
    token = Token.objects.create(user=user_with_password("leitung"))

    assert token_client(token).get("/api/v1/auth/token/").status_code == 405
    assert token_client(token).post("/api/v1/clubs/", {}, format="json").status_code == 400


def test_an_expired_token_is_refused_and_deleted(settings):
    token = Token.objects.create(user=user_with_password("leitung"))
    age(token, settings.TOKEN_TTL_DAYS + 1)

    response = token_client(token).post("/api/v1/clubs/", {}, format="json")

    assert response.status_code in (401, 403)
    assert "expired" in response.json()["detail"].lower() or "abgelaufen" in str(response.json())
    assert not Token.objects.filter(pk=token.pk).exists()


def test_getting_a_token_replaces_an_expired_one(settings):
    user = user_with_password("leitung")
    old = Token.objects.create(user=user)
    age(old, settings.TOKEN_TTL_DAYS + 1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {old.key}")

    response = client.post(
        "/api/v1/auth/token/", {"username": "leitung", "password": PASSWORD}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["token"] != old.key
    assert Token.objects.get(user=user).key == response.json()["token"]


def test_delete_revokes_the_callers_own_token():
    token = Token.objects.create(user=user_with_password("leitung"))

    response = token_client(token).delete("/api/v1/auth/token/")

    assert response.status_code == 204
    assert not Token.objects.exists()
    assert token_client(token).delete("/api/v1/auth/token/").status_code in (401, 403)


def test_the_association_admin_revokes_another_users_token():
    admin = user_with_password("leitung")
    admin.is_superuser = True
    admin.save()
    director = Token.objects.create(user=admin)
    script = Token.objects.create(user=user_with_password("skript", staff=False))

    response = token_client(director).delete("/api/v1/auth/token/?username=skript")

    assert response.status_code == 204
    assert list(Token.objects.values_list("user__username", flat=True)) == ["leitung"]
    entry = AuditEntry.objects.get(action="api_token_revoked")
    assert (entry.actor, entry.object_repr) == ("leitung", "skript")
    assert script.user.is_active


@pytest.mark.parametrize(("username", "status"), [("leitung", 403), ("niemand", 403)])
def test_others_cannot_revoke_someone_elses_token(username, status):
    user_with_password("leitung")
    other = Token.objects.create(user=user_with_password("skript", staff=False))

    response = token_client(other).delete(f"/api/v1/auth/token/?username={username}")

    assert response.status_code == status
    assert Token.objects.count() == 1


def test_a_club_director_cannot_revoke_another_users_token():
    director = Token.objects.create(user=user_with_password("leitung"))
    Token.objects.create(user=user_with_password("skript", staff=False))

    response = token_client(director).delete("/api/v1/auth/token/?username=skript")

    assert response.status_code == 403
    assert Token.objects.count() == 2


def test_revoking_an_unknown_users_token_names_the_user():
    admin = user_with_password("leitung")
    admin.is_superuser = True
    admin.save()
    director = Token.objects.create(user=admin)

    response = token_client(director).delete("/api/v1/auth/token/?username=niemand")

    assert response.status_code == 404
    assert "niemand" in response.json()["detail"]


def test_throttle_rates_are_generous_for_a_hall(settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]

    # The door's self-registration: ten a minute per address (door/, docs/door.md); the
    # token endpoint: a hall's 30 apps behind one router within a minute, twice over.
    assert rates == {"game-value": "120/min", "token": "60/min", "self-registration": "10/min"}
    assert AddressRateThrottle.cache is cache
    assert isinstance(caches["default"], DatabaseCache)


@pytest.mark.parametrize(
    ("path", "scope", "body"),
    [
        ("/api/v1/game-value/", "game-value", {"game": "clubs", "matadors": 1, "won": True}),
        ("/api/v1/auth/token/", "token", {"username": "x", "password": "y"}),
    ],
)
def test_public_endpoints_are_throttled_per_address(monkeypatch, path, scope, body):
    monkeypatch.setattr(AddressRateThrottle, "THROTTLE_RATES", {scope: "3/min"})

    def post(address):
        return APIClient().post(path, body, format="json", REMOTE_ADDR=address)

    statuses = [post("203.0.113.5").status_code for _ in range(4)]

    assert statuses[:3] != [429] * 3 and statuses[3] == 429
    assert post("203.0.113.6").status_code != 429
