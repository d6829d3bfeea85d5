"""``manage.py createdirector``: a staff login for the director pages, not an admin."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command("createdirector", *args, stdout=out)
    return out.getvalue()


def test_director_is_staff_without_admin_permissions_and_gets_a_printed_password(client):
    output = run("leitung-herbst")

    user = get_user_model().objects.get(username="leitung-herbst")
    assert (user.is_staff, user.is_superuser) == (True, False)
    password = output.split("write it down): ")[1].strip()
    assert user.check_password(password)
    client.force_login(user)
    assert client.get("/leitung/").status_code == 200


def test_password_from_the_environment_is_used(monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "Kreuz-Bube-mit-vier")

    output = run("leitung", "--password-env", "DIRECTOR_PASSWORD")

    assert "write it down" not in output
    assert get_user_model().objects.get(username="leitung").check_password("Kreuz-Bube-mit-vier")


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["leitung", "--password-env", "EMPTY"], {}, "EMPTY is empty or not set"),
        (["leitung", "--password-env", "WEAK"], {"WEAK": "skat"}, "too weak"),
        (["  "], {}, "login name"),
    ],
)
def test_bad_input_is_refused_with_the_fix(monkeypatch, args, env, message):
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    with pytest.raises(CommandError, match=message):
        run(*args)
    assert not get_user_model().objects.exists()


def test_an_existing_login_is_changed_only_with_update():
    run("leitung")
    with pytest.raises(CommandError, match="exists already"):
        run("leitung")

    output = run("leitung", "--update")

    assert "write it down" in output
    assert get_user_model().objects.filter(username="leitung").count() == 1
