"""Files that hold personal data stay readable by their owner only (RULES §8, docs/privacy.md).

The database, the backups, the stored files (sealed lists' PDFs) and the hall's keys hold
names, PINs, table codes and session keys. On a club's laptop every local user could read
them under the usual mode 644, so the hall (``manage.py hall``, ``make run``) creates them
with :data:`FILE_MODE` in folders of :data:`FOLDER_MODE` (a umask of 077 for itself and the
server it starts) and, on every start, repairs what an older version or a copy left open
(:func:`make_private`). Pure standard library: the settings may use it.
"""

import os
from collections.abc import Iterable
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700
UMASK = 0o077
# SQLite keeps a database in up to four files: the database and its journals.
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")


def owner_only_umask() -> None:
    """Files and folders this process and its children create are the owner's alone."""
    os.umask(UMASK)


def sqlite_files(database: Path) -> list[Path]:
    """A SQLite database's file and its journals."""
    return [database.with_name(database.name + suffix) for suffix in SQLITE_COMPANIONS]


def make_private(files: Iterable[Path] = (), folders: Iterable[Path] = ()) -> list[Path]:
    """Give ``files`` mode 600 and ``folders`` mode 700, with everything inside a folder
    (files 600, folders 700); paths that do not exist are left out. Returns the paths whose
    mode was changed. Symbolic links are not followed."""
    changed = []

    def restrict(path: Path, mode: int) -> None:
        if path.is_symlink() or not path.exists():
            return
        if path.stat().st_mode & 0o777 != mode:
            path.chmod(mode)
            changed.append(path)

    for path in files:
        restrict(Path(path), FILE_MODE)
    for folder in folders:
        folder = Path(folder)
        restrict(folder, FOLDER_MODE)
        if not folder.is_dir() or folder.is_symlink():
            continue
        for root, names, file_names in os.walk(folder):
            for name in names:
                restrict(Path(root) / name, FOLDER_MODE)
            for name in file_names:
                restrict(Path(root) / name, FILE_MODE)
    return changed
