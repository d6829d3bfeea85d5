"""Real server processes for the publishing tests: a results portal, a hall, and a proxy
in front of the portal that fails the way networks fail.

Both servers are ``manage.py runserver`` on a free port of 127.0.0.1 with their own
database and secrets; only PATH comes from the test's environment (as in
tests/hall_server.py). The portal's database is PostgreSQL when the suite runs on
PostgreSQL (CI's second run, as a portal is installed), a fresh database on the same server
made for it and dropped after; else a SQLite file of its own. The hall's is always a SQLite
file of its own, as a hall's laptop keeps it, and its sender thread runs in its serving
process as ``runserver`` starts it (``hall_process.py``)."""

import base64
import contextlib
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from tests.hall_server import BASE_DIR, START_TIMEOUT_SECONDS, free_port

PORTAL_ADMIN = ("portal-admin", "portal-admin-password-2026")


def _suite_postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in ("postgres", "postgresql", "pgsql") else None


@contextlib.contextmanager
def portal_database(folder: Path):
    """Yields the portal's ``DATABASE_URL``: a new PostgreSQL database on the suite's
    server (``<name>_portal_<pid>``, dropped afterwards) when the suite runs on
    PostgreSQL, else a SQLite file in ``folder``."""
    suite_url = _suite_postgres_url()
    if suite_url is None:
        yield f"sqlite:///{folder / 'portal.sqlite3'}"
        return
    import psycopg
    from psycopg import sql

    parts = urlsplit(suite_url)
    name = f"{parts.path.lstrip('/') or 'skatverein'}_portal_{os.getpid()}"
    # CREATE/DROP DATABASE cannot run in a transaction; the suite's database is the one
    # this role may surely connect to.
    server = urlunsplit(("postgresql", *parts[1:]))
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(("postgres", parts.netloc, f"/{name}", "", ""))
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def portal_rows(database_url: str, table: str) -> int:
    """How many rows ``table`` holds in the portal's own database, read directly."""
    if database_url.startswith("sqlite:///"):
        import sqlite3

        with contextlib.closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as db:
            return db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]  # noqa: S608
    import psycopg
    from psycopg import sql

    with psycopg.connect(urlunsplit(("postgresql", *urlsplit(database_url)[1:]))) as db:
        query = sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))
        return db.execute(query).fetchone()[0]


def portal_environment(folder: Path, database_url: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "DEBUG": "0",
        "SECRET_KEY": "portal-secret-key-for-tests-only-0123456789-abcdefghijklmnopqrstuv",
        "SEAL_SECRET": "portal-seal-secret-for-tests-only-0123456789-abcdefghijklmnopqrst",
        "DATABASE_URL": database_url,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SKATVEREIN_PORTAL": "1",
        "API_BASIC_AUTH": "1",
        "MEDIA_ROOT": str(folder / "media"),
        "DJANGO_SUPERUSER_USERNAME": PORTAL_ADMIN[0],
        "DJANGO_SUPERUSER_PASSWORD": PORTAL_ADMIN[1],
        "DJANGO_SUPERUSER_EMAIL": "portal@example.org",
    }


@contextlib.contextmanager
def portal_server(folder: Path, database_url: str):
    """Migrate a fresh portal database, create its superuser, serve it; yields its URL."""
    environment = portal_environment(folder, database_url)
    for command in (["migrate", "--noinput"], ["createsuperuser", "--noinput"]):
        done = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT_SECONDS,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    with serving(folder / "portal.log", [sys.executable, "manage.py"], environment) as url:
        yield url


@contextlib.contextmanager
def serving(log_path: Path, program: list[str], environment: dict[str, str]):
    """``program runserver`` on a free port until /healthz answers; yields its URL and
    stops it (this process only) after."""
    port = free_port()
    log = log_path.open("w")  # what it printed, for a failing test to read
    process = subprocess.Popen(
        [*program, "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=BASE_DIR,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            assert process.poll() is None, f"the server ended: {log_path.read_text()}"
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{url}/healthz", timeout=5).read()
                break
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


HALL_DIRECTOR = ("hall-director", "hall-director-password-2026")
# Built in the hall's own database before it serves: a tournament of 8 players and two
# series whose lists are all signed and whose series are finished (the tournament itself
# is finished over the hall's API), its first player published by full name. Prints the
# ids the test drives the API with.
_HALL_TOURNAMENT = f"""
import json
from django.contrib.auth import get_user_model
from tests import factories as f
from tests.publishing.conftest import with_club
from tournaments.models import Table
from tournaments.services import states

director = get_user_model().objects.create_superuser(
    {HALL_DIRECTOR[0]!r}, "hall@example.org", {HALL_DIRECTOR[1]!r}
)
tournament = with_club(f.make_played_tournament(players=8, series=2), "Skatfreunde Nord")
named = tournament.participants.order_by("start_number").first().player
named.first_name, named.last_name, named.publication = "Erika", "Mustermann", "full"
named.save()
for table in Table.objects.filter(series__tournament=tournament):
    f.sign_all(table)
for series in tournament.series.all():
    states.apply(series, "finish", director)
first = Table.objects.get(series__tournament=tournament, series__number=1, number=1)
ids = {{"tournament": tournament.pk, "series": first.series_id, "table": first.pk}}
print(json.dumps({{**ids, "named_player": named.pk}}))
"""
HALL_PROGRAM = [sys.executable, str(Path(__file__).with_name("hall_process.py"))]


def hall_environment(folder: Path, sender_timeout_seconds: float) -> dict[str, str]:
    """A hall on a SQLite file of its own, whatever database the suite runs on, with the
    suite's secrets; its sender waits ``sender_timeout_seconds`` for an answer."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "DEBUG": "0",
        "SECRET_KEY": os.environ["SECRET_KEY"],
        "SEAL_SECRET": os.environ["SEAL_SECRET"],
        "DATABASE_URL": f"sqlite:///{folder / 'hall.sqlite3'}",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "MEDIA_ROOT": str(folder / "hall-media"),
        "HALL_SENDER_TIMEOUT_SECONDS": str(sender_timeout_seconds),
    }


@contextlib.contextmanager
def hall_server(folder: Path, sender_timeout_seconds: float):
    """Migrate the hall's database, build its tournament, serve it with its sender
    running; yields (its URL, the ids the tournament-building printed)."""
    environment = hall_environment(folder, sender_timeout_seconds)
    printed = ""
    for command in (["migrate", "--noinput"], ["shell", "-c", _HALL_TOURNAMENT]):
        done = subprocess.run(
            [*HALL_PROGRAM, *command],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT_SECONDS,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        printed = done.stdout
    ids = json.loads(printed.strip().splitlines()[-1])
    with serving(folder / "hall.log", HALL_PROGRAM, environment) as url:
        yield url, ids


def call(url: str, *, method="GET", body=None, auth=None, token=None) -> tuple[int, dict]:
    """(status, JSON answer) of one request; ``auth``: (user, password) for basic auth,
    ``token``: an API token."""
    headers = {"Content-Type": "application/json", "Accept-Language": "de"}
    if token is not None:
        headers["Authorization"] = f"Token {token}"
    if auth is not None:
        pair = base64.b64encode(":".join(auth).encode()).decode()
        headers["Authorization"] = f"Basic {pair}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class FlakyProxy(http.server.ThreadingHTTPServer):
    """Forwards to ``upstream``; of the uploads (POSTs) it answers the first with 502
    without forwarding it, forwards the second but drops the connection instead of
    answering (the portal stored it, the hall never hears so), forwards the third but
    holds the answer ``hold_seconds`` (longer than the sender waits: it gives up); the
    rest pass."""

    daemon_threads = True

    def __init__(self, upstream: str, *, hold_seconds: float = 30):
        super().__init__(("127.0.0.1", 0), _ProxyHandler)
        self.upstream = upstream
        self.hold_seconds = hold_seconds
        self.uploads: list[str] = []  # what happened to each upload, in order
        self.url = f"http://127.0.0.1:{self.server_address[1]}"

    @contextlib.contextmanager
    def running(self):
        thread = threading.Thread(target=self.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.shutdown()
            self.server_close()
            thread.join(timeout=10)


class _ProxyHandler(http.server.BaseHTTPRequestHandler):
    server: FlakyProxy

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):
        self._relay(*self._forward(None))

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        uploads = self.server.uploads
        if not uploads:
            uploads.append("502")
            self._relay(502, b'{"detail": "Bad Gateway"}')
            return
        status, answer = self._forward(body)
        if len(uploads) == 1:
            uploads.append(f"dropped after {status}")
            self.close_connection = True  # no answer at all: the socket just closes
            return
        if len(uploads) == 2:
            uploads.append(f"held after {status}")
            time.sleep(self.server.hold_seconds)  # the sender has given up by now
            with contextlib.suppress(OSError):  # and may have closed its end
                self._relay(status, answer)
            return
        uploads.append(str(status))
        self._relay(status, answer)

    def _forward(self, body: bytes | None) -> tuple[int, bytes]:
        headers = {
            name: value
            for name, value in self.headers.items()
            if name.lower() in ("content-type", "authorization", "accept-language")
        }
        request = urllib.request.Request(
            self.server.upstream + self.path, data=body, headers=headers, method=self.command
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def _relay(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
