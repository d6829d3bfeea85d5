"""Read deployment settings from environment variables.

The parsing rules live here instead of in settings.py so that they can be unit tested
without re-importing the settings module, and so that a typo in a deployment (say
``DEBUG=ture``) fails loudly instead of being read as "off".
"""

import os
from collections.abc import Mapping
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_VALUES = frozenset({"1", "true", "yes", "on"})
FALSE_VALUES = frozenset({"0", "false", "no", "off"})

POSTGRES_ENGINE = "django.db.backends.postgresql"
POSTGRES_CONN_MAX_AGE = 60

SQLITE_ENGINE = "django.db.backends.sqlite3"
# A worker keeps its SQLite connection for as long as it lives (None: no age limit). Opening
# one costs more than a game entry's queries: the file, the WAL pragmas and the SQL functions
# Django registers on every new connection. There is no server on the other side that could
# drop it, and between requests it holds no transaction, so it never blocks a checkpoint.
SQLITE_CONN_MAX_AGE = None
# Seconds a writer waits for another writer's lock before SQLite gives up with "database is
# locked". A game entry holds the lock for milliseconds; 20 s covers a hall of devices
# posting at once and a bulk import running beside them.
SQLITE_BUSY_TIMEOUT = 20
# WAL lets readers (ranking pages) run while one writer writes; NORMAL synchronous is safe
# with WAL (a power cut can lose the last commits, never corrupt the file). temp_store in
# memory: the journal SQLite keeps to undo one statement within a transaction was a file,
# created and deleted with every game entry (26 of its 88 writes; its sys time 0.84 →
# 0.62 ms). It never outlives its transaction, so nothing durable moves to memory.
SQLITE_INIT_COMMAND = (
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY;"
)


def env_bool(name: str, default: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    """Return the boolean value of ``name``; unset or blank means ``default``.

    Accepts 1/true/yes/on and 0/false/no/off in any case; anything else raises
    ImproperlyConfigured, because guessing would silently flip a security setting.
    """
    environ = os.environ if environ is None else environ
    raw = environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in TRUE_VALUES:
        return True
    if raw in FALSE_VALUES:
        return False
    raise ImproperlyConfigured(
        f"The environment variable {name} has the value {raw!r}; "
        f"use one of {', '.join(sorted(TRUE_VALUES | FALSE_VALUES))}."
    )


def env_int(
    name: str, default: int, minimum: int = 0, environ: Mapping[str, str] | None = None
) -> int:
    """Return the whole number in ``name``; unset or blank means ``default``.

    Anything that is not a whole number of at least ``minimum`` raises ImproperlyConfigured.
    """
    environ = os.environ if environ is None else environ
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise ImproperlyConfigured(
            f"The environment variable {name} has the value {raw!r}; use a whole number of "
            f"at least {minimum}."
        )
    return value


def env_list(
    name: str, default: list[str] | None = None, environ: Mapping[str, str] | None = None
) -> list[str]:
    """Return the comma-separated items of ``name``, stripped, without empty items.

    Unset or blank means ``default`` (a copy, so callers may append to it).
    """
    environ = os.environ if environ is None else environ
    items = [item.strip() for item in environ.get(name, "").split(",")]
    items = [item for item in items if item]
    if items:
        return items
    return list(default or [])


def database_config(url: str) -> dict[str, Any]:
    """Turn a ``DATABASE_URL`` into a Django ``DATABASES`` entry.

    PostgreSQL connections are kept open for a minute and health-checked before reuse,
    which saves a connection set-up per request behind gunicorn; SQLite connections are
    kept for the worker's life (:data:`SQLITE_CONN_MAX_AGE`).

    SQLite starts every transaction as IMMEDIATE: a deferred transaction that reads first
    and writes later cannot wait for the write lock (SQLite answers "database is locked" at
    once to avoid a deadlock), which made concurrent table devices fail. With IMMEDIATE the
    write lock is taken at BEGIN and waits up to the busy timeout, so concurrent writers
    queue up, and ``select_for_update`` (a no-op on SQLite) is not needed for correctness.
    """
    config = dict(dj_database_url.parse(url))
    if config["ENGINE"] == POSTGRES_ENGINE:
        config["CONN_MAX_AGE"] = POSTGRES_CONN_MAX_AGE
        config["CONN_HEALTH_CHECKS"] = True
    elif config["ENGINE"] == SQLITE_ENGINE:
        config["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
        config["OPTIONS"] = {
            **config.get("OPTIONS", {}),
            "transaction_mode": "IMMEDIATE",
            "timeout": SQLITE_BUSY_TIMEOUT,
            "init_command": SQLITE_INIT_COMMAND,
        }
    return config


DEVELOPMENT_SEAL_SECRET = "development-only-seal-secret-never-use-in-production"
MIN_SEAL_SECRET_LENGTH = 32


def seal_secret(debug: bool, secret_key: str, environ: Mapping[str, str] | None = None) -> str:
    """Return ``SEAL_SECRET``, the key of the seals on signed game lists.

    It is required without ``DEBUG``, like ``SECRET_KEY``, and must be a different,
    long value: a seal printed on a list stays checkable for years, so its key must not
    change when Django's key is rotated, and must not be guessable.
    """
    environ = os.environ if environ is None else environ
    secret = environ.get("SEAL_SECRET", "")
    if not secret:
        if debug:
            return DEVELOPMENT_SEAL_SECRET
        raise ImproperlyConfigured(
            "The SEAL_SECRET environment variable is not set; it is required when DEBUG is "
            "off. It keys the seals of signed game lists: set it once to a long random string, "
            "different from SECRET_KEY, and keep it (changing it makes every existing seal "
            "fail verification), for example: export SEAL_SECRET="
            "\"$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')\" "
            "(or set DEBUG=1 for local development only)."
        )
    if not debug and len(secret) < MIN_SEAL_SECRET_LENGTH:
        raise ImproperlyConfigured(
            f"SEAL_SECRET is only {len(secret)} characters long; use at least "
            f"{MIN_SEAL_SECRET_LENGTH} random characters."
        )
    if not debug and secret == secret_key:
        raise ImproperlyConfigured(
            "SEAL_SECRET must differ from SECRET_KEY: seals must stay checkable when "
            "Django's key is rotated."
        )
    return secret
