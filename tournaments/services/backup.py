"""One-file backups of the whole database, and restoring them (README, "Backup and restore").

The file is gzip-compressed: a first line with a JSON header, then the payload, every row
of every model in Django's portable "python" serialisation as JSON. Timestamps keep their
full precision (``dumpdata`` cuts them to milliseconds), binary fields travel as base64
and foreign keys to content types by their natural key, so a backup made on SQLite
restores on PostgreSQL and the other way round.

The header names the format, the software version, when and from which database the file
was made, the SHA-256 of the payload, and an HMAC of the payload under a key derived from
``SEAL_SECRET``. Restoring refuses a file whose checksum does not match (damaged), that is
no Skatverein backup (foreign), or that was made under another seal secret (its seals
could not be confirmed), and it restores only into an empty database.

API tokens are left out and PINs and table codes are encrypted under a key derived from
``SEAL_SECRET`` (:mod:`.backup_secrets`).
"""

import datetime
import decimal
import gzip
import hashlib
import hmac
import json
import uuid
import zlib
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from . import backup_secrets, roles

MAGIC = "skatverein-backup"
FORMAT = 1
# Rebuilt by ``migrate`` or short-lived: not part of a backup.
SKIPPED = {"contenttypes.contenttype", "auth.permission", "sessions.session"}
_HMAC_CONTEXT = b"skatverein/backup/v1"


class BackupError(Exception):
    """A backup cannot be written or restored; the message says why and what to do."""


@dataclass(frozen=True)
class Restored:
    header: dict
    rows: int


def backed_up_models() -> list:
    """Every concrete model whose rows a backup holds, parents before children."""
    candidates = [
        model
        for model in apps.get_models()
        if model._meta.managed
        and not model._meta.proxy
        and model._meta.label_lower not in SKIPPED | backup_secrets.LEFT_OUT
    ]
    app_models = {}
    for model in candidates:
        app_models.setdefault(model._meta.app_config, []).append(model)
    return serializers.sort_dependencies(list(app_models.items()), allow_cycles=True)


def _signature(payload: bytes) -> str:
    secret = settings.SEAL_SECRET
    key = hmac.new(
        secret.encode() if isinstance(secret, str) else bytes(secret),
        _HMAC_CONTEXT,
        hashlib.sha256,
    ).digest()
    return hmac.new(key, payload, hashlib.sha256).hexdigest()


def _json_default(value):
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID | datetime.timedelta):
        return str(value)
    if isinstance(value, bytes | memoryview):
        raise TypeError("binary values are serialised as base64 by the field")
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _schema(using: str) -> dict:
    """The last applied migration of every app: what the rows fit."""
    schema = {}
    recorder = MigrationRecorder(connections[using])
    for app, name in recorder.applied_migrations():
        schema[app] = max(schema.get(app, name), name)
    return schema


def write_backup(stream, using: str = DEFAULT_DB_ALIAS) -> dict:
    """Write the whole database to the binary ``stream``; returns the header."""
    rows = []
    counts = {}
    cipher = backup_secrets.fernet()
    # A transaction already open (a caller's, or a test's) cannot change its isolation level.
    outermost = not connections[using].in_atomic_block
    with transaction.atomic(using=using):
        if connections[using].vendor == "postgresql" and outermost:
            # One consistent picture of every table, while the hall keeps entering games.
            with connections[using].cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        for model in backed_up_models():
            objects = model._base_manager.db_manager(using).order_by(model._meta.pk.name)
            serialised = serializers.serialize(
                "python",
                objects.iterator(),
                use_natural_foreign_keys=True,
                use_natural_primary_keys=False,
            )
            if serialised:
                counts[model._meta.label_lower] = len(serialised)
            rows += [backup_secrets.seal_row(row, cipher) for row in serialised]
    payload = json.dumps(rows, default=_json_default, ensure_ascii=False).encode("utf-8")
    header = {
        "magic": MAGIC,
        "format": FORMAT,
        "app_version": settings.SPECTACULAR_SETTINGS.get("VERSION", ""),
        "created_at": timezone.now().isoformat(),
        "database": connections[using].vendor,
        "schema": _schema(using),
        "rows": counts,
        "payload_bytes": len(payload),
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
        "payload_hmac": _signature(payload),
    }
    with gzip.GzipFile(fileobj=stream, mode="wb", mtime=0) as packed:
        packed.write(json.dumps(header, sort_keys=True).encode("utf-8") + b"\n")
        packed.write(payload)
    return header


def read_backup(stream, *, other_secret: bool = False) -> tuple[dict, list]:
    """Header and rows of a backup file; :class:`BackupError` if it is foreign or damaged."""
    head = stream.read(2)
    stream.seek(0)
    if head != b"\x1f\x8b":
        raise BackupError(
            "This file is not a Skatverein backup (it is not gzip-compressed). Give the "
            "file written by 'manage.py backup'."
        )
    try:
        with gzip.GzipFile(fileobj=stream, mode="rb") as packed:
            data = packed.read()
    except (OSError, EOFError, zlib.error) as error:
        raise BackupError(
            f"The backup file is damaged ({error}); it cannot be restored. Use another copy."
        ) from error
    first, _, payload = data.partition(b"\n")
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("magic") != MAGIC:
        raise BackupError(
            "This file is not a Skatverein backup (its header is missing). Give the file "
            "written by 'manage.py backup'."
        )
    if header.get("format") != FORMAT:
        raise BackupError(
            f"This backup has format {header.get('format')!r}; this version of the "
            f"software restores format {FORMAT}. Restore it with the version that wrote it."
        )
    if hashlib.sha256(payload).hexdigest() != header.get("payload_sha256"):
        raise BackupError(
            "The backup file is damaged: its content does not match its checksum. It "
            "cannot be restored; use another copy."
        )
    if not other_secret and not hmac.compare_digest(
        _signature(payload), str(header.get("payload_hmac", ""))
    ):
        raise BackupError(
            "This backup was made under a different SEAL_SECRET: its seals could not be "
            "confirmed here. Set the SEAL_SECRET kept with the backups, or restore anyway "
            "with --other-secret (every seal will then report 'cannot be confirmed')."
        )
    return header, json.loads(payload)


def made_by_migrate(using: str = DEFAULT_DB_ALIAS):
    """The rows ``migrate`` itself makes in a new database (the treasurers' group, while
    nobody is in it): a freshly migrated database still counts as empty."""
    group = apps.get_model("auth", "Group")
    return group._base_manager.db_manager(using).filter(
        name=roles.TREASURER_GROUP, user__isnull=True
    )


def existing_rows(using: str = DEFAULT_DB_ALIAS) -> dict:
    """Models that already hold rows, with their counts: a restore would mix data."""
    found = {}
    made = made_by_migrate(using)
    for model in backed_up_models():
        count = model._base_manager.db_manager(using).count()
        if model is made.model:
            count -= made.count()
        if count:
            found[model._meta.label_lower] = count
    return found


def restore_backup(stream, using: str = DEFAULT_DB_ALIAS, *, other_secret=False) -> Restored:
    """Load a backup into an empty database, checking the file first."""
    header, rows = read_backup(stream, other_secret=other_secret)
    cipher = backup_secrets.fernet()
    rows = [
        backup_secrets.open_row(row, cipher)
        for row in rows
        if row.get("model") not in backup_secrets.LEFT_OUT
    ]
    present = existing_rows(using)
    if present:
        names = ", ".join(f"{label} ({count})" for label, count in sorted(present.items()))
        raise BackupError(
            f"The database is not empty ({names}). Restore into an empty database, or "
            "give --force to delete everything in it first."
        )
    _ensure_schema_fits(header, using)
    connection = connections[using]
    loaded_models, deferred = set(), []
    with transaction.atomic(using=using):
        # The backup brings its own copy (or, made before it existed, none: made again).
        made_by_migrate(using).delete()
        with connection.constraint_checks_disabled():
            for item in serializers.deserialize(
                "python", rows, using=using, handle_forward_references=True
            ):
                item.save(using=using)
                loaded_models.add(type(item.object))
                if item.deferred_fields:
                    deferred.append(item)
            for item in deferred:
                item.save_deferred_fields(using=using)
        connection.check_constraints(table_names=[model._meta.db_table for model in loaded_models])
    statements = connection.ops.sequence_reset_sql(no_style(), list(loaded_models))
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
    # After the sequences are reset, so that the new row takes a free id on PostgreSQL too.
    made_by_migrate(using).model._base_manager.db_manager(using).get_or_create(
        name=roles.TREASURER_GROUP
    )
    return Restored(header=header, rows=len(rows))


def _ensure_schema_fits(header: dict, using: str) -> None:
    here = _schema(using)
    newer = {
        app: name
        for app, name in (header.get("schema") or {}).items()
        if app in here and name > here[app]
    }
    if newer:
        missing = ", ".join(f"{app} {name}" for app, name in sorted(newer.items()))
        raise BackupError(
            f"The backup was made by a newer version of the software ({missing}). Update "
            "the software and run 'manage.py migrate' before restoring."
        )
