"""Importing a player list (Teilnehmerliste) from CSV or XLSX, with a preview first.

The director uploads the list a club secretary keeps in Excel; :func:`read_player_rows`
(:mod:`.parse`) turns it into rows, :func:`preview_import` (:mod:`.match`) says what each
row would do without writing anything, and :func:`commit_import` (:mod:`.apply`) does it in
one transaction. Everything a user can get wrong is reported as a
:class:`~tournaments.skat.Problem`, so the pages and the API show the same messages.
"""

from .apply import ImportResult, commit_import
from .conflicts import read_resolutions
from .match import preview_import
from .parse import (
    MAX_COLUMNS,
    MAX_FILE_BYTES,
    MAX_ROWS,
    ImportRow,
    file_size_problem,
    read_player_rows,
    read_records,
)
from .preview import IMPORTABLE, ImportPreview, ImportStatus, PreviewLine, Resolution

__all__ = [
    "IMPORTABLE",
    "MAX_COLUMNS",
    "MAX_FILE_BYTES",
    "MAX_ROWS",
    "ImportPreview",
    "ImportResult",
    "ImportRow",
    "ImportStatus",
    "PreviewLine",
    "Resolution",
    "commit_import",
    "file_size_problem",
    "preview_import",
    "read_player_rows",
    "read_records",
    "read_resolutions",
]
