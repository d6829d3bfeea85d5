"""``manage.py hall``: serve a club evening from this laptop to the phones in the hall.

``make run`` calls it with ``SKATVEREIN_HALL=1`` (settings: keys from var/, the LAN
address, plain HTTP; skatverein/hall.py). It brings the database up to date, loads the
demo into a new database, makes sure a director can log in (a password generated on the
first start and printed once), collects the static files, prints the address for the
phones with its QR code, and then runs gunicorn with the project's gunicorn.conf.py in two
pools of workers (:func:`pools`):

- the table pool on ``HALL_TABLE_PORT`` (the hall's port + 1), ``SKATVEREIN_POOL=tables``:
  answers the table devices only (tournaments/web/table_pool.py), at normal CPU priority,
  with ``HALL_TABLE_WORKERS`` workers (default: one per core and one more, so a device's
  post never waits for a free worker while another waits for the database);
- the hall pool on ``HALL_PORT``: logins, the director, rankings, phones, at CPU priority
  ``HALL_NICE`` (10: about a tenth of a busy core's share against the tables), with
  gunicorn.conf.py's workers (``GUNICORN_WORKERS``, 2 × cores + 1).

A flood of logins then competes with the tables for nothing but the few CPU cycles the
kernel leaves to nice 10. ``HALL_TABLE_PORT=0`` runs one pool, as a plain deployment does.
"""

import io
import os
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils.translation import gettext as _

from skatverein import hall, private_files
from skatverein.env import env_int
from tournaments.models import Tournament
from tournaments.services import roles
from tournaments.services.demo.evening import has_demo_password, load_demo

DIRECTOR_USERNAME = "leitung"
PASSWORD_BYTES = 9  # 12 characters: typed once per evening on the laptop
DEFAULT_BIND = "0.0.0.0"  # every network interface, so the phones reach it
LOGIN_STAMP_NAME = "hall-login.stamp"
DEFAULT_HALL_NICE = 10  # the hall pool's CPU priority below the table pool's (0)
MAX_TABLE_WORKERS = 4


class Command(BaseCommand):
    help = (
        "Serve the hall: migrate, load the demo into a new database, create the director's "
        "login, collect static files, print the address for the phones, start gunicorn. "
        "Run it through `make run`."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--no-demo", action="store_true", help="Do not load the demo into a new database."
        )
        parser.add_argument(
            "--no-server",
            action="store_true",
            help="Prepare and print the addresses, but do not start the server.",
        )

    def handle(self, *args, no_demo: bool, no_server: bool, **options) -> None:
        if not settings.HALL_MODE:
            raise CommandError(
                _("Start the hall server with 'make run' (it sets SKATVEREIN_HALL=1).")
            )
        private_files.owner_only_umask()  # also for the server's processes it starts
        protect_personal_data()
        new_database = Tournament._meta.db_table not in connection.introspection.table_names()
        call_command("migrate", interactive=False, verbosity=0)
        director, password = ensure_director()
        demo = new_database and not no_demo
        if demo:
            load_demo(director)
        call_command("collectstatic", interactive=False, verbosity=0)
        if password:
            remember_printed_password(director)
        protect_personal_data()
        self.stdout.write(
            banner(director.get_username(), password_line(director, password), demo=demo)
        )
        if not no_server:
            serve()


def protect_personal_data() -> None:
    """The database, the backups, the stored files and the keys: readable by their owner
    only, repaired on every start (skatverein/private_files.py, docs/privacy.md)."""
    database = settings.DATABASES["default"]
    files = [hall.secrets_file(os.environ, settings.VAR_DIR), login_stamp_file()]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        files += private_files.sqlite_files(Path(database["NAME"]))
    folders = [Path(settings.BACKUP_DIR), Path(settings.MEDIA_ROOT)]
    for folder in folders:  # made now, so that the first backup lands in a private folder
        folder.mkdir(mode=private_files.FOLDER_MODE, parents=True, exist_ok=True)
    private_files.make_private(files, folders)


@transaction.atomic
def ensure_director():
    """The director who logs in on this laptop, and their password if it was made now.

    The first start creates ``leitung`` with a random password (the only time it can be
    shown): a director (staff), not a superuser, since the hall serves plain HTTP to a
    shared Wi-Fi; they direct every club that names no directors, which on a hall's
    laptop is its club. A superuser is made only by ``createsuperuser``. Later starts find
    the logins that exist and never touch their passwords.
    """
    users = get_user_model().objects
    existing = roles.directors(users).order_by("date_joined", "id").first()
    if existing is not None:
        return existing, None
    password = secrets.token_urlsafe(PASSWORD_BYTES)
    director = users.create_user(DIRECTOR_USERNAME, email="", password=password)
    roles.make_director(director)
    director.save()
    return director, password


def login_stamp_file() -> Path:
    """Where the hall notes which password it printed: beside its keys (a fingerprint, an
    HMAC of the password's hash under the hall's key, never the password)."""
    return hall.secrets_file(os.environ, settings.VAR_DIR).with_name(LOGIN_STAMP_NAME)


def _login_stamp(director) -> str:
    return f"{director.get_username()} {director.get_session_auth_hash()}\n"


def remember_printed_password(director) -> None:
    path = login_stamp_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_login_stamp(director), encoding="utf-8")
    path.chmod(private_files.FILE_MODE)


def password_line(director, password: str | None) -> str:
    """The banner's line about the director's password, true whatever happened since the
    first start: the new password itself; a warning while it is the demo's published one;
    "as shown at the first start" only while it still is that one."""
    if password:
        return _("Password: %(password)s (shown only now: write it down)") % {"password": password}
    if has_demo_password(director):
        return _(
            "WARNING: the password is the demo's published one. Set a new one now: make password"
        )
    path = login_stamp_file()
    if path.exists() and path.read_text(encoding="utf-8") == _login_stamp(director):
        return _("Password: as shown at the first start.")
    return _("Password: as last set (make password sets a new one)")


def phone_address() -> str:
    return f"{settings.SITE_URL}/"


def table_address() -> str:
    return f"{settings.TABLE_SITE_URL}/tisch/"


def banner(username: str, password_text: str, *, demo: bool) -> str:
    """What the terminal shows: the address and QR code for the phones, the login."""
    address = phone_address()
    qr = io.StringIO()
    segno.make(address, error="m").terminal(out=qr, compact=True)
    lines = [
        "",
        _("Skatverein is serving the hall."),
        "",
        _("For the phones (in the same Wi-Fi as this computer), open or scan:"),
        f"    {address}",
        qr.getvalue().rstrip("\n"),
    ]
    if settings.HALL_TABLE_PORT:
        lines += [
            "",
            _(
                "For the table devices: the QR codes on the table cards and on the table "
                "plan with codes, or this address:"
            ),
            f"    {table_address()}",
        ]
    if settings.HALL_ADDRESS == "127.0.0.1":
        lines.append(
            _(
                "WARNING: this computer is in no network, so phones cannot reach it. Connect "
                "it to the hall's Wi-Fi and start again."
            )
        )
    lines += [
        "",
        _("Tournament director, on this computer: %(url)s")
        % {"url": f"http://localhost:{settings.HALL_PORT}/leitung/"},
        "    " + _("Login: %(username)s") % {"username": username},
        "    " + password_text,
    ]
    if "make password" not in password_text:
        lines.append("    " + _("To set a new password: make password"))
    if demo:
        lines += [
            "",
            _(
                "A demo club evening is loaded. Delete it on the director's home page "
                "(Demo data: Delete) before the first real evening."
            ),
        ]
    lines += ["", _("Stop the server with Ctrl+C."), ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class Pool:
    """One gunicorn master with its workers: what it is started with."""

    name: str
    environment: dict  # added to this process's environment
    command: list


def pools() -> list[Pool]:
    """The gunicorn pools of the hall server, table pool first; one pool without a table
    port (``HALL_TABLE_PORT=0``)."""
    bind = os.environ.get("HALL_BIND") or DEFAULT_BIND
    base = str(settings.BASE_DIR)
    # No control socket: it lives in one place per user (~/.gunicorn/gunicorn.ctl), where a
    # second server on the same laptop (a test, a benchmark, the other pool) would take it.
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--chdir",
        base,
        "--config",
        os.path.join(base, "gunicorn.conf.py"),
        "--no-control-socket",
    ]
    hall_pool = {"GUNICORN_BIND": f"{bind}:{settings.HALL_PORT}"}
    if not settings.HALL_TABLE_PORT:
        return [Pool("hall", hall_pool, [*command, "skatverein.wsgi"])]
    nice = min(env_int("HALL_NICE", DEFAULT_HALL_NICE, minimum=0), 19)
    default_workers = min((os.cpu_count() or 1) + 1, MAX_TABLE_WORKERS)
    workers = env_int("HALL_TABLE_WORKERS", default_workers, minimum=1)
    return [
        Pool(
            "tables",
            {
                "GUNICORN_BIND": f"{bind}:{settings.HALL_TABLE_PORT}",
                "GUNICORN_NICE": "0",
                "SKATVEREIN_POOL": "tables",
            },
            [*command, f"--workers={workers}", "skatverein.wsgi"],
        ),
        Pool(
            "hall",
            {**hall_pool, "GUNICORN_NICE": str(nice), "SKATVEREIN_POOL": "hall"},
            [*command, "skatverein.wsgi"],
        ),
    ]


def serve() -> None:
    """Run the pools until Ctrl+C or SIGTERM; one pool that stops stops the others."""
    sys.stdout.flush()
    started = pools()
    if len(started) == 1:  # one pool: become gunicorn, as a plain deployment runs it
        os.environ.update(started[0].environment)
        os.execv(sys.executable, started[0].command)
    processes = [
        subprocess.Popen(pool.command, env={**os.environ, **pool.environment}) for pool in started
    ]

    def stop(signum=None, frame=None):
        for process in processes:
            if process.poll() is None:
                process.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)  # Ctrl+C reaches the pools too: they stop gracefully
    while all(process.poll() is None for process in processes):
        time.sleep(0.5)
    stop()
    codes = [process.wait() for process in processes]
    sys.exit(next((code for code in codes if code), 0))
