"""The hall mode (skatverein/hall.py): keys kept in var/, the LAN address, plain HTTP."""

import ipaddress
import stat
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from skatverein import hall
from tests.test_settings import settings_under

BASE_DIR = Path(__file__).resolve().parent.parent


def test_the_keys_are_made_once_with_mode_600_and_then_reused(tmp_path):
    path = tmp_path / "var" / "hall-secrets.env"

    first = hall.read_or_create_secrets(path)
    second = hall.read_or_create_secrets(path)

    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first == second
    assert set(first) == {"SECRET_KEY", "SEAL_SECRET"}
    assert first["SECRET_KEY"] != first["SEAL_SECRET"]
    assert min(len(value) for value in first.values()) >= 60
    assert [p.name for p in path.parent.iterdir()] == ["hall-secrets.env"]  # no draft left


def test_a_key_file_readable_by_others_is_made_private_again(tmp_path):
    path = tmp_path / "hall-secrets.env"
    hall.read_or_create_secrets(path)
    path.chmod(0o644)

    hall.read_or_create_secrets(path)

    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_damaged_key_file_is_refused_never_replaced(tmp_path):
    path = tmp_path / "hall-secrets.env"
    path.write_text("SECRET_KEY=abc\n")

    with pytest.raises(ImproperlyConfigured, match="lacks SEAL_SECRET"):
        hall.read_or_create_secrets(path)

    assert path.read_text() == "SECRET_KEY=abc\n"


def test_the_lan_address_is_an_ipv4_address():
    assert ipaddress.ip_address(hall.lan_address()).version == 4


def test_the_hall_links_and_hosts_follow_the_address_and_port(tmp_path):
    chosen = hall.environment({"HALL_ADDRESS": "192.168.178.20", "HALL_PORT": "8080"}, tmp_path)

    assert chosen["SITE_URL"] == "http://192.168.178.20:8080"
    assert chosen["TABLE_SITE_URL"] == "http://192.168.178.20:8081"
    assert chosen["HALL_TABLE_PORT"] == "8081"
    assert chosen["CSRF_TRUSTED_ORIGINS"] == "http://192.168.178.20:8080,http://192.168.178.20:8081"
    assert chosen["ALLOWED_HOSTS"].split(",")[:3] == ["192.168.178.20", "localhost", "127.0.0.1"]
    assert chosen["SECURE_SSL_REDIRECT"] == "0"
    assert (tmp_path / "hall-secrets.env").exists()


def test_what_the_environment_sets_wins_over_the_hall(tmp_path):
    given = {
        "SECRET_KEY": "k" * 50,
        "SEAL_SECRET": "s" * 50,
        "SITE_URL": "https://saal.example.org",
        "ALLOWED_HOSTS": "saal.example.org",
    }

    chosen = hall.environment(given, tmp_path)

    assert not set(chosen) & set(given)
    assert not (tmp_path / "hall-secrets.env").exists()


@pytest.mark.parametrize(
    ("given", "tables"),
    [
        ({"HALL_TABLE_PORT": "9000"}, "http://10.0.0.5:9000"),
        # One pool: the tables use the one address, as in a plain deployment.
        ({"HALL_TABLE_PORT": "0"}, "http://10.0.0.5:8000"),
        # An address set by hand (a proxy in front routes the table paths itself).
        ({"SITE_URL": "https://saal.example.org"}, "https://saal.example.org"),
        ({"SITE_URL": "https://saal.example.org", "TABLE_SITE_URL": "http://10.0.0.5:8001"}, None),
    ],
)
def test_the_table_devices_address_follows_the_table_pool(tmp_path, given, tables):
    chosen = hall.environment({"HALL_ADDRESS": "10.0.0.5", **given}, tmp_path)

    assert chosen.get("TABLE_SITE_URL") == tables


@pytest.mark.parametrize(("port", "url"), [(80, "http://10.0.0.5"), (8000, "http://10.0.0.5:8000")])
def test_the_site_address_leaves_out_the_default_port(port, url):
    assert hall.site_url("10.0.0.5", port) == url


def test_hall_mode_serves_plain_http_without_debug(monkeypatch, tmp_path):
    settings = settings_under(
        monkeypatch,
        SKATVEREIN_HALL="1",
        HALL_ADDRESS="192.168.178.20",
        HALL_SECRETS_FILE=str(tmp_path / "keys.env"),
    )

    assert settings.DEBUG is False
    assert settings.SITE_URL == "http://192.168.178.20:8000"
    assert "192.168.178.20" in settings.ALLOWED_HOSTS
    assert settings.SECURE_SSL_REDIRECT is False
    assert settings.SECURE_HSTS_SECONDS == 0
    assert settings.SECURE_PROXY_SSL_HEADER is None
    assert (settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE) == (False, False)
    keys = hall.read_or_create_secrets(tmp_path / "keys.env")
    assert (settings.SECRET_KEY, settings.SEAL_SECRET) == (keys["SECRET_KEY"], keys["SEAL_SECRET"])


def test_hall_mode_with_an_https_address_keeps_cookies_secure(monkeypatch, tmp_path):
    settings = settings_under(
        monkeypatch,
        SKATVEREIN_HALL="1",
        SITE_URL="https://saal.skatfreunde.de",
        HALL_SECRETS_FILE=str(tmp_path / "keys.env"),
    )

    assert (settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE) == (True, True)


def test_without_hall_mode_production_still_redirects_and_marks_cookies_secure(monkeypatch):
    settings = settings_under(monkeypatch, SECRET_KEY="k" * 50, SEAL_SECRET="s" * 50)

    assert settings.HALL_MODE is False
    assert settings.SECURE_SSL_REDIRECT is True
    assert settings.SECURE_PROXY_SSL_HEADER == ("HTTP_X_FORWARDED_PROTO", "https")
    assert (settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE) == (True, True)
    assert settings.SECURE_HSTS_SECONDS == 60 * 60 * 24 * 365
    assert settings.SITE_URL == ""
