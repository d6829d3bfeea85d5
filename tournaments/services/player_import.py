"""Importing a player list (Teilnehmerliste) from CSV or XLSX, with a preview first.

The director uploads the list a club secretary keeps in Excel; :func:`read_player_rows`
turns it into rows, :func:`preview_import` says what each row would do without writing
anything, and :func:`commit_import` does it in one transaction. Everything a user can get
wrong is reported as a :class:`~tournaments.skat.Problem`, so the pages and the API show
the same messages.
"""

import codecs
import csv
import datetime
import io
import lzma
import struct
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePath

from django.db import IntegrityError, models, transaction
from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from tournaments.models import Club, Player, Team, Tournament
from tournaments.skat import Problem

from . import participants
from .errors import Rejected

MAX_ROWS = 5000
MAX_FILE_BYTES = 2 * 1024 * 1024  # 5,000 players take about 300 KB as CSV, less as XLSX
MAX_COLUMNS = 50
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
}
REQUIRED_COLUMNS = ("first_name", "last_name")
# How the expected columns are listed in the message about a wrong header row.
EXPECTED_COLUMNS = "Vorname (first_name), Nachname (last_name)"
OPTIONAL_COLUMNS = "Verein (club), Mitgliedsnummer (member_number), Mannschaft (team)"
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

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class ImportStatus(models.TextChoices):
    NEW_PLAYER = "new_player", _("new player")
    EXISTING_PLAYER = "existing_player", _("existing player")
    ALREADY_REGISTERED = "already_registered", _("already registered")
    DUPLICATE = "duplicate", _("duplicate in file")
    ERROR = "error", _("error")


IMPORTABLE = (ImportStatus.NEW_PLAYER, ImportStatus.EXISTING_PLAYER)


@dataclass(frozen=True)
class PreviewLine:
    """What importing one row would do.

    ``problems`` say why an error row cannot be imported; ``notes`` are what the director
    should know about the others (a club or team that will be created, why a row is skipped).
    """

    row: ImportRow
    status: ImportStatus
    player: Player | None = None
    club: Club | None = None
    team: Team | None = None
    duplicate_of: int | None = None
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()

    @property
    def importable(self) -> bool:
        return self.status in IMPORTABLE

    @property
    def team_name(self) -> str:
        return self.row.team

    @property
    def creates_club(self) -> bool:
        return self.importable and bool(self.row.club) and self.club is None

    @property
    def creates_team(self) -> bool:
        return self.importable and bool(self.row.team) and self.team is None


@dataclass(frozen=True)
class ImportPreview:
    lines: tuple[PreviewLine, ...]

    @property
    def counts(self) -> dict[str, int]:
        """Rows per status, every status present (0 when none), for the preview's summary."""
        found = Counter(line.status for line in self.lines)
        return {status.value: found[status] for status in ImportStatus}

    @property
    def importable(self) -> int:
        return sum(line.importable for line in self.lines)

    @property
    def has_errors(self) -> bool:
        return any(line.status == ImportStatus.ERROR for line in self.lines)


@dataclass(frozen=True)
class ImportResult:
    created_players: int
    matched_players: int
    registered: int
    skipped: int
    created_clubs: int
    created_teams: int
    lines: tuple[PreviewLine, ...]
    participants: tuple = field(default=(), repr=False)


# --- Reading the file -------------------------------------------------------------------


def read_player_rows(filename: str, content: bytes) -> list[ImportRow]:
    """The player rows of an uploaded CSV or XLSX file, or :class:`Rejected` saying why not.

    Completely empty rows are skipped; values are stripped; at most :data:`MAX_ROWS` rows.
    """
    name = PurePath(filename or "").name or "?"
    too_large = file_size_problem(name, len(content))
    if too_large is not None:
        raise Rejected([too_large])
    extension = PurePath(name).suffix.lower()
    if extension not in CSV_EXTENSIONS + XLSX_EXTENSIONS:
        raise Rejected.because(
            "file",
            "unsupported_file_type",
            gettext_noop(
                "%(file)s is neither a CSV nor an Excel file; upload a .csv or .xlsx file "
                "(save older .xls files as .xlsx first)."
            ),
            file=name,
        )
    if not content.strip():
        raise _empty(name)
    if extension in XLSX_EXTENSIONS:
        records = _xlsx_records(name, content)
    else:
        records = _csv_records(name, content)
    return _rows_from_records(name, records)


def file_size_problem(filename: str, size: int) -> Problem | None:
    """Why a file is too large to import, checked before it is read into memory."""
    if size <= MAX_FILE_BYTES:
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
            "limit": MAX_FILE_BYTES // 1024 // 1024,
        },
    )


def _empty(name: str) -> Rejected:
    return Rejected.because(
        "file",
        "empty_file",
        gettext_noop(
            "%(file)s contains no players; it needs a header row (Vorname, Nachname, Verein, "
            "…) and one row per player."
        ),
        file=name,
    )


def _unreadable(name: str, kind: str) -> Rejected:
    if kind == "ole":
        message = gettext_noop(
            "%(file)s is password-protected or an old Excel file (.xls); remove the password "
            "or save it as .xlsx, then upload it again."
        )
    elif kind == "xlsx":
        message = gettext_noop(
            "%(file)s cannot be read as an Excel file; it may be damaged. Open it in Excel "
            "and save it again as .xlsx, or export it as CSV."
        )
    elif kind == "zip":
        message = gettext_noop(
            "%(file)s is an Excel workbook, not a CSV file; rename it to .xlsx or export it as CSV."
        )
    else:
        message = gettext_noop(
            "%(file)s cannot be read as a CSV text file; export it from the spreadsheet "
            "again as CSV (UTF-8)."
        )
    return Rejected.because("file", "unreadable_file", message, file=name)


def _xlsx_records(name: str, content: bytes):
    """(line, cells) of the first sheet, read fully here so the workbook can be closed."""
    if content.startswith(OLE_SIGNATURE):
        raise _unreadable(name, "ole")
    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except _XLSX_ERRORS as error:
        raise _unreadable(name, "xlsx") from error
    try:
        if not workbook.worksheets:
            raise _empty(name)
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()  # some programs write a wrong size; read what is there
        records = []
        data_rows = 0
        for line, values in enumerate(
            sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1
        ):
            cells = [_cell_text(value) for value in values]
            if any(cells):
                records.append((line, cells))
                data_rows += 1
                if data_rows > MAX_ROWS + 1:  # the header plus one row too many is enough
                    break
        return records
    except _XLSX_ERRORS as error:
        raise _unreadable(name, "xlsx") from error
    finally:
        workbook.close()


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
            cells = [value.strip() for value in values[:MAX_COLUMNS]]
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
        raise Rejected.because(
            "file",
            "too_many_rows",
            gettext_noop(
                "%(file)s lists more than %(limit)d players; split it into files of at most "
                "%(limit)d rows and import them one after the other."
            ),
            file=name,
            limit=MAX_ROWS,
        )
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


# --- Preview ----------------------------------------------------------------------------


def _key(text: str) -> str:
    """How names are compared: case and spacing do not matter (``MÜLLER`` = ``Müller``)."""
    return " ".join(text.casefold().split())


def _length(model, field_name: str) -> int:
    return model._meta.get_field(field_name).max_length


class _Directory:
    """The clubs, players, registrations and teams a preview matches rows against.

    Loaded with a constant number of queries and matched in Python, because SQLite's
    ``LOWER`` only folds ASCII and would miss ``MÜLLER`` = ``Müller``.
    """

    def __init__(self, tournament: Tournament, rows: list[ImportRow]):
        self.clubs_by_name: dict[str, Club] = {}
        self.clubs_by_short_name: dict[str, list[Club]] = {}
        for club in Club.objects.all():
            self.clubs_by_name[_key(club.name)] = club
            if club.short_name:
                self.clubs_by_short_name.setdefault(_key(club.short_name), []).append(club)

        club_ids = set()
        wants_guests = False
        for row in rows:
            club = self.club(row.club)
            if isinstance(club, Club):
                club_ids.add(club.id)
            wants_guests |= not row.club
        players = Player.objects.filter(club_id__in=club_ids)
        if wants_guests:
            players |= Player.objects.filter(club__isnull=True)
        self.by_number: dict[tuple, Player] = {}
        self.by_name: dict[tuple, list[Player]] = {}
        for player in players.select_related("club"):
            if player.member_number:
                self.by_number[(player.club_id, _key(player.member_number))] = player
            name = (player.club_id, _key(player.first_name), _key(player.last_name))
            self.by_name.setdefault(name, []).append(player)

        self.registered = {
            p.player_id: p for p in tournament.participants.only("player_id", "start_number")
        }
        self.teams = {
            _key(team.name): team
            for team in tournament.teams.annotate(member_count=Count("members"))
        }
        self.team_size = tournament.team_size
        self.joining: Counter = Counter()  # rows the preview has put into each team so far

    def club(self, name: str) -> Club | list[Club] | None:
        """The club a row names: by name, else by a unique short name; a list if ambiguous."""
        if not name:
            return None
        key = _key(name)
        if key in self.clubs_by_name:
            return self.clubs_by_name[key]
        matches = self.clubs_by_short_name.get(key, [])
        if len(matches) == 1:
            return matches[0]
        return matches or None


def preview_import(tournament: Tournament, rows: list[ImportRow]) -> ImportPreview:
    """What importing ``rows`` would do, row by row; writes nothing."""
    directory = _Directory(tournament, rows)
    seen_keys: dict[tuple, int] = {}
    seen_players: dict[int, int] = {}
    return ImportPreview(
        tuple(_preview_line(row, directory, seen_keys, seen_players) for row in rows)
    )


def _preview_line(row: ImportRow, directory: _Directory, seen_keys, seen_players):
    problems = _row_problems(row)
    notes = []
    club = directory.club(row.club)
    if isinstance(club, list):
        problems.append(
            _problem(
                row,
                "club",
                "ambiguous_club",
                gettext_noop(
                    "Line %(line)d: several clubs are called %(club)s for short (%(clubs)s); "
                    "write the club's full name."
                ),
                club=row.club,
                clubs=", ".join(c.name for c in club),
            )
        )
        club = None
    elif club is None and row.club:
        notes.append(
            _problem(
                row,
                "club",
                "new_club",
                gettext_noop("Line %(line)d: the club %(club)s is new and will be created."),
                club=row.club,
            )
        )

    player = None
    if not problems and club is not None:
        player, more = _match_player(row, club, directory)
        problems += more
    elif not problems and not row.club:
        player, more = _match_player(row, None, directory)
        problems += more
    if problems:
        return PreviewLine(row, ImportStatus.ERROR, club=club, problems=tuple(problems))

    if player is not None and player.member_number and row.member_number:
        if _key(player.first_name) != _key(row.first_name) or _key(player.last_name) != _key(
            row.last_name
        ):
            notes.append(
                _problem(
                    row,
                    "member_number",
                    "name_differs",
                    gettext_noop(
                        "Line %(line)d: member number %(number)s belongs to %(name)s; "
                        "that player is registered, not %(given)s."
                    ),
                    number=row.member_number,
                    name=player.full_name,
                    given=row.full_name,
                )
            )

    club_key = club.id if club is not None else ("new", _key(row.club)) if row.club else None
    keys = [(club_key, _key(row.first_name), _key(row.last_name))]
    if row.member_number and row.club:
        keys.insert(0, (club_key, "#", _key(row.member_number)))
    first = next((seen_keys[key] for key in keys if key in seen_keys), None)
    if first is None and player is not None:
        first = seen_players.get(player.id)
    if first is not None:
        notes.append(
            _problem(
                row,
                "player",
                "duplicate_in_file",
                gettext_noop(
                    "Line %(line)d: %(name)s is already listed in line %(first)d; this row "
                    "is skipped."
                ),
                name=row.full_name,
                first=first,
            )
        )
        return PreviewLine(
            row, ImportStatus.DUPLICATE, player, club, duplicate_of=first, notes=tuple(notes)
        )
    for key in keys:
        seen_keys[key] = row.line
    if player is not None:
        seen_players[player.id] = row.line

    participant = directory.registered.get(player.id) if player is not None else None
    if participant is not None:
        notes.append(
            _problem(
                row,
                "player",
                "already_registered",
                gettext_noop(
                    "Line %(line)d: %(name)s is already registered with start number "
                    "%(number)d; this row is skipped."
                ),
                name=player.full_name,
                number=participant.start_number,
            )
        )
        return PreviewLine(row, ImportStatus.ALREADY_REGISTERED, player, club, notes=tuple(notes))

    team = directory.teams.get(_key(row.team)) if row.team else None
    if row.team:
        members = (team.member_count if team is not None else 0) + directory.joining[_key(row.team)]
        if members >= directory.team_size:
            problem = _problem(
                row,
                "team",
                "team_full",
                gettext_noop(
                    "Line %(line)d: the team %(team)s already has %(limit)d players, the most a "
                    "team may have in this tournament; put this player in another team."
                ),
                team=team.name if team is not None else row.team,
                limit=directory.team_size,
            )
            return PreviewLine(row, ImportStatus.ERROR, player, club, problems=(problem,))
        directory.joining[_key(row.team)] += 1
    if row.team and team is None:
        notes.append(
            _problem(
                row,
                "team",
                "new_team",
                gettext_noop("Line %(line)d: the team %(team)s is new and will be created."),
                team=row.team,
            )
        )
    status = ImportStatus.NEW_PLAYER if player is None else ImportStatus.EXISTING_PLAYER
    return PreviewLine(row, status, player, club, team, notes=tuple(notes))


def _problem(row: ImportRow, field_name: str, code: str, message: str, **params) -> Problem:
    return Problem(field_name, code, message, {"line": row.line, **params})


def _row_problems(row: ImportRow) -> list[Problem]:
    problems = []
    for field_name, missing_message in (
        ("first_name", gettext_noop("Line %(line)d: the first name is missing; fill it in.")),
        ("last_name", gettext_noop("Line %(line)d: the last name is missing; fill it in.")),
    ):
        if not getattr(row, field_name):
            problems.append(_problem(row, field_name, f"{field_name}_missing", missing_message))
    for field_name, model, model_field in (
        ("first_name", Player, "first_name"),
        ("last_name", Player, "last_name"),
        ("member_number", Player, "member_number"),
        ("club", Club, "name"),
        ("team", Team, "name"),
    ):
        limit = _length(model, model_field)
        if len(getattr(row, field_name)) > limit:
            problems.append(
                _problem(
                    row,
                    field_name,
                    f"{field_name}_too_long",
                    gettext_noop(
                        "Line %(line)d: %(value)s is too long; at most %(limit)d characters "
                        "fit here."
                    ),
                    value=getattr(row, field_name)[:40] + "…",
                    limit=limit,
                )
            )
    return problems


def _match_player(row: ImportRow, club: Club | None, directory: _Directory):
    """The known player a row means: by member number in the club, else by name and club."""
    club_id = club.id if club is not None else None
    if club is not None and row.member_number:
        player = directory.by_number.get((club_id, _key(row.member_number)))
        if player is not None:
            return player, []
    same_name = directory.by_name.get((club_id, _key(row.first_name), _key(row.last_name)), [])
    if club is not None and row.member_number:
        numbered = [p for p in same_name if p.member_number]
        if numbered and len(numbered) == len(same_name):
            stored = ", ".join(p.member_number for p in numbered)
            return None, [
                _problem(
                    row,
                    "member_number",
                    "member_number_conflict",
                    gettext_noop(
                        "Line %(line)d: in %(club)s, %(name)s has the member number "
                        "%(stored)s, not %(number)s; correct the number in the file."
                    ),
                    club=club.name,
                    name=row.full_name,
                    stored=stored,
                    number=row.member_number,
                )
            ]
        same_name = [p for p in same_name if not p.member_number]
    if len(same_name) > 1 and club is None:
        return None, [
            _problem(
                row,
                "club",
                "ambiguous_guest",
                gettext_noop(
                    "Line %(line)d: there are several guest players called %(name)s; "
                    "register this one by hand."
                ),
                name=row.full_name,
            )
        ]
    if len(same_name) > 1:
        return None, [
            _problem(
                row,
                "member_number",
                "ambiguous_player",
                gettext_noop(
                    "Line %(line)d: there are several players called %(name)s in %(club)s; "
                    "add the member number to say which one."
                ),
                name=row.full_name,
                club=club.name,
            )
        ]
    return (same_name[0] if same_name else None), []


# --- Commit -----------------------------------------------------------------------------


@transaction.atomic
def commit_import(tournament: Tournament, rows: list[ImportRow], *, user=None) -> ImportResult:
    """Create the missing clubs, players and teams and register every importable row.

    All or nothing: a conflict (e.g. someone registered the same player meanwhile) undoes
    the whole import, so the director can simply run it again. Start numbers continue after
    the existing participants, in the file's order. Clubs, players, teams and participants
    are each written with one bulk insert (:func:`participants.register_many`), so a list
    of 5,000 players is committed in seconds.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    participants.ensure_registration_open(tournament, "file")
    preview = preview_import(tournament, rows)
    importable = [line for line in preview.lines if line.importable]
    team_clubs = _team_clubs(preview)
    try:
        clubs = _create_clubs(importable)
        teams: dict[str, Team] = {}
        registrations = []
        for line in importable:
            row = line.row
            club = line.club if line.club is not None else clubs.get(_key(row.club))
            team = line.team
            if team is None and row.team:
                if _key(row.team) not in teams:
                    teams[_key(row.team)] = Team(
                        tournament=tournament,
                        name=row.team,
                        club=_team_club(team_clubs[_key(row.team)], clubs),
                    )
                team = teams[_key(row.team)]
            player = line.player or Player(
                first_name=row.first_name,
                last_name=row.last_name,
                club=club,
                member_number=row.member_number,
            )
            registrations.append(participants.Registration(player, team))
        created_players = sum(r.player.pk is None for r in registrations)
        counts = {
            "registered": len(registrations),
            "created_players": created_players,
            "matched_players": len(registrations) - created_players,
            "skipped": len(preview.lines) - len(registrations),
            "created_clubs": len(clubs),
            "created_teams": len(teams),
        }
        registered = participants.register_many(
            tournament,
            registrations,
            user=user,
            action="players_imported",
            details=counts,
            field="file",
        )
    except IntegrityError as error:
        raise Rejected.because(
            "file",
            "import_conflict",
            gettext_noop(
                "Someone changed the clubs or players while the list was imported; nothing "
                "was imported. Please import the file again."
            ),
            conflict=True,
        ) from error
    return ImportResult(
        created_players=counts["created_players"],
        matched_players=counts["matched_players"],
        registered=counts["registered"],
        skipped=counts["skipped"],
        created_clubs=counts["created_clubs"],
        created_teams=counts["created_teams"],
        lines=preview.lines,
        participants=tuple(registered),
    )


def _create_clubs(lines) -> dict[str, Club]:
    """The clubs the file names that do not exist yet, created with one insert."""
    clubs: dict[str, Club] = {}
    for line in lines:
        if line.creates_club and _key(line.row.club) not in clubs:
            clubs[_key(line.row.club)] = Club(name=line.row.club)
    Club.objects.bulk_create(clubs.values())
    return clubs


def _team_clubs(preview: ImportPreview) -> dict[str, set]:
    """For each new team, the clubs its rows name (a club, or a club name still to create)."""
    found: dict[str, set] = {}
    for line in preview.lines:
        if line.creates_team:
            club = line.club if line.club is not None else _key(line.row.club) or None
            found.setdefault(_key(line.row.team), set()).add(club)
    return found


def _team_club(names: set, created: dict[str, Club]) -> Club | None:
    """The club of a new team when all its imported members play for the same club."""
    if len(names) != 1:
        return None
    (club,) = names
    if isinstance(club, str):
        return created.get(club)
    return club
