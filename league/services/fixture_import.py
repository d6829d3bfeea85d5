"""Importing fixtures (Spielplan) from CSV or XLSX, with a preview before anything is saved.

One row per venue: ``Spieltag``, ``Datum``, ``Ausrichter`` (the host team) and the guests in
columns ``Gast 1``, ``Gast 2``, … (optionally ``Zentral``: ja/nein). Teams are named as in
the group, case and spaces ignored. The file is read by the player import's reader, with
its limits (size, archive, rows, columns); the preview says per row what is wrong, and
the fixtures are saved only when every row is right, all in one transaction, each match
day through :func:`.fixtures.create_match_day`.
"""

import datetime
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import LeagueGroup, LeagueTeam, MatchDay
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.services.participants import name_key
from tournaments.services.player_import import MAX_ROWS, read_records
from tournaments.skat import Problem

from .fixtures import MAX_MATCH_DAYS, create_match_day

HEADERS = {
    "match_day": ("spieltag", "match day", "matchday", "spieltag nr", "nr"),
    "date": ("datum", "date", "termin"),
    "host": ("ausrichter", "gastgeber", "host", "heim"),
    "central": ("zentral", "central"),
}
GUEST_PREFIXES = ("gast", "guest", "mannschaft", "team")
YES = frozenset({"ja", "j", "yes", "y", "x", "1", "true", "zentral"})
# The player import's refusals of a file, in the words of a fixture list.
FILE_MESSAGES = {
    "file_too_large": gettext_noop(
        "%(file)s is %(size)s MB; a fixture list may be at most %(limit)s MB."
    ),
    "empty_file": gettext_noop(
        "%(file)s contains no fixtures; it needs a header row (Spieltag, Datum, Ausrichter, "
        "Gast 1, Gast 2, Gast 3) and one row per venue."
    ),
    "too_many_columns": gettext_noop(
        "Line %(line)d of %(file)s has %(count)d columns; a fixture list may have at most "
        "%(limit)d."
    ),
}


@dataclass
class FixtureLine:
    """One venue row of the file and what is wrong with it."""

    line: int
    match_day: int | None = None
    date: datetime.date | None = None
    central: bool = False
    host: LeagueTeam | None = None
    guests: list[LeagueTeam] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def teams(self) -> list[LeagueTeam]:
        return [self.host, *self.guests] if self.host else list(self.guests)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class FixturePreview:
    lines: list[FixtureLine]

    @property
    def ok(self) -> bool:
        return bool(self.lines) and all(line.ok for line in self.lines)

    def match_days(self) -> dict[int, list[FixtureLine]]:
        days: dict[int, list[FixtureLine]] = {}
        for line in self.lines:
            days.setdefault(line.match_day, []).append(line)
        return dict(sorted(days.items()))


def preview_fixtures(group: LeagueGroup, filename: str, content: bytes) -> FixturePreview:
    """What the file would create, row by row; nothing is saved."""
    return preview_records(group, *read_fixture_records(filename, content))


def preview_records(group: LeagueGroup, name: str, records) -> FixturePreview:
    """:func:`preview_fixtures` of rows already read (kept between preview and saving)."""
    header = records[0][1]
    columns, guests = _columns(name, header)
    teams = {name_key(team.name): team for team in group.teams.select_related("club")}
    taken = set(group.match_days.values_list("number", flat=True))
    lines = []
    for line, cells in records[1:]:
        lines.append(_line(line, cells, columns, guests, teams, taken))
    _check_days(lines)
    return FixturePreview(lines)


def read_fixture_records(filename: str, content: bytes):
    """The file's name and its rows (line, cells), header first; refusals about the file."""
    try:
        name, records = read_records(filename, content)
    except Rejected as refused:
        problems = [
            Problem(p.field, p.code, FILE_MESSAGES.get(p.code, p.message), p.params)
            for p in refused.problems
        ]
        raise Rejected(problems) from None
    if len(records) < 2:
        raise Rejected([Problem("file", "empty_file", FILE_MESSAGES["empty_file"], {"file": name})])
    if len(records) > MAX_ROWS:
        raise Rejected.because(
            "file",
            "too_many_rows",
            gettext_noop("%(file)s lists more than %(limit)d venues."),
            file=name,
            limit=MAX_ROWS,
        )
    return name, records


def _key(cell: str) -> str:
    for character in "_-.:#":
        cell = cell.replace(character, " ")
    return " ".join(cell.casefold().split())


def _columns(name: str, header: list[str]) -> tuple[dict[str, int], list[int]]:
    columns, guests = {}, []
    for index, cell in enumerate(header):
        key = _key(cell)
        found = next((field for field, names in HEADERS.items() if key in names), None)
        if found and found not in columns:
            columns[found] = index
        elif key.startswith(GUEST_PREFIXES):
            guests.append(index)
    missing = [field for field in ("match_day", "date", "host") if field not in columns]
    if missing or not guests:
        raise Rejected.because(
            "file",
            "missing_columns",
            gettext_noop(
                "%(file)s needs the columns Spieltag, Datum, Ausrichter and Gast 1, Gast 2, … "
                "(one row per venue); found: %(found)s."
            ),
            file=name,
            found=", ".join(cell for cell in header if cell) or "–",
        )
    return columns, guests


def _line(line, cells, columns, guests, teams, taken) -> FixtureLine:
    def cell(index):
        return cells[index].strip() if index is not None and index < len(cells) else ""

    result = FixtureLine(line)
    number = cell(columns["match_day"])
    if number.isascii() and number.isdigit() and 1 <= int(number) <= MAX_MATCH_DAYS:
        result.match_day = int(number)
        if result.match_day in taken:
            result.problems.append(
                _problem(
                    line,
                    "match_day",
                    "match_day_taken",
                    gettext_noop("Line %(line)d: the group already has a match day %(number)d."),
                    number=result.match_day,
                )
            )
    else:
        result.problems.append(
            _problem(
                line,
                "match_day",
                "invalid_match_day",
                gettext_noop("Line %(line)d: the match day must be a number from 1 to %(max)d."),
                max=MAX_MATCH_DAYS,
            )
        )
    result.date = _date(cell(columns["date"]))
    if result.date is None:
        result.problems.append(
            _problem(
                line,
                "date",
                "invalid_date",
                gettext_noop("Line %(line)d: write the date as 22.03.2027 or 2027-03-22."),
            )
        )
    result.central = cell(columns.get("central")).casefold() in YES
    host = cell(columns["host"])
    result.host = teams.get(name_key(host))
    if result.host is None:
        result.problems.append(_unknown(line, "host", host))
    for index in guests:
        guest = cell(index)
        if not guest:
            continue
        team = teams.get(name_key(guest))
        if team is None:
            result.problems.append(_unknown(line, "guests", guest))
        else:
            result.guests.append(team)
    if result.host is not None and result.host in result.guests:
        result.guests.remove(result.host)
    if not result.guests:
        result.problems.append(
            _problem(
                line,
                "guests",
                "no_guests",
                gettext_noop("Line %(line)d: a venue needs at least one guest team."),
            )
        )
    return result


def _date(text: str) -> datetime.date | None:
    text = text.strip()
    for pattern in ("%d.%m.%Y", "%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%d.%m.%y"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _unknown(line: int, field_name: str, name: str) -> Problem:
    return _problem(
        line,
        field_name,
        "unknown_team",
        gettext_noop('Line %(line)d: the group has no team called "%(team)s".'),
        team=name[:100] or "–",
    )


def _problem(line: int, field_name: str, code: str, message: str, **params) -> Problem:
    return Problem(field_name, code, message, {"line": line, **params})


def _check_days(lines: list[FixtureLine]) -> None:
    """Within a match day: one date, each team at one venue."""
    by_day: dict[int, list[FixtureLine]] = {}
    for line in lines:
        if line.match_day is not None:
            by_day.setdefault(line.match_day, []).append(line)
    for number, day in by_day.items():
        dates = {line.date for line in day if line.date}
        seen = set()
        for line in day:
            if len(dates) > 1:
                line.problems.append(
                    _problem(
                        line.line,
                        "date",
                        "dates_differ",
                        gettext_noop(
                            "Line %(line)d: match day %(number)d has different dates in the file."
                        ),
                        number=number,
                    )
                )
            for team in line.teams:
                if team.pk in seen:
                    line.problems.append(
                        _problem(
                            line.line,
                            "guests",
                            "team_twice",
                            gettext_noop(
                                "Line %(line)d: %(team)s plays at two venues of match day "
                                "%(number)d."
                            ),
                            team=team.name,
                            number=number,
                        )
                    )
                seen.add(team.pk)


def commit_fixtures(group: LeagueGroup, filename: str, content: bytes, *, user=None):
    """Create every match day of the file, or none: refused while a row has a problem."""
    return commit_records(group, *read_fixture_records(filename, content), user=user)


@transaction.atomic
def commit_records(group: LeagueGroup, filename: str, records, *, user=None) -> list[MatchDay]:
    """:func:`commit_fixtures` of rows already read (kept between preview and saving)."""
    preview = preview_records(group, filename, records)
    if not preview.ok:
        problems = [problem for line in preview.lines for problem in line.problems]
        raise Rejected(
            problems
            or [Problem("file", "empty_file", FILE_MESSAGES["empty_file"], {"file": filename})]
        )
    created = []
    for number, day in preview.match_days().items():
        created.append(
            create_match_day(
                group,
                {
                    "number": number,
                    "date": day[0].date.isoformat(),
                    "central": any(line.central for line in day),
                    "venues": [
                        {"host": line.host.pk, "teams": [team.pk for team in line.teams]}
                        for line in day
                    ],
                },
                user=user,
            )
        )
    audit.record(
        "fixtures_imported",
        user=user,
        obj=group,
        after={"group": group.pk, "match_days": [day.number for day in created]},
    )
    return created
