"""Rankings and game lists as Excel workbooks (openpyxl), rankings also as CSV.

Every file is written from a column specification (:mod:`tournaments.exports.columns`):
the ranking ones from :mod:`tournaments.exports.rankings`, the game lists from
:mod:`tournaments.exports.game_record`. Spreadsheets get real numbers, never numbers as
text, so that a club can sort and sum them; the number format (``#,##0``) shows them with
the reader's thousands separator. Text is always a string cell, never a formula. Header
rows are bold and frozen, columns wide enough for their content. Workbooks are written by
:mod:`tournaments.exports.xlsx`, which writes a row as one string instead of a cell object
per value.

CSV files are what German spreadsheet programs open without an import dialog: UTF-8 with
a byte order mark, semicolons, plain integers.
"""

import csv
import io
from functools import partial
from operator import is_not

from django.utils.translation import gettext

from tournaments.models import Club, Series, Tournament

from . import list_money
from .columns import XLSX_FORMATS, Column, cell_values, csv_text, xlsx_text
from .formatting import date
from .game_record import game_columns, settlement_columns
from .listsheet import ListSheet, load_sheet, table_queryset
from .rankings import (
    Sheet,
    season_sheet,
    series_label,
    series_sheet,
    team_sheet,
    tournament_ranking,
    tournament_sheet,
)
from .xlsx import XLSXWorkbook

MAX_WIDTH = 40
_is_value = partial(is_not, None)
SHEET_TITLE_LENGTH = 31
HEADER_ROWS = 2  # the title line and the column headers stay in view


class SheetWriter:
    """Rows of one worksheet from column specifications, each cell styled by its format."""

    def __init__(self, workbook: XLSXWorkbook, title: str):
        self.ws = workbook.add_sheet(_sheet_title(title))

    def title(self, text: str) -> None:
        self.ws.append([text], ["title"])

    def header(self, columns: list[Column]) -> None:
        self.ws.append([column.header for column in columns], ["header"] * len(columns))

    def rows(self, columns: list[Column], rows) -> None:
        self.values(columns, cell_values(columns, rows))

    def values(self, columns: list[Column], lines: list[list]) -> None:
        self.ws.extend(lines, [_cell_style(column) for column in columns])

    def widths(self, columns: list[Column], lines: list[list]) -> None:
        """Columns wide enough for header and content."""
        # Column by column through zip, map and filter, which loop in C: a championship's
        # sheets have some 100,000 cells.
        by_column = list(zip(*lines, strict=True)) if lines else [()] * len(columns)
        for index, (column, values) in enumerate(zip(columns, by_column, strict=True)):
            longest = max(map(len, map(str, filter(_is_value, values))), default=0)
            self.ws.widths[index] = max(
                column.width, min(len(column.header) + 2, MAX_WIDTH), min(longest + 2, MAX_WIDTH)
            )

    def empty_row(self) -> None:
        self.ws.append([])


def _cell_style(column: Column) -> str | None:
    if column.format in XLSX_FORMATS:
        return f"{column.format}+bold" if column.bold else column.format
    return "bold" if column.bold else None


def table_sheet(workbook, title: str, line: str, columns: list[Column], rows) -> SheetWriter:
    """A title line, a bold frozen header row and one row per row of the source."""
    lines = cell_values(columns, rows)
    sheet = SheetWriter(workbook, title)
    sheet.widths(columns, lines)
    sheet.ws.frozen_rows = HEADER_ROWS
    sheet.title(line)
    sheet.header(columns)
    sheet.values(columns, lines)
    return sheet


def ranking_sheet(workbook, name: str, sheet: Sheet, line: str = "") -> SheetWriter:
    """A ranking as a sheet named ``name``, under ``line`` or else the ranking's title."""
    return table_sheet(workbook, name, line or sheet.title, sheet.columns, sheet.rows)


# --- Workbooks ---------------------------------------------------------------------------


def series_ranking_xlsx(series: Series) -> bytes:
    workbook = XLSXWorkbook()
    title = _title_line(series.tournament, series)
    ranking_sheet(workbook, series_label(series), series_sheet(series), title)
    return _save(workbook)


def tournament_ranking_xlsx(tournament: Tournament) -> bytes:
    """One sheet per series (its own ranking), then "Gesamt" with a column per series.

    One pass over the game points for every sheet (:func:`tournament_ranking`), one
    query per series for its participants; none per player.
    """
    workbook = XLSXWorkbook()
    data = tournament_ranking(tournament)
    for series in data.series:
        sheet = series_sheet(series, data.series_rows(series))
        ranking_sheet(workbook, series_label(series), sheet, _title_line(tournament, series))
    ranking_sheet(workbook, gettext("Total"), tournament_sheet(data), _title_line(tournament))
    workbook.active = len(workbook.sheets) - 1
    return _save(workbook)


def team_ranking_xlsx(tournament: Tournament) -> bytes:
    """Each team with its totals, then a line per member (as the PDF prints them)."""
    workbook = XLSXWorkbook()
    ranking_sheet(workbook, gettext("Teams"), team_sheet(tournament))
    return _save(workbook)


def season_ranking_xlsx(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> bytes:
    sheet = season_sheet(club, year, best=best, min_series=min_series)
    workbook = XLSXWorkbook()
    ranking_sheet(workbook, str(year), sheet)
    return _save(workbook)


def series_lists_xlsx(series: Series, *, with_money: bool = False) -> bytes:
    """Every game list of ``series``, one sheet per table; five queries per table."""
    workbook = XLSXWorkbook()
    tables = table_queryset().filter(series=series).order_by("number")
    for table in tables:
        _list_sheet(workbook, load_sheet(table, with_money=with_money))
    if not workbook.sheets:
        empty = SheetWriter(workbook, series_label(series))
        empty.title(gettext("This series has no tables yet."))
    return _save(workbook)


def _list_sheet(workbook, sheet: ListSheet) -> None:
    """The game record of a list (a row per game), then its settlement."""
    parts = (
        sheet.tournament,
        date(sheet.date),
        gettext("Series %(number)d") % {"number": sheet.series_number},
        _table_title(sheet.table_number),
        sheet.status_label,
    )
    writer = table_sheet(
        workbook,
        _table_title(sheet.table_number),
        " · ".join(part for part in parts if part),
        game_columns(sheet),
        sheet.rows,
    )
    writer.empty_row()
    writer.title(gettext("Settlement"))
    columns = settlement_columns() + list_money.money_columns(sheet)
    writer.header(columns)
    writer.rows(columns, sheet.settlement)
    list_money.total_row(writer, columns, sheet)


def _save(workbook: XLSXWorkbook) -> bytes:
    return workbook.save()


def _sheet_title(text: str) -> str:
    """Excel refuses some characters in sheet names and allows 31 letters."""
    for char in "[]:*?/\\":
        text = text.replace(char, " ")
    return xlsx_text(text)[:SHEET_TITLE_LENGTH]


def _table_title(number) -> str:
    return gettext("Table %(number)d") % {"number": number}


def _title_line(tournament: Tournament, series: Series | None = None) -> str:
    parts = [tournament.name, date(tournament.date), tournament.venue]
    if series is not None:
        parts.append(series_label(series))
    return " · ".join(part for part in parts if part)


# --- CSV -----------------------------------------------------------------------------------


CSV_ENCODING = "utf-8-sig"
CSV_DELIMITER = ";"


def series_ranking_csv(series: Series) -> bytes:
    return sheet_csv(series_sheet(series))


def tournament_ranking_csv(tournament: Tournament) -> bytes:
    return sheet_csv(tournament_sheet(tournament_ranking(tournament)))


def team_ranking_csv(tournament: Tournament) -> bytes:
    return sheet_csv(team_sheet(tournament))


def season_ranking_csv(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> bytes:
    return sheet_csv(season_sheet(club, year, best=best, min_series=min_series))


def sheet_csv(sheet: Sheet) -> bytes:
    return columns_csv(sheet.columns, sheet.rows)


def columns_csv(columns: list[Column], rows) -> bytes:
    """A header line, then one line per row; an empty cell for a series not played."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, delimiter=CSV_DELIMITER, lineterminator="\r\n")
    writer.writerow(csv_text(column.header) for column in columns)
    formats = [column.format for column in columns]
    for line in cell_values(columns, rows):
        writer.writerow(csv_text(value, kind) for value, kind in zip(line, formats, strict=True))
    return text.getvalue().encode(CSV_ENCODING)
