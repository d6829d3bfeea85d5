"""Import bombs: oversized uploads and archives are refused before the workbook is parsed."""

import io
import tracemalloc
import zipfile

import pytest
from django.test import override_settings
from django.utils import translation
from django.utils.translation import gettext

from tests import factories as f
from tournaments.services.errors import Rejected
from tournaments.services.player_import import MAX_COLUMNS, parse, read_player_rows

SHEET = "xl/worksheets/sheet1.xml"
CELL = b'<c t="inlineStr"><is><t>Karl</t></is></c>'


def with_first_sheet(write_sheet) -> bytes:
    """A valid workbook whose first sheet's XML ``write_sheet(stream)`` writes in chunks."""
    source = zipfile.ZipFile(io.BytesIO(f.xlsx_bytes([["Vorname", "Nachname"]])))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename != SHEET:
                target.writestr(info, source.read(info))
        with target.open(SHEET, "w", force_zip64=True) as sheet:
            write_sheet(sheet)
    return buffer.getvalue()


def bomb(megabytes):
    """A valid workbook whose first sheet unpacks to ``megabytes`` MB of repeated cells.

    Written in chunks, so building it does not take the memory the bomb would.
    """

    def write(sheet):
        sheet.write(
            b'<worksheet xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main"><sheetData><row r="1">'
        )
        chunk = CELL * (1024 * 1024 // len(CELL))
        for _ in range(megabytes):
            sheet.write(chunk)
        sheet.write(b"</row></sheetData></worksheet>")

    return with_first_sheet(write)


@pytest.fixture
def no_openpyxl(monkeypatch):
    """Fail the test if the workbook ever reaches openpyxl."""

    def refuse(*args, **kwargs):
        raise AssertionError("openpyxl was asked to parse the bomb")

    monkeypatch.setattr(parse, "load_workbook", refuse)


@pytest.mark.parametrize(
    ("megabytes", "code"), [(60, "archive_too_large"), (5, "archive_too_compressed")]
)
def test_xlsx_bomb_is_refused_before_parsing_with_little_memory(no_openpyxl, megabytes, code):
    content = bomb(megabytes)
    assert len(content) < 1024 * 1024  # small enough to pass the upload limit

    tracemalloc.start()
    try:
        with pytest.raises(Rejected) as caught:
            read_player_rows("liste.xlsx", content)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    problem = caught.value.problems[0]
    assert (problem.field, problem.code) == ("file", code)
    assert problem.params["file"] == "liste.xlsx"
    assert peak < 5 * 1024 * 1024


def test_xlsx_bomb_message_names_the_file_and_the_limit():
    with override_settings(PLAYER_IMPORT_MAX_UNPACKED_BYTES=10 * 1024 * 1024):
        with pytest.raises(Rejected) as caught:
            read_player_rows("verein.xlsx", bomb(20))

    text = caught.value.problems[0].text(lambda message: message)
    assert "verein.xlsx" in text
    assert "10 MB" in text


def test_ordinary_workbook_passes_the_archive_check():
    content = f.xlsx_bytes([["Vorname", "Nachname"]] + [["Karl", f"K{n}"] for n in range(500)])

    rows = read_player_rows("liste.xlsx", content)

    assert len(rows) == 500


@override_settings(PLAYER_IMPORT_MAX_FILE_BYTES=1000)
def test_upload_over_the_configured_limit_is_refused(no_openpyxl):
    with pytest.raises(Rejected) as caught:
        read_player_rows("liste.xlsx", b"PK\x03\x04" + b"x" * 2000)

    problem = caught.value.problems[0]
    assert problem.code == "file_too_large"
    assert problem.params["file"] == "liste.xlsx"


def test_damaged_archive_is_reported_as_unreadable(no_openpyxl):
    with pytest.raises(Rejected) as caught:
        read_player_rows("liste.xlsx", b"PK\x03\x04 not really a zip file")

    assert caught.value.problems[0].code == "unreadable_file"


@pytest.mark.parametrize("filename", ["liste.csv", "liste.xlsx"])
def test_row_with_too_many_columns_is_refused(filename):
    header = ["Vorname", "Nachname"] + [f"Spalte {n}" for n in range(MAX_COLUMNS)]
    table = [header, ["Karl", "Müller"]]
    content = (
        f.xlsx_bytes(table)
        if filename.endswith(".xlsx")
        else "\n".join(";".join(row) for row in table).encode()
    )

    with pytest.raises(Rejected) as caught:
        read_player_rows(filename, content)

    problem = caught.value.problems[0]
    assert (problem.code, problem.params["line"], problem.params["limit"]) == (
        "too_many_columns",
        1,
        MAX_COLUMNS,
    )


@pytest.mark.parametrize("filename", ["liste.csv", "liste.xlsx"])
def test_empty_columns_beyond_the_limit_are_ignored(filename):
    table = [["Vorname", "Nachname"] + [""] * (MAX_COLUMNS + 5), ["Karl", "Müller"]]
    content = (
        f.xlsx_bytes(table)
        if filename.endswith(".xlsx")
        else "\n".join(";".join(row) for row in table).encode()
    )

    rows = read_player_rows(filename, content)

    assert [(r.first_name, r.last_name) for r in rows] == [("Karl", "Müller")]


def far_column_workbook(rows, header=(b"Vorname", b"Nachname")):
    """A workbook like the audit's: a header, then ``rows`` rows with one empty cell in XFD.

    Within every documented limit (2.0 MB packed, 18 MB unpacked for 400,000 rows), yet a
    reader that fills each row up to its widest column handles 16,384 cells per row.
    """
    cells = b"".join(
        b'<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>' % (column, text)
        for column, text in zip((b"A", b"B"), header, strict=True)
    )
    player = cells.replace(b'1"', b'2"').replace(header[0], b"Karl").replace(header[1], b"Kreuz")

    def write(sheet):
        sheet.write(
            b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            b'<dimension ref="A1:XFD%d"/><sheetData><row r="1">%s</row><row r="2">%s</row>'
            % (rows + 2, cells, player)
        )
        for number in range(3, rows + 3):
            sheet.write(b'<row r="%d"><c r="XFD%d" s="1"/></row>' % (number, number))
        sheet.write(b"</sheetData></worksheet>")

    return with_first_sheet(write)


def test_a_workbook_with_an_empty_cell_far_right_in_every_row_is_refused_quickly():
    content = far_column_workbook(400_000)
    assert len(content) < 2 * 1024 * 1024

    with pytest.raises(Rejected) as refused:
        read_player_rows("liste.xlsx", content)

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("file", "too_many_lines")
    with translation.override("de"):
        assert "mehr als 20000 Zeilen" in problem.text(gettext)


def test_a_workbook_within_the_line_limit_reads_only_the_columns_it_may_have():
    rows = read_player_rows("liste.xlsx", far_column_workbook(200))

    assert [(row.first_name, row.last_name) for row in rows] == [("Karl", "Kreuz")]


def test_the_reading_of_a_workbook_stops_at_the_time_budget(monkeypatch):
    clock = iter(range(0, 10_000, 7))
    monkeypatch.setattr(parse.time, "monotonic", lambda: next(clock))

    with pytest.raises(Rejected) as refused:
        read_player_rows("liste.xlsx", far_column_workbook(3000))

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("file", "too_slow_to_read")
    with translation.override("de"):
        assert "länger als 10 Sekunden" in problem.text(gettext)
