"""The hall mode: one laptop serves a club evening to the phones on the hall's Wi-Fi.

``make run`` starts ``manage.py hall`` with ``SKATVEREIN_HALL=1``. The settings then call
:func:`environment` before they read anything else, so that a club needs no configuration:

- ``SECRET_KEY`` and ``SEAL_SECRET`` are generated on the first start and kept in
  ``var/hall-secrets.env`` (mode 600), then read from there on every start. The seal key
  must never change (every printed seal depends on it), so a damaged file is an error,
  never a reason to make new keys.
- The address the phones use is the machine's address in the local network (found by
  asking the system which interface it would route through; no packet is sent), or
  ``HALL_ADDRESS`` when set. It becomes ``SITE_URL``, the address printed in table-card
  QR codes and on the table plan, and the allowed host names.
- The table devices get an address of their own: the same machine on ``HALL_PORT`` + 1
  (``HALL_TABLE_PORT``), where ``manage.py hall`` runs the table pool, the server workers
  that answer the tables only and have the CPU first (tournaments/web/table_pool.py). It
  becomes ``TABLE_SITE_URL``, the address in the table-card and table-plan QR codes. Where
  ``SITE_URL`` is set by hand (a proxy in front, docs/operations.md), the tables use it too
  unless ``TABLE_SITE_URL`` is set as well; ``HALL_TABLE_PORT=0`` runs one pool as before.
- Plain HTTP: there is no reverse proxy with a certificate in a hall, so no redirect to
  HTTPS, and cookies without the Secure flag unless ``SITE_URL`` itself is HTTPS.

A variable set in the environment always wins over what this module would choose.
"""

import os
import secrets
import socket
from collections.abc import Mapping, MutableMapping
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from skatverein.env import env_int

SECRETS_FILE_NAME = "hall-secrets.env"
SECRET_NAMES = ("SECRET_KEY", "SEAL_SECRET")
SECRET_BYTES = 50
SECRETS_HEADER = "# Keys of this hall server: keep this file with the backups (docs/operations.md)."
DEFAULT_PORT = 8000
TABLE_PORT_OFFSET = 1  # the table pool listens on HALL_PORT + 1 unless HALL_TABLE_PORT says
# Any address outside the local network: connecting a UDP socket to it sends nothing, but
# makes the system choose the interface (and so the address) it would route through.
ROUTE_PROBE = ("10.254.254.254", 1)
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This machine's IPv4 address in the local network, or 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ROUTE_PROBE)
            return probe.getsockname()[0]
        except OSError:
            return LOOPBACK


def secrets_file(environ: Mapping[str, str], var_dir: Path) -> Path:
    return Path(environ.get("HALL_SECRETS_FILE") or var_dir / SECRETS_FILE_NAME)


def read_or_create_secrets(path: Path) -> dict[str, str]:
    """The hall's keys from ``path``, written there first (mode 600) if it does not exist."""
    if not path.exists():
        _create_secrets(path)
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, separator, value = line.partition("=")
        if separator and name.strip() in SECRET_NAMES:
            values[name.strip()] = value.strip()
    missing = [name for name in SECRET_NAMES if not values.get(name)]
    if missing:
        raise ImproperlyConfigured(
            f"{path} lacks {', '.join(missing)}. Restore the file from the backup it was "
            "kept with (the seals of signed lists depend on SEAL_SECRET); delete it only for "
            "a new, empty database."
        )
    return values


def _create_secrets(path: Path) -> None:
    """Write new keys to ``path`` atomically: a second process starting at the same moment
    either sees the complete file or none, never a half-written one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = "".join(f"{name}={secrets.token_urlsafe(SECRET_BYTES)}\n" for name in SECRET_NAMES)
    draft = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(f"{SECRETS_HEADER}\n{lines}")
    try:
        os.link(draft, path)
    except FileExistsError:
        pass  # another process was first; its keys count
    finally:
        draft.unlink()


def site_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def table_port_of(environ: Mapping[str, str], port: int) -> int:
    """The table pool's port: ``HALL_TABLE_PORT``, else the hall's port + 1; 0 for none."""
    return env_int("HALL_TABLE_PORT", port + TABLE_PORT_OFFSET, minimum=0, environ=environ)


def environment(environ: Mapping[str, str], var_dir: Path) -> dict[str, str]:
    """The variables the hall mode sets where ``environ`` does not already have them."""
    chosen: dict[str, str] = {}
    if not all(environ.get(name) for name in SECRET_NAMES):
        chosen.update(read_or_create_secrets(secrets_file(environ, var_dir)))
    address = environ.get("HALL_ADDRESS") or lan_address()
    port = env_int("HALL_PORT", DEFAULT_PORT, minimum=1, environ=environ)
    url = environ.get("SITE_URL") or site_url(address, port)
    table_port = table_port_of(environ, port)
    table_url = environ.get("TABLE_SITE_URL") or (
        site_url(address, table_port) if table_port and not environ.get("SITE_URL") else url
    )
    hostname = socket.gethostname()
    hosts = dict.fromkeys([address, "localhost", LOOPBACK, "[::1]", hostname, f"{hostname}.local"])
    chosen.update(
        {
            "HALL_ADDRESS": address,
            "HALL_PORT": str(port),
            "HALL_TABLE_PORT": str(table_port),
            "SITE_URL": url,
            "TABLE_SITE_URL": table_url,
            "ALLOWED_HOSTS": ",".join(host for host in hosts if host),
            "CSRF_TRUSTED_ORIGINS": ",".join(dict.fromkeys([url, table_url])),
            "SECURE_SSL_REDIRECT": "0",
        }
    )
    return {name: value for name, value in chosen.items() if not environ.get(name)}


def prepare(environ: MutableMapping[str, str], var_dir: Path) -> None:
    """Fill in ``environ`` for the hall (the settings call this in hall mode)."""
    for name, value in environment(environ, var_dir).items():
        environ[name] = value
