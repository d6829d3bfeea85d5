"""Settings: environment parsing and the production safety checks."""

import json
import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

from skatverein.env import (
    DEVELOPMENT_SEAL_SECRET,
    database_config,
    env_bool,
    env_int,
    env_list,
    seal_secret,
)

BASE_DIR = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("TRUE", True),
        ("yes", True),
        (" on ", True),
        ("0", False),
        ("false", False),
        ("No", False),
        ("off", False),
    ],
)
def test_env_bool_reads_truthy_and_falsy_words(raw, expected):
    assert env_bool("FLAG", default=not expected, environ={"FLAG": raw}) is expected


@pytest.mark.parametrize("environ", [{}, {"FLAG": ""}, {"FLAG": "  "}])
@pytest.mark.parametrize("default", [True, False])
def test_env_bool_falls_back_to_default_when_unset_or_blank(environ, default):
    assert env_bool("FLAG", default=default, environ=environ) is default


def test_env_bool_rejects_unknown_words():
    with pytest.raises(ImproperlyConfigured, match="FLAG"):
        env_bool("FLAG", environ={"FLAG": "ture"})


def test_env_bool_reads_the_process_environment_by_default():
    assert env_bool("SKATVEREIN_SURELY_UNSET_VARIABLE", default=True) is True


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("example.org", ["example.org"]),
        ("a.example.org, b.example.org", ["a.example.org", "b.example.org"]),
        (" a ,, b ,", ["a", "b"]),
    ],
)
def test_env_list_splits_on_commas(raw, expected):
    assert env_list("HOSTS", environ={"HOSTS": raw}) == expected


@pytest.mark.parametrize("environ", [{}, {"HOSTS": ""}, {"HOSTS": " , "}])
def test_env_list_falls_back_to_default(environ):
    assert env_list("HOSTS", default=["localhost"], environ=environ) == ["localhost"]
    assert env_list("HOSTS", environ=environ) == []


def test_database_config_for_sqlite():
    config = database_config("sqlite:////srv/skat/db.sqlite3")

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/srv/skat/db.sqlite3"
    assert config["CONN_MAX_AGE"] is None  # kept for the worker's life: no set-up per request


def test_database_config_for_sqlite_lets_writers_queue_up():
    options = database_config("sqlite:////srv/skat/db.sqlite3")["OPTIONS"]

    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 10
    assert "journal_mode=WAL" in options["init_command"]


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_database_config_for_postgres(scheme):
    config = database_config(f"{scheme}://skat:geheim@db.example.org:5433/skatverein")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "skatverein"
    assert config["HOST"] == "db.example.org"
    assert config["PORT"] == 5433
    assert config["USER"] == "skat"
    assert config["PASSWORD"] == "geheim"
    assert config["CONN_MAX_AGE"] == 60
    assert config["CONN_HEALTH_CHECKS"] is True


def _run_python(args, **env):
    """Run Python in the project directory with nothing but ``env`` (and PATH) set.

    A clean environment makes sure the developer's or CI's own variables cannot hide
    a setting that production would be missing.
    """
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env={"PATH": os.environ.get("PATH", ""), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_under(monkeypatch, **env):
    """The settings module's values, read afresh with nothing but ``env`` (and PATH) set.

    The module runs in this process, as ``django.setup()`` would import it, under a clean
    environment, so the developer's or CI's own variables cannot hide a setting that
    production would be missing. Whether Django then starts is checked in a real process
    (``_run_python``) by the tests below that need it.
    """
    monkeypatch.setattr(os, "environ", {"PATH": os.environ.get("PATH", ""), **env})
    return SimpleNamespace(**runpy.run_path(str(BASE_DIR / "skatverein" / "settings.py")))


def test_missing_secret_key_without_debug_fails_clearly(monkeypatch):
    with pytest.raises(ImproperlyConfigured) as refused:
        settings_under(monkeypatch)

    assert "SECRET_KEY environment variable is not set" in str(refused.value)
    assert "export SECRET_KEY=" in str(refused.value)


def test_debug_mode_starts_without_secret_key():
    result = _run_python(
        ["-c", "import django; django.setup()"],
        DJANGO_SETTINGS_MODULE="skatverein.settings",
        DEBUG="1",
    )

    assert result.returncode == 0, result.stderr


def test_production_settings_pass_the_deploy_check():
    result = _run_python(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        SECRET_KEY=secrets.token_urlsafe(50),
        SEAL_SECRET=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="skat.example.org",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_missing_seal_secret_without_debug_fails_clearly(monkeypatch):
    with pytest.raises(ImproperlyConfigured) as refused:
        settings_under(monkeypatch, SECRET_KEY=secrets.token_urlsafe(50))

    assert "SEAL_SECRET environment variable is not set" in str(refused.value)
    assert "export SEAL_SECRET=" in str(refused.value)


SEAL = "s" * 40


@pytest.mark.parametrize(
    ("environ", "secret_key", "message"),
    [
        ({}, "k" * 50, "SEAL_SECRET environment variable is not set"),
        ({"SEAL_SECRET": "short"}, "k" * 50, "only 5 characters"),
        ({"SEAL_SECRET": SEAL}, SEAL, "must differ from SECRET_KEY"),
    ],
)
def test_seal_secret_is_required_long_and_own_without_debug(environ, secret_key, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        seal_secret(False, secret_key, environ)


@pytest.mark.parametrize(
    ("debug", "environ", "expected"),
    [
        (False, {"SEAL_SECRET": SEAL}, SEAL),
        (True, {}, DEVELOPMENT_SEAL_SECRET),
        (True, {"SEAL_SECRET": "short"}, "short"),
    ],
)
def test_seal_secret_comes_from_the_environment_or_a_development_default(debug, environ, expected):
    assert seal_secret(debug, "k" * 50, environ) == expected


def _production_settings(monkeypatch, **env):
    """The settings without ``DEBUG``, with the two secrets and ``env`` set."""
    secrets_set = {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "SEAL_SECRET": secrets.token_urlsafe(50),
    }
    return settings_under(monkeypatch, **secrets_set, **env)


BASIC = "tournaments.api.authentication.LoginThrottledBasicAuthentication"


@pytest.mark.parametrize(
    ("env", "basic_on"),
    [({}, False), ({"API_BASIC_AUTH": "1"}, True), ({"DEBUG": "1"}, True)],
)
def test_http_basic_is_off_in_production_unless_switched_on(monkeypatch, env, basic_on):
    settings = _production_settings(monkeypatch, **env)

    assert (BASIC in settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]) is basic_on


def test_security_defaults_in_production(monkeypatch):
    settings = _production_settings(monkeypatch)

    assert settings.TRUSTED_PROXY_COUNT == 0
    assert settings.TOKEN_TTL_DAYS == 30
    assert settings.LOGIN_URL == "/anmelden/"
    assert settings.PASSWORD_HASHERS[0] == "django.contrib.auth.hashers.Argon2PasswordHasher"
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [({}, 7), ({"N": ""}, 7), ({"N": " 2 "}, 2), ({"N": "0"}, 0)],
)
def test_env_int_reads_whole_numbers(environ, expected):
    assert env_int("N", default=7, environ=environ) == expected


@pytest.mark.parametrize("raw", ["zwei", "1.5", "-1"])
def test_env_int_rejects_what_is_not_a_whole_number(raw):
    with pytest.raises(ImproperlyConfigured, match="N has the value"):
        env_int("N", default=0, environ={"N": raw})


def test_with_http_basic_switched_on_the_schema_documents_it_without_warnings(tmp_path):
    schema = tmp_path / "schema.json"
    result = _run_python(
        ["manage.py", "spectacular", "--fail-on-warn", "--format", "openapi-json"]
        + ["--file", str(schema)],
        SECRET_KEY=secrets.token_urlsafe(50),
        SEAL_SECRET=secrets.token_urlsafe(50),
        API_BASIC_AUTH="1",
    )

    assert result.returncode == 0, result.stderr[-2000:]
    schemes = json.loads(schema.read_text())["components"]["securitySchemes"]
    assert schemes["basicAuth"] == {"type": "http", "scheme": "basic"}


@pytest.mark.parametrize(
    ("env", "rate"), [({}, "10/min"), ({"DOOR_REGISTRATIONS_PER_MINUTE": "40"}, "40/min")]
)
def test_the_door_takes_registrations_per_address_at_the_configured_rate(monkeypatch, env, rate):
    """A hall behind one router shares one address: the rate is raised there
    (docs/door.md)."""
    settings = _production_settings(monkeypatch, **env)

    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["self-registration"] == rate
