"""The column specification every tabular export is declared with, and how a cell is written.

An export is a list of :class:`Column` and a row source; the XLSX and CSV writers
(:mod:`tournaments.exports.spreadsheets`) and the ranking PDFs
(:mod:`tournaments.exports.pdf_ranking`) render the same list, so a column is added in one
place (the pattern of pretix's list exporters).

Text is untrusted: a player may register as ``=HYPERLINK(...)``. Spreadsheet programs run
a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return as a formula,
so text cells are always written as text: XLSX string cells (never formulas), in CSV with
a leading apostrophe (the OWASP rule). Numbers stay numbers.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from .formatting import euros, number, signed_number

TEXT = "text"
INTEGER = "integer"  # a plain whole number: start number, seat, count of games
NUMBER = "number"  # points, with thousands separators
SIGNED = "signed"  # points with their sign (the ±50 column)
PLACE = "place"  # a rank, printed "3." on paper
MONEY = "money"  # euros with cents: "1.234,50 €" on paper, a number in XLSX, "1234,50" in CSV
DECIMAL = "decimal"  # a Decimal as given: "2,5" on paper and in CSV, a number in XLSX

XLSX_FORMATS = {NUMBER: "#,##0", SIGNED: "+#,##0;-#,##0;0", MONEY: '#,##0.00 "€"'}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What XML 1.0 (and so openpyxl) refuses in a cell: control characters but tab and newlines.
ILLEGAL_XLSX = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True)
class Column:
    """One column of an export: header, the value of a row, its format and its room.

    ``width`` is the least XLSX width in characters; ``pdf_width`` the column's share of
    the page width in a PDF, ``None`` for a column only the spreadsheets carry; ``short``
    a shorter header for the narrow paper column.
    """

    header: str
    value: Callable[[object], object]
    format: str = TEXT
    width: int = 8
    pdf_width: float | None = None
    align: str = "RIGHT"
    bold: bool = False
    short: str = ""

    @property
    def numeric(self) -> bool:
        return self.format != TEXT


def cell_value(column: Column, row):
    """The row's value for a spreadsheet: an int for numeric columns, text otherwise."""
    return cell_values([column], [row])[0][0]


def cell_values(columns: list[Column], rows) -> list[list]:
    """:func:`cell_value` of every column for every row, as lines of a sheet.

    A championship's workbook has about 100,000 cells, so a column is worked out at once:
    its values through ``map`` and, when they are all whole numbers (or all non-empty
    text), taken as they are; only a mixed column goes value by value.
    """
    rows = rows if isinstance(rows, list) else list(rows)
    by_column = []
    for column in columns:
        values = list(map(column.value, rows))
        kinds = set(map(type, values))
        if column.numeric and kinds <= {int}:
            by_column.append(values)
        elif kinds <= {str} and "" not in values:
            by_column.append(values)
        else:
            money = column.format in (MONEY, DECIMAL)
            by_column.append([_cell(value, column.numeric, money) for value in values])
    return [list(line) for line in zip(*by_column, strict=True)] if columns else [[] for _ in rows]


def _cell(value, numeric: bool, money: bool):
    if value is None or value == "":
        return None
    if numeric and isinstance(value, int) and not isinstance(value, bool):
        return value
    if money and isinstance(value, Decimal):
        return value
    return str(value)


def csv_text(value, format: str = "") -> str:  # noqa: A002 - a column's format
    """A CSV field: numbers plain, text that a spreadsheet would run prefixed with ``'``."""
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, Decimal) and format == DECIMAL:
        return str(value).replace(".", ",")
    if isinstance(value, Decimal):
        return f"{value:.2f}".replace(".", ",")
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def xlsx_text(value: str) -> str:
    """Text openpyxl can store: characters XML forbids are dropped rather than failing."""
    return ILLEGAL_XLSX.sub("", value)


def pdf_value(column: Column, row) -> str:
    """The row's value as printed on paper, numbers the German way (1.234)."""
    value = column.value(row)
    if value is None or value == "":
        return ""
    if column.format == MONEY:
        return euros(value)
    if column.format == DECIMAL and isinstance(value, Decimal):
        return str(value).replace(".", ",")
    if isinstance(value, int) and not isinstance(value, bool):
        if column.format == PLACE:
            return f"{value}."
        if column.format == NUMBER:
            return number(value)
        if column.format == SIGNED:
            return signed_number(value)
    return str(value)
