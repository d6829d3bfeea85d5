"""``manage.py hall`` (``make run``): a fresh clone serves the phones over the LAN address."""

import http.client
import re
import sqlite3
import stat
import subprocess
import sys
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
from django.core.management import CommandError, call_command

from tests.hall_server import (
    BASE_DIR,
    START_TIMEOUT_SECONDS,
    free_port,
    hall_environment,
    hall_server,
    printed_password,
    run_hall,
)
from tournaments.management.commands import hall as hall_command

HALL_ADDRESS = "192.168.178.20"


def test_the_command_refuses_to_run_outside_the_hall_mode():
    with pytest.raises(CommandError, match="make run"):
        call_command("hall", "--no-server")


class Browser:
    """Plain HTTP under the hall's address (the Host header), with cookies: a phone."""

    def __init__(self, port: int, host: str):
        self.port, self.host, self.cookies = port, host, SimpleCookie()
        self.set_cookie_headers: list[str] = []

    def request(self, method: str, path: str, form=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Host": self.host, "Accept-Language": "de"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v.value}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"http://{self.host}"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.set_cookie_headers.append(header)
            self.cookies.load(header)
        connection.close()
        return response, text


def test_a_fresh_clone_serves_the_hall_over_its_lan_address(tmp_path):
    table_port = free_port()
    with hall_server(tmp_path, HALL_ADDRESS=HALL_ADDRESS, HALL_TABLE_PORT=str(table_port)) as (
        port,
        output,
    ):
        address = f"http://{HALL_ADDRESS}:{port}/"
        assert "Für die Handys (im selben WLAN wie dieser Rechner)" in output
        assert address in output
        assert "Für die Tischgeräte: die QR-Codes auf den Tischkarten" in output
        assert f"http://{HALL_ADDRESS}:{table_port}/tisch/" in output
        qr_rows = [line for line in output.splitlines() if set(line) <= set("█▀▄ ") and line]
        assert len(qr_rows) >= 15  # the address as a QR code, drawn with block characters
        password = printed_password(output)
        assert password and "Benutzername: leitung" in output

        phone = Browser(port, f"{HALL_ADDRESS}:{port}")
        response, page = phone.request("GET", "/turniere/")
        assert response.status == 200
        assert "Demo-Clubabend" in page

        response, page = phone.request("GET", "/anmelden/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        response, _page = phone.request(
            "POST",
            "/anmelden/",
            {"csrfmiddlewaretoken": token, "username": "leitung", "password": password},
        )
        assert (response.status, response.headers["Location"]) == (302, "/leitung/")
        assert not [header for header in phone.set_cookie_headers if "Secure" in header]
        response, page = phone.request("GET", "/leitung/")
        assert response.status == 200
        assert "Demodaten" in page

        stranger = Browser(port, "evil.example.org")
        response, _page = stranger.request("GET", "/turniere/")
        assert response.status == 400

        # The table pool: the device's pages, but no login and no director's page.
        device = Browser(table_port, f"{HALL_ADDRESS}:{table_port}")
        response, page = device.request("GET", "/tisch/")
        assert response.status == 200
        assert 'name="code"' in page
        response, page = device.request("POST", "/anmelden/", {"username": "leitung"})
        assert response.status == 421
        assert f"Hauptadresse der Halle: {address}" in page

    keys = tmp_path / "hall-secrets.env"
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600


def test_a_second_start_keeps_the_keys_the_login_and_the_data(tmp_path):
    first = run_hall(tmp_path, "--no-server")
    keys = (tmp_path / "hall-secrets.env").read_text()

    second = run_hall(tmp_path, "--no-server")

    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert printed_password(first.stdout)
    assert printed_password(second.stdout) is None
    assert "wie beim ersten Start angezeigt" in second.stdout
    assert (tmp_path / "hall-secrets.env").read_text() == keys
    with sqlite3.connect(tmp_path / "hall.sqlite3") as database:
        demo = database.execute(
            "SELECT count(*) FROM tournaments_tournament WHERE is_demo"
        ).fetchone()
        directors = database.execute("SELECT username FROM auth_user").fetchall()
    assert demo == (2,)
    assert directors == [("leitung",)]


def set_password(folder, password: str) -> None:
    """What ``make password`` does, without its prompt."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        "user = get_user_model().objects.get(username='leitung')\n"
        f"user.set_password({password!r}); user.save()\n"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=BASE_DIR,
        env=hall_environment(folder),
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT_SECONDS,
    )
    assert result.returncode == 0, result.stderr


def test_the_banner_never_claims_a_password_that_no_longer_works(tmp_path):
    """Once the password changed (``make password``, or the demo's published one set by
    an older ``make dev`` on the same database), "as shown at the first start" is false."""
    assert run_hall(tmp_path, "--no-server").returncode == 0
    set_password(tmp_path, "a new one of the club")

    changed = run_hall(tmp_path, "--no-server")
    set_password(tmp_path, "skat-demo")
    published = run_hall(tmp_path, "--no-server")

    assert "Passwort: wie zuletzt gesetzt (make password setzt ein neues)" in changed.stdout
    assert "wie beim ersten Start" not in changed.stdout
    assert (
        "WARNUNG: Das Passwort ist das veröffentlichte Demo-Passwort. Setzen Sie sofort ein "
        "neues: make password" in published.stdout
    )


def test_without_the_demo_a_new_database_starts_empty(tmp_path):
    result = run_hall(tmp_path, "--no-server", "--no-demo")

    assert result.returncode == 0, result.stderr
    assert "Demo" not in result.stdout
    with sqlite3.connect(tmp_path / "hall.sqlite3") as database:
        assert database.execute("SELECT count(*) FROM tournaments_tournament").fetchone() == (0,)


def test_the_hall_runs_a_table_pool_first_and_the_rest_below_its_priority(settings, monkeypatch):
    settings.HALL_PORT, settings.HALL_TABLE_PORT = 8000, 8001
    monkeypatch.delenv("HALL_NICE", raising=False)
    monkeypatch.setenv("HALL_TABLE_WORKERS", "3")

    tables, rest = hall_command.pools()

    assert tables.environment == {
        "GUNICORN_BIND": "0.0.0.0:8001",
        "GUNICORN_NICE": "0",
        "SKATVEREIN_POOL": "tables",
    }
    assert rest.environment == {
        "GUNICORN_BIND": "0.0.0.0:8000",
        "GUNICORN_NICE": "10",
        "SKATVEREIN_POOL": "hall",
    }
    assert "--workers=3" in tables.command
    assert not [word for word in rest.command if word.startswith("--workers")]
    for pool in (tables, rest):
        assert pool.command[1:3] == ["-m", "gunicorn"]
        assert pool.command[-1] == "skatverein.wsgi"
        assert str(BASE_DIR / "gunicorn.conf.py") in pool.command


def test_the_hall_pools_priority_and_one_pool_are_configurable(settings, monkeypatch):
    settings.HALL_PORT, settings.HALL_TABLE_PORT = 8000, 8001
    monkeypatch.setenv("HALL_NICE", "5")
    monkeypatch.setenv("HALL_BIND", "127.0.0.1")

    assert hall_command.pools()[1].environment["GUNICORN_NICE"] == "5"
    assert hall_command.pools()[0].environment["GUNICORN_BIND"] == "127.0.0.1:8001"

    settings.HALL_TABLE_PORT = 0
    (one,) = hall_command.pools()
    assert one.environment == {"GUNICORN_BIND": "127.0.0.1:8000"}


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_hall_keeps_its_personal_data_readable_by_its_owner_only(tmp_path):
    """The database, the backups, the stored files and the keys hold names, PINs and table
    codes: a fresh start creates them for the owner only (files 600, folders 700)."""
    backups, media = tmp_path / "backups", tmp_path / "media"

    result = run_hall(tmp_path, "--no-server", BACKUP_DIR=str(backups), MEDIA_ROOT=str(media))

    assert result.returncode == 0, result.stderr
    assert _mode(tmp_path / "hall.sqlite3") == 0o600
    assert _mode(tmp_path / "hall-secrets.env") == 0o600
    assert _mode(tmp_path / "hall-login.stamp") == 0o600
    assert (_mode(backups), _mode(media)) == (0o700, 0o700)


def test_a_start_repairs_the_modes_of_files_made_readable_by_others(tmp_path):
    backups, media = tmp_path / "backups", tmp_path / "media"
    extra = {"BACKUP_DIR": str(backups), "MEDIA_ROOT": str(media)}
    assert run_hall(tmp_path, "--no-server", **extra).returncode == 0
    old_backup = backups / "skatverein-20261128-2200.json.gz"
    old_backup.write_bytes(b"backup")
    sealed = media / "lists" / "list.pdf"
    sealed.parent.mkdir(parents=True)
    sealed.write_bytes(b"%PDF")
    for path in (tmp_path / "hall.sqlite3", tmp_path / "hall-secrets.env", old_backup, sealed):
        path.chmod(0o644)
    for folder in (backups, media, sealed.parent):
        folder.chmod(0o755)

    result = run_hall(tmp_path, "--no-server", **extra)

    assert result.returncode == 0, result.stderr
    files = (tmp_path / "hall.sqlite3", tmp_path / "hall-secrets.env", old_backup, sealed)
    assert [_mode(path) for path in files] == [0o600] * 4
    assert [_mode(folder) for folder in (backups, media, sealed.parent)] == [0o700] * 3


def test_the_hall_login_is_a_director_not_a_superuser(tmp_path):
    result = run_hall(tmp_path, "--no-server", "--no-demo")

    assert result.returncode == 0, result.stderr
    with sqlite3.connect(tmp_path / "hall.sqlite3") as database:
        login = database.execute(
            "SELECT is_staff, is_superuser FROM auth_user WHERE username = 'leitung'"
        ).fetchone()
    assert login == (1, 0)
