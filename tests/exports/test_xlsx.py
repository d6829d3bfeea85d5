"""The streaming XLSX writer, read back with openpyxl: every kind of row it writes.

Most rows of a sheet go through a template made per combination of value types; a row
with an empty cell goes cell by cell. Both must give the same cells.
"""

import io
from decimal import Decimal

import openpyxl
import pytest

from tournaments.exports.columns import INTEGER, MONEY, TEXT, Column, cell_values
from tournaments.exports.xlsx import XLSXWorkbook

ROWS = [
    [1, "Anna <Müller> & Co", 120, Decimal("12.50")],
    [2, "Bernd", None, Decimal("0.00")],  # an empty cell: written cell by cell
    [3, "=SUMME(A1:A2)", -40, None],
    [4, "{0} {1}", 7, Decimal("1.05")],  # braces are text, not template fields
    [5, "Anna <Müller> & Co", 120, Decimal("12.50")],  # the same text again
    [True, 6, "x", 8],  # a bool is text, numbers in text columns are numbers
]


def _read_back(rows, styles=None):
    workbook = XLSXWorkbook()
    sheet = workbook.add_sheet("Test")
    sheet.extend(rows, styles)
    book = openpyxl.load_workbook(io.BytesIO(workbook.save()))
    return [list(row) for row in book["Test"].iter_rows(values_only=True)]


@pytest.mark.parametrize("styles", [None, ["number", None, "signed", "money"]])
def test_every_row_reads_back_as_written(styles):
    expected = [
        [1, "Anna <Müller> & Co", 120, 12.5],
        [2, "Bernd", None, 0],
        [3, "=SUMME(A1:A2)", -40, None],
        [4, "{0} {1}", 7, 1.05],
        [5, "Anna <Müller> & Co", 120, 12.5],
        ["True", 6, "x", 8],
    ]

    assert _read_back(ROWS, styles) == expected


def test_a_text_cell_is_never_a_formula():
    workbook = XLSXWorkbook()
    workbook.add_sheet("Test").extend([["=1+1", "+49 170"]])
    book = openpyxl.load_workbook(io.BytesIO(workbook.save()))

    assert [cell.data_type for cell in book["Test"][1]] == ["s", "s"]


def test_cell_values_take_whole_columns_and_mixed_ones_value_by_value():
    columns = [
        Column("Nr", lambda r: r["n"], INTEGER),
        Column("Name", lambda r: r["name"], TEXT),
        Column("Geld", lambda r: r["money"], MONEY),
        Column("Text aus Zahl", lambda r: r["n"], TEXT),
    ]
    rows = [
        {"n": 1, "name": "Anna", "money": Decimal("1.50")},
        {"n": 2, "name": "", "money": None},
        {"n": True, "name": "Carl", "money": 3},
    ]

    assert cell_values(columns, rows) == [
        [1, "Anna", Decimal("1.50"), "1"],
        [2, None, None, "2"],
        ["True", "Carl", 3, "True"],
    ]
    assert cell_values(columns, []) == []
    assert cell_values([], rows) == [[], [], []]
