"""``manage.py backup [FILE]``: write the whole database to one checked file."""

import os
from contextlib import suppress
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from skatverein.private_files import FILE_MODE, FOLDER_MODE
from tournaments.services.backup import BackupError, write_backup


class Command(BaseCommand):
    help = (
        "Write every row of the database to one gzip file with a checksum "
        "(default: BACKUP_DIR, var/backups/skatverein-<date>-<time>.json.gz, readable by its "
        "owner only). Keep SEAL_SECRET with it."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="where to write the backup")

    def handle(self, *args, file=None, **options) -> None:
        path = Path(file) if file else self._default_path()
        partial = path.with_name(path.name + ".partial")
        try:
            path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
            # A backup holds every name and result: the owner's alone (docs/privacy.md).
            descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
            with os.fdopen(descriptor, "wb") as stream:
                header = write_backup(stream)
            partial.replace(path)
        except (OSError, BackupError) as error:
            with suppress(OSError):  # there is no partial file where no directory is
                partial.unlink(missing_ok=True)
            raise CommandError(f"The backup could not be written to {path}: {error}") from error
        rows = sum(header["rows"].values())
        self.stdout.write(
            self.style.SUCCESS(
                f"Backup written to {path}: {rows} rows, SHA-256 {header['payload_sha256']}."
            )
        )

    @staticmethod
    def _default_path() -> Path:
        stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
        return Path(settings.BACKUP_DIR) / f"skatverein-{stamp}.json.gz"
