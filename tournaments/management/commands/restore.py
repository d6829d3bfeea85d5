"""``manage.py restore FILE``: load a backup written by ``manage.py backup``."""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import BackupError, read_backup, restore_backup


class Command(BaseCommand):
    help = (
        "Restore a backup file into an empty database after checking its checksum. "
        "--force deletes everything in the database first."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a file written by 'manage.py backup'")
        parser.add_argument(
            "--force",
            action="store_true",
            help="delete every row in the database before restoring (after the file is checked)",
        )
        parser.add_argument(
            "--other-secret",
            action="store_true",
            help="restore a backup made under another SEAL_SECRET (its seals will not verify)",
        )

    def handle(self, *args, file, force=False, other_secret=False, **options) -> None:
        try:
            with open(file, "rb") as stream:
                if force:
                    read_backup(stream, other_secret=other_secret)
                    call_command("flush", interactive=False, verbosity=0)
                    stream.seek(0)
                restored = restore_backup(stream, other_secret=other_secret)
        except FileNotFoundError as error:
            raise CommandError(f"There is no file {file}.") from error
        except OSError as error:
            raise CommandError(f"The file {file} cannot be read: {error}") from error
        except BackupError as error:
            raise CommandError(str(error)) from error
        header = restored.header
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored {restored.rows} rows from {file} (made {header['created_at']} on "
                f"{header['database']})."
            )
        )
