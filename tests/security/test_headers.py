"""Every page carries the Content-Security-Policy; the project's login is its own page."""

import pytest
from django.conf import settings
from django.contrib.auth.hashers import Argon2PasswordHasher, identify_hasher

from tests import factories as f
from tournaments.services import table_access

pytestmark = pytest.mark.django_db
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; worker-src 'self'; manifest-src 'self'"
)


def policy_of(response):
    return "; ".join(
        sorted(part.strip() for part in response["Content-Security-Policy"].split(";"))
    )


@pytest.mark.parametrize(
    "path", ["/", "/turniere/", "/rechner/", "/anmelden/", "/admin/login/", "/api/v1/clubs/"]
)
def test_public_pages_carry_the_policy(client, path):
    response = client.get(path)

    assert response.status_code == 200
    assert policy_of(response) == "; ".join(sorted(POLICY.split("; ")))


@pytest.mark.parametrize("path", ["/leitung/", "/admin/", "/admin/tournaments/tournament/"])
def test_director_and_admin_pages_carry_the_policy(director_client, path):
    user = f.make_staff_user()
    user.is_superuser = True
    user.save()
    director_client.force_login(user)

    response = director_client.get(path)

    assert response.status_code == 200
    assert "script-src 'self'" in response["Content-Security-Policy"].split("; ")


def test_table_pages_carry_the_policy(client):
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    response = client.post("/tisch/", {"code": code}, follow=True)

    assert response.status_code == 200
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert {"worker-src 'self'", "manifest-src 'self'"} <= set(
        response["Content-Security-Policy"].split("; ")
    )


def test_the_api_docs_relax_only_inline_styles(client):
    response = client.get("/api/docs/")
    script = client.get("/api/docs/?script=")

    assert "style-src 'self' 'unsafe-inline'" in response["Content-Security-Policy"]
    assert "script-src 'self'" in response["Content-Security-Policy"].split("; ")
    assert b"<script>" not in response.content
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")


def test_login_url_is_the_projects_own_page(client):
    response = client.get("/leitung/")

    assert response.status_code == 302
    assert response["Location"].startswith("/anmelden/?next=")
    assert settings.LOGIN_URL == "/anmelden/"


def test_passwords_are_hashed_with_argon2():
    user = f.make_staff_user()

    user.set_password("richtig-geheim-4711")

    assert identify_hasher(user.password).algorithm == "argon2"


def _argon2_time_cost(password_hash):
    return identify_hasher(password_hash).decode(password_hash)["time_cost"]


def test_tests_hash_passwords_at_a_test_sized_cost():
    user = f.make_staff_user()

    user.set_password("richtig-geheim-4711")

    assert _argon2_time_cost(user.password) == 1  # tests/hashers.py, set in tests/conftest.py


@pytest.mark.real_password_hashing
def test_a_test_marked_so_hashes_at_the_production_cost():
    user = f.make_staff_user()

    user.set_password("richtig-geheim-4711")

    assert _argon2_time_cost(user.password) == Argon2PasswordHasher.time_cost > 1
