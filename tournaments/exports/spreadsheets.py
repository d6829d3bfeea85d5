"""Rankings and game lists as Excel workbooks (openpyxl), rankings also as CSV.

Spreadsheets get real numbers, never numbers as text, so that a club can sort and sum
them; the number format (``#,##0``) shows them with the reader's thousands separator.
Header rows are bold and frozen, columns wide enough for their content. CSV files are
what German spreadsheet programs open without an import dialog: UTF-8 with a byte order
mark, semicolons, plain integers. Every value comes from the ranking service or, for
game lists, from :func:`tournaments.exports.listsheet.load_sheet`.
"""

import csv
import io
from dataclasses import dataclass

from django.utils.translation import gettext, pgettext
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from tournaments.models import Club, Series, Tournament
from tournaments.services import ranking

from .formatting import date
from .listsheet import ListSheet, load_sheet, table_queryset
from .rankings import tournament_ranking

NUMBER_FORMAT = "#,##0"
SIGNED_FORMAT = "+#,##0;-#,##0;0"
HEADER_FONT = Font(bold=True)
TITLE_FONT = Font(bold=True, size=13)
HEADER_FILL = PatternFill("solid", fgColor="EEEEEE")
MAX_WIDTH = 40
SHEET_TITLE_LENGTH = 31


@dataclass(frozen=True)
class Column:
    """A spreadsheet column: header, value of a row, number format and least width."""

    label: str
    value: object
    number_format: str | None = NUMBER_FORMAT
    width: int = 8


def _ranking_columns(series_columns=()) -> list[Column]:
    return [
        Column(gettext("Place"), lambda r: r.rank, None, 6),
        Column(gettext("Start number"), lambda r: r.start_number, None, 8),
        Column(gettext("Name"), lambda r: r.name, None, 22),
        Column(gettext("Club"), lambda r: r.club, None, 18),
        Column(gettext("Team"), lambda r: r.team, None, 14),
        *series_columns,
        Column(gettext("Game points"), lambda r: r.game_points),
        Column(gettext("Won"), lambda r: r.won),
        Column(gettext("Lost"), lambda r: r.lost),
        Column("±50", lambda r: r.bonus_won_lost, SIGNED_FORMAT),
        Column("30/40", lambda r: r.bonus_opponents_lost),
        Column(gettext("Total"), lambda r: r.total),
    ]


def _series_column(data, series: Series) -> Column:
    return Column(
        gettext("Series %(number)d") % {"number": series.number},
        lambda r: data.series_total(r.participant, series),
    )


def _season_columns() -> list[Column]:
    return [
        Column(gettext("Place"), lambda r: r.rank, None, 6),
        Column(gettext("Name"), lambda r: r.name, None, 22),
        Column(gettext("Club"), lambda r: r.club, None, 18),
        Column(gettext("Tournaments"), lambda r: r.tournaments),
        Column(gettext("Series played"), lambda r: r.series_played),
        Column(gettext("Counted"), lambda r: r.series_counted),
        Column(gettext("Game points"), lambda r: r.game_points),
        Column(gettext("Won"), lambda r: r.won),
        Column(gettext("Lost"), lambda r: r.lost),
        Column("±50", lambda r: r.bonus_won_lost, SIGNED_FORMAT),
        Column("30/40", lambda r: r.bonus_opponents_lost),
        Column(gettext("Total"), lambda r: r.total),
    ]


# --- Workbooks ---------------------------------------------------------------------------


def series_ranking_xlsx(series: Series) -> bytes:
    workbook = Workbook()
    _ranking_sheet(
        workbook.active,
        _series_title(series),
        _title_line(series.tournament, series),
        _ranking_columns(),
        ranking.rank_series(series),
    )
    return _save(workbook)


def tournament_ranking_xlsx(tournament: Tournament) -> bytes:
    """One sheet per series (its own ranking), then "Gesamt" with a column per series.

    Three queries per series for the series sheets, seven for the total; none per player.
    """
    workbook = Workbook()
    workbook.remove(workbook.active)
    data = tournament_ranking(tournament)
    for series in data.series:
        _ranking_sheet(
            workbook.create_sheet(_series_title(series)),
            _series_title(series),
            _title_line(tournament, series),
            _ranking_columns(),
            ranking.rank_series(series),
        )
    _ranking_sheet(
        workbook.create_sheet(_sheet_title(gettext("Total"))),
        gettext("Total"),
        _title_line(tournament),
        _ranking_columns([_series_column(data, series) for series in data.series]),
        data.rows,
    )
    workbook.active = len(workbook.worksheets) - 1
    return _save(workbook)


def season_ranking_xlsx(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> bytes:
    rows = ranking.rank_season(club, year, best=best, min_series=min_series)
    workbook = Workbook()
    title = gettext("Season ranking %(year)d – %(club)s") % {"year": year, "club": club.name}
    _ranking_sheet(workbook.active, str(year), title, _season_columns(), rows)
    return _save(workbook)


def series_lists_xlsx(series: Series) -> bytes:
    """Every game list of ``series``, one sheet per table; five queries per table."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    tables = table_queryset().filter(series=series).order_by("number")
    for table in tables:
        sheet = load_sheet(table)
        _list_sheet(workbook.create_sheet(_table_title(sheet.table_number)), sheet)
    if not workbook.worksheets:
        empty = workbook.create_sheet(_series_title(series))
        empty.append([gettext("This series has no tables yet.")])
    return _save(workbook)


def _ranking_sheet(ws, title: str, line: str, columns: list[Column], rows) -> None:
    """A title line, a bold frozen header row and one row per ranking row."""
    ws.title = _sheet_title(title)
    ws.append([line])
    ws["A1"].font = TITLE_FONT
    _header(ws, 2, [column.label for column in columns])
    for row in rows:
        ws.append([column.value(row) for column in columns])
    _format_columns(ws, columns, first_row=3)
    ws.freeze_panes = "A3"


def _list_sheet(ws, sheet: ListSheet) -> None:
    """The game rows of a list with every seat's running total, then its settlement."""
    seats = sheet.seat_numbers
    names = {seat: " / ".join(o.name for o in sheet.occupants_of(seat)) for seat in seats}
    columns = [
        Column(gettext("No."), None, None, 5),
        Column(gettext("Dealer"), None, None, 7),
        Column(gettext("Declarer"), None, None, 16),
        Column(gettext("Game"), None, None, 12),
        Column(pgettext("game list column", "Base value"), None),
        Column(gettext("Matadors"), None, None, 9),
        Column(gettext("Won") + "/" + gettext("Lost"), None, None, 10),
        Column(gettext("overbid"), None, None, 9),
        Column(gettext("Score"), None),
        *(
            Column(
                f"{gettext('Seat %(number)d') % {'number': seat}}: {names[seat]}", None, width=14
            )
            for seat in seats
        ),
    ]
    ws.append(
        [
            " · ".join(
                part
                for part in (
                    sheet.tournament,
                    date(sheet.date),
                    gettext("Series %(number)d") % {"number": sheet.series_number},
                    _table_title(sheet.table_number),
                    sheet.status_label,
                )
                if part
            )
        ]
    )
    ws["A1"].font = TITLE_FONT
    _header(ws, 2, [column.label for column in columns])
    for row in sheet.rows:
        ws.append(_game_cells(row, seats))
    _format_columns(ws, columns, first_row=3, last_row=ws.max_row)
    ws.freeze_panes = "A3"
    _settlement_block(ws, sheet)


def _game_cells(row, seats) -> list:
    if row.passed:
        game, matadors, result = gettext("passed"), None, None
    else:
        game = row.game_label
        matadors = None
        if row.matadors is not None:
            word = gettext("with") if row.with_matadors else gettext("without")
            matadors = f"{word} {row.matadors}"
        result = None if row.won is None else gettext("won") if row.won else gettext("lost")
    return [
        row.number,
        row.dealer_seat,
        f"{row.declarer_seat}: {row.declarer_name}" if row.declarer_seat else None,
        game,
        row.base_value,
        matadors,
        result,
        gettext("overbid") if row.overbid else None,
        row.score,
        *(row.totals.get(seat) for seat in seats),
    ]


SETTLEMENT_FIELDS = (
    "game_points",
    "won",
    "lost",
    "bonus_won_lost",
    "bonus_opponents_lost",
    "total",
)


def settlement_labels() -> list[str]:
    return [
        gettext("Game points"),
        gettext("Won"),
        gettext("Lost"),
        "±50",
        "30/40",
        gettext("Total"),
    ]


def _settlement_block(ws, sheet: ListSheet) -> None:
    """The settlement (Abrechnung) below the games: one row per player who sat at the table."""
    start = ws.max_row + 2
    ws.cell(start, 1, gettext("Settlement")).font = TITLE_FONT
    header = [gettext("Seat"), gettext("Start number"), gettext("Name"), *settlement_labels()]
    for index, label in enumerate(header, start=1):
        cell = ws.cell(start + 1, index, label)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
    for offset, line in enumerate(sheet.settlement, start=2):
        values = [line.seat, line.start_number, line.name]
        values += [getattr(line, name) for name in SETTLEMENT_FIELDS]
        for index, value in enumerate(values, start=1):
            cell = ws.cell(start + offset, index, value)
            if index > 3:
                cell.number_format = SIGNED_FORMAT if index == 7 else NUMBER_FORMAT
            if index == len(values):
                cell.font = HEADER_FONT


def _header(ws, row: int, labels: list[str]) -> None:
    for index, label in enumerate(labels, start=1):
        cell = ws.cell(row, index, label)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="bottom")


def _format_columns(ws, columns: list[Column], *, first_row: int, last_row=None) -> None:
    """Number formats for the data rows and column widths that fit header and content."""
    last_row = last_row or ws.max_row
    for index, column in enumerate(columns, start=1):
        letter = get_column_letter(index)
        width = max(column.width, min(len(column.label) + 2, MAX_WIDTH))
        for (cell,) in ws.iter_rows(
            min_row=first_row, max_row=last_row, min_col=index, max_col=index
        ):
            if column.number_format and isinstance(cell.value, int):
                cell.number_format = column.number_format
            if cell.value is not None:
                width = max(width, min(len(str(cell.value)) + 2, MAX_WIDTH))
        ws.column_dimensions[letter].width = width


def _save(workbook: Workbook) -> bytes:
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _sheet_title(text: str) -> str:
    """Excel refuses some characters in sheet names and allows 31 letters."""
    for char in "[]:*?/\\":
        text = text.replace(char, " ")
    return text[:SHEET_TITLE_LENGTH]


def _series_title(series: Series) -> str:
    return gettext("Series %(number)d") % {"number": series.number}


def _table_title(number) -> str:
    return gettext("Table %(number)d") % {"number": number}


def _title_line(tournament: Tournament, series: Series | None = None) -> str:
    parts = [tournament.name, date(tournament.date), tournament.venue]
    if series is not None:
        parts.append(_series_title(series))
    return " · ".join(part for part in parts if part)


# --- CSV -----------------------------------------------------------------------------------


CSV_ENCODING = "utf-8-sig"
CSV_DELIMITER = ";"


def series_ranking_csv(series: Series) -> bytes:
    return _csv(_ranking_columns(), ranking.rank_series(series))


def tournament_ranking_csv(tournament: Tournament) -> bytes:
    data = tournament_ranking(tournament)
    columns = _ranking_columns([_series_column(data, series) for series in data.series])
    return _csv(columns, data.rows)


def season_ranking_csv(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> bytes:
    return _csv(
        _season_columns(), ranking.rank_season(club, year, best=best, min_series=min_series)
    )


def _csv(columns: list[Column], rows) -> bytes:
    """A header line, then one line per row; an empty cell for a series not played."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, delimiter=CSV_DELIMITER, lineterminator="\r\n")
    writer.writerow(column.label for column in columns)
    for row in rows:
        writer.writerow("" if (value := column.value(row)) is None else value for column in columns)
    return text.getvalue().encode(CSV_ENCODING)
