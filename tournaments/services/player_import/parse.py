"""Reading an uploaded player list (Teilnehmerliste): CSV or XLSX into :class:`ImportRow`.

Everything a user can get wrong about the file itself is reported as a
:class:`~tournaments.skat.Problem` inside :class:`Rejected`, before any row is matched.
"""

import codecs
import csv
import datetime
import io
import lzma
import struct
import time
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import PurePath

from django.conf import settings
from django.utils.translation import gettext_noop
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from tournaments.skat import Problem

from ..errors import Refusal, Rejected
from .archive import ensure_reasonable_archive, megabytes

# A file that cannot be read, by what it turned out to be ("ole", "xlsx", "zip"), else CSV.
UNREADABLE_FILE = {
    "ole": Refusal(
        "file",
        "unreadable_file",
        gettext_noop(
            "%(file)s is password-protected or an old Excel file (.xls); remove the password "
            "or save it as .xlsx, then upload it again."
        ),
    ),
    "xlsx": Refusal(
        "file",
        "unreadable_file",
        gettext_noop(
            "%(file)s cannot be read as an Excel file; it may be damaged. Open it in Excel "
            "and save it again as .xlsx, or export it as CSV."
        ),
    ),
    "zip": Refusal(
        "file",
        "unreadable_file",
        gettext_noop(
            "%(file)s is an Excel workbook, not a CSV file; rename it to .xlsx or export it as CSV."
        ),
    ),
}
UNREADABLE_CSV = Refusal(
    "file",
    "unreadable_file",
    gettext_noop(
        "%(file)s cannot be read as a CSV text file; export it from the spreadsheet "
        "again as CSV (UTF-8)."
    ),
)
UNSUPPORTED_FILE_TYPE = Refusal(
    "file",
    "unsupported_file_type",
    gettext_noop(
        "%(file)s is neither a CSV nor an Excel file; upload a .csv or .xlsx file "
        "(save older .xls files as .xlsx first)."
    ),
)
EMPTY_FILE = Refusal(
    "file",
    "empty_file",
    gettext_noop(
        "%(file)s contains no players; it needs a header row (Vorname, Nachname, Verein, "
        "…) and one row per player."
    ),
)
TOO_MANY_LINES = Refusal(
    "file",
    "too_many_lines",
    gettext_noop(
        "The first sheet of %(file)s has more than %(limit)d lines (empty lines "
        "included). Copy only the players into a new workbook, or export the list as CSV."
    ),
)
TOO_SLOW_TO_READ = Refusal(
    "file",
    "too_slow_to_read",
    gettext_noop(
        "Reading %(file)s took more than %(seconds)d seconds, far longer than a player "
        "list needs. Copy only the players into a new workbook, or export it as CSV."
    ),
)
TOO_MANY_COLUMNS = Refusal(
    "file",
    "too_many_columns",
    gettext_noop(
        "Line %(line)d of %(file)s has %(count)d columns; a player list may have at "
        "most %(limit)d. Delete the columns that are not needed: only Vorname, "
        "Nachname, Verein, Mitgliedsnummer and Mannschaft are read."
    ),
)
TOO_MANY_ROWS = Refusal(
    "file",
    "too_many_rows",
    gettext_noop(
        "%(file)s lists more than %(limit)d players; split it into files of at most "
        "%(limit)d rows and import them one after the other."
    ),
)


MAX_ROWS = 5000
MAX_FILE_BYTES = 2 * 1024 * 1024  # 5,000 players take about 300 KB as CSV, less as XLSX
MAX_COLUMNS = 50
# A sheet is read line by line, empty lines included: past this many lines (a list of
# 5,000 players with gaps fits) or this many seconds the upload is refused, so that a
# workbook with a formatted empty cell in every row cannot keep a worker busy.
MAX_SHEET_LINES = 20_000
READ_SECONDS = 10
CSV_EXTENSIONS = (".csv", ".txt")
XLSX_EXTENSIONS = (".xlsx",)
# Excel writes password-protected workbooks and old .xls files as OLE compound documents.
OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
CSV_DELIMITERS = (";", ",", "\t")

# Column headers as people write them, after :func:`_header_key`; German first.
COLUMN_NAMES = {
    "first_name": ("vorname", "first name", "firstname", "given name"),
    "last_name": ("nachname", "name", "last name", "lastname", "surname", "familienname"),
    "club": ("verein", "club", "klub"),
    "member_number": (
        "mitgliedsnummer",
        "mitgliedsnr",
        "mitglieds nr",
        "mitgliedernummer",
        "member number",
        "membernumber",
        "member no",
    ),
    "team": ("mannschaft", "team"),
    "publication": ("veröffentlichung", "veroeffentlichung", "publication"),
    "gender": ("geschlecht", "gender", "sex"),
    "category": ("altersklasse", "age class", "age category", "category"),
}
# The column Veröffentlichung as people fill it in (after casefold and strip) → the
# player's consent (docs/privacy.md); an empty cell leaves the club's default.
PUBLICATION_WORDS = {
    "voll": "full",
    "kurz": "short",
    "nein": "none",
    "full": "full",
    "short": "short",
    "none": "none",
}
REQUIRED_COLUMNS = ("first_name", "last_name")
# How the expected columns are listed in the message about a wrong header row.
EXPECTED_COLUMNS = "Vorname (first_name), Nachname (last_name)"
OPTIONAL_COLUMNS = (
    "Verein (club), Mitgliedsnummer (member_number), Mannschaft (team), "
    "Veröffentlichung (publication: voll, kurz, nein), Geschlecht (gender: w, m, d), "
    "Altersklasse (category: Junior, Senior)"
)
_FIELD_OF_HEADER = {alias: name for name, aliases in COLUMN_NAMES.items() for alias in aliases}

# What a damaged workbook makes openpyxl, zipfile, zlib or the XML parser raise (found by
# flipping bytes of a good file; ParseError is a SyntaxError, NotImplementedError for odd zip
# versions a RuntimeError); a corrupt upload must become a message, not a server error.
_XLSX_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    lzma.LZMAError,
    struct.error,
    InvalidFileException,
    RuntimeError,
    KeyError,
    IndexError,
    ValueError,
    TypeError,
    AttributeError,
    OSError,
    EOFError,
    SyntaxError,
)


@dataclass(frozen=True)
class ImportRow:
    """One player line of the file; ``line`` is the row number the spreadsheet shows."""

    line: int
    first_name: str
    last_name: str
    club: str = ""
    member_number: str = ""
    team: str = ""
    publication: str = ""
    gender: str = ""
    category: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def publication_level(self) -> str | None:
        """The consent the cell gives ("full", "short", "none"), "" for an empty cell,
        None for a word that is none of voll, kurz, nein."""
        word = self.publication.strip().casefold()
        return PUBLICATION_WORDS.get(word) if word else ""


def read_player_rows(filename: str, content: bytes) -> list[ImportRow]:
    """The player rows of an uploaded CSV or XLSX file, or :class:`Rejected` saying why not.

    Completely empty rows are skipped; values are stripped; at most :data:`MAX_ROWS` rows.
    """
    name, records = read_records(filename, content)
    return _rows_from_records(name, records)


def read_records(filename: str, content: bytes) -> tuple[str, list[tuple[int, list[str]]]]:
    """The file's name and its non-empty rows as (line, cells), header first, from a CSV or
    XLSX upload: the size, type, archive and column limits checked, as for player lists.

    Also read by other imports (a league's fixtures), which reword the refusals' codes.
    """
    name = PurePath(filename or "").name or "?"
    too_large = file_size_problem(name, len(content))
    if too_large is not None:
        raise Rejected([too_large])
    extension = PurePath(name).suffix.lower()
    if extension not in CSV_EXTENSIONS + XLSX_EXTENSIONS:
        raise UNSUPPORTED_FILE_TYPE.rejected(file=name)
    if not content.strip():
        raise _empty(name)
    if extension in XLSX_EXTENSIONS:
        return name, _xlsx_records(name, content)
    return name, _csv_records(name, content)


def max_file_bytes() -> int:
    """The largest upload accepted (setting ``PLAYER_IMPORT_MAX_FILE_BYTES``)."""
    return getattr(settings, "PLAYER_IMPORT_MAX_FILE_BYTES", MAX_FILE_BYTES)


def file_size_problem(filename: str, size: int) -> Problem | None:
    """Why a file is too large to import, checked before it is read into memory."""
    limit = max_file_bytes()
    if size <= limit:
        return None
    return Problem(
        "file",
        "file_too_large",
        gettext_noop(
            "%(file)s is %(size)s MB; a player list may be at most %(limit)s MB. Remove other "
            "sheets, pictures and columns, or split the list into several files."
        ),
        {
            "file": PurePath(filename or "").name or "?",
            "size": f"{size / 1024 / 1024:.1f}",
            "limit": megabytes(limit),
        },
    )


def _empty(name: str) -> Rejected:
    return EMPTY_FILE.rejected(file=name)


def _unreadable(name: str, kind: str) -> Rejected:
    return UNREADABLE_FILE.get(kind, UNREADABLE_CSV).rejected(file=name)


def _xlsx_records(name: str, content: bytes):
    """(line, cells) of the first sheet, read fully here so the workbook can be closed.

    The archive's declared sizes are checked before openpyxl sees the file (import bombs).
    """
    if content.startswith(OLE_SIGNATURE):
        raise _unreadable(name, "ole")
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            ensure_reasonable_archive(name, archive)
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except _XLSX_ERRORS as error:
        raise _unreadable(name, "xlsx") from error
    try:
        if not workbook.worksheets:
            raise _empty(name)
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()  # some programs write a wrong size; read what is there
        records = []
        started = time.monotonic()
        # One column past the limit is read, so a list that is too wide is still noticed;
        # the empty cells a program wrote up to column XFD are never filled in.
        lines = sheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True)
        for line, values in enumerate(lines, start=1):
            if line > MAX_SHEET_LINES:
                raise _too_many_lines(name)
            if line % 256 == 0 and time.monotonic() - started > READ_SECONDS:
                raise _too_slow(name)
            cells = _cells(name, line, [_cell_text(value) for value in values])
            if any(cells):
                records.append((line, cells))
                if len(records) > MAX_ROWS + 1:  # the header plus one row too many is enough
                    break
        return records
    except _XLSX_ERRORS as error:
        raise _unreadable(name, "xlsx") from error
    finally:
        workbook.close()


def _too_many_lines(name: str) -> Rejected:
    return TOO_MANY_LINES.rejected(file=name, limit=MAX_SHEET_LINES)


def _too_slow(name: str) -> Rejected:
    return TOO_SLOW_TO_READ.rejected(file=name, seconds=READ_SECONDS)


def _cells(name: str, line: int, cells: list[str]) -> list[str]:
    """The cells of a row without trailing empty ones; :class:`Rejected` if too many."""
    while cells and not cells[-1]:
        cells.pop()
    if len(cells) > MAX_COLUMNS:
        raise TOO_MANY_COLUMNS.rejected(file=name, line=line, count=len(cells), limit=MAX_COLUMNS)
    return cells


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # member numbers typed as numbers come back as 1234.0
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    return str(value).strip()


def _csv_records(name: str, content: bytes):
    """(line, cells) of a CSV file; the line is the record number a spreadsheet shows."""
    if content.startswith(b"PK\x03\x04"):
        raise _unreadable(name, "zip")
    text = _decode(name, content)
    header = next((line for line in io.StringIO(text, newline="") if line.strip()), "")
    delimiter = _delimiter(header.rstrip("\r\n"))
    records = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        for line, values in enumerate(reader, start=1):
            cells = _cells(name, line, [value.strip() for value in values])
            if any(cells):
                records.append((line, cells))
                if len(records) > MAX_ROWS + 1:
                    break
    except csv.Error as error:
        raise _unreadable(name, "csv") from error
    return records


def _decode(name: str, content: bytes) -> str:
    """UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252 (German Excel)."""
    if content.startswith(codecs.BOM_UTF8):
        encodings = ("utf-8-sig",)
    elif content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)  # Excel's "Unicode text", tab separated
    else:
        encodings = ("utf-8", "cp1252")
    for encoding in encodings:
        try:
            text = content.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            return text
    raise _unreadable(name, "csv")


def _delimiter(header: str) -> str:
    """The delimiter that makes the most sense of the header row.

    Scored by recognised column names, then by number of columns, so a comma inside a
    quoted German header does not fool it; ``;`` wins ties, as German Excel writes it.
    """

    def score(delimiter):
        cells = next(csv.reader([header], delimiter=delimiter), [])
        return (sum(_header_key(cell) in _FIELD_OF_HEADER for cell in cells), len(cells))

    try:
        return max(CSV_DELIMITERS, key=score)
    except csv.Error:
        return CSV_DELIMITERS[0]


def _header_key(cell: str) -> str:
    for character in "_-.:":
        cell = cell.replace(character, " ")
    return " ".join(cell.casefold().split())


def _rows_from_records(name: str, records) -> list[ImportRow]:
    if not records:
        raise _empty(name)
    _, header = records[0]
    columns = _columns(name, header)
    data = records[1:]
    if not data:
        raise _empty(name)
    if len(data) > MAX_ROWS:
        raise TOO_MANY_ROWS.rejected(file=name, limit=MAX_ROWS)
    rows = []
    for line, cells in data:
        values = {column: cells[index] for column, index in columns.items() if index < len(cells)}
        rows.append(ImportRow(line=line, **{"first_name": "", "last_name": "", **values}))
    return rows


def _columns(name: str, header: list[str]) -> dict[str, int]:
    """Which column holds which field, or :class:`Rejected` listing found and expected."""
    columns: dict[str, int] = {}
    problems = []
    for index, cell in enumerate(header):
        field_name = _FIELD_OF_HEADER.get(_header_key(cell))
        if field_name is None:
            continue
        if field_name in columns:
            problems.append(
                Problem(
                    "file",
                    "duplicate_column",
                    gettext_noop(
                        "%(file)s has two columns for the same thing: %(first)s and "
                        "%(second)s; delete or rename one of them."
                    ),
                    {"file": name, "first": header[columns[field_name]], "second": cell},
                )
            )
        else:
            columns[field_name] = index
    missing = [column for column in REQUIRED_COLUMNS if column not in columns]
    if missing:
        found = [cell for cell in header if cell]
        problems.append(
            Problem(
                "file",
                "missing_columns",
                gettext_noop(
                    "%(file)s has the columns %(found)s, but a player list needs the columns "
                    "%(expected)s in its first row (optional: %(optional)s)."
                ),
                {
                    "file": name,
                    "found": ", ".join(cell[:40] for cell in found[:20]) or "–",
                    "expected": EXPECTED_COLUMNS,
                    "optional": OPTIONAL_COLUMNS,
                    "missing": ", ".join(missing),
                },
            )
        )
    if problems:
        raise Rejected(problems)
    return columns
