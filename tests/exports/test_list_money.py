"""Each list's money in the list PDF (a footer line per seat) and in lists.xlsx."""

import io
from decimal import Decimal as D

import pytest
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from tests import factories as f
from tournaments.exports.pdf_list import game_list_pdf
from tournaments.exports.spreadsheets import series_lists_xlsx
from tournaments.models import Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def played_table(with_tariff=True):
    table = f.make_seated_table(players=4, rounds_per_series=1)
    if with_tariff:
        money.set_tariff(
            table.series.tournament,
            {"entry_fee": "10.00", "lost_game_fee": "0.50", "passed_game_fee": "0.10"},
        )
    return f.play_out(table)


def pdf_text(content: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_list_pdf_prints_a_money_line_per_seat_and_the_total():
    table = played_table()

    text = pdf_text(game_list_pdf(table, with_money=True))

    result = money.table_money(table)
    for line in result.lines:
        amount = f"{line.amount:.2f}".replace(".", ",")
        games = "lost game" if line.lost == 1 else "lost games"
        assert f"{line.name}: {line.lost} {games}, lost-game money {amount} €" in text
    assert f"{result.total:.2f}".replace(".", ",") + " €" in text


def test_list_pdf_without_tariff_prints_no_money():
    content = game_list_pdf(played_table(with_tariff=False), with_money=True)
    assert "lost-game money" not in pdf_text(content)


def test_lists_xlsx_has_money_columns_per_seat_and_the_total():
    table = played_table()
    workbook = series_lists_xlsx(table.series, with_money=True)

    sheet = load_workbook(io.BytesIO(workbook)).worksheets[0]

    rows = [row for row in sheet.iter_rows(values_only=True)]
    header = next(row for row in rows if row[0] == "Seat")
    assert header[9:11] == ("Lost games", "Lost-game money")
    by_name = {row[2]: row[9:11] for row in rows[rows.index(header) + 1 :] if row[1]}
    expected = {line.name: (line.lost, line.amount) for line in money.table_money(table).lines}
    assert {name: (lost, D(str(amount))) for name, (lost, amount) in by_name.items()} == expected
    assert D(str(rows[-1][10])) == money.table_money(table).total


def public_files(client, table):
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    response = client.get(f"/api/v1/tables/{table.id}/list.pdf", **english)
    pdf = pdf_text(b"".join(response.streaming_content))
    xlsx = client.get(f"/api/v1/series/{table.series_id}/lists.xlsx", **english).content
    cells = [
        str(value)
        for sheet in load_workbook(io.BytesIO(xlsx)).worksheets
        for row in sheet.iter_rows(values_only=True)
        for value in row
        if value is not None
    ]
    return pdf, cells


def test_the_public_lists_of_a_running_event_carry_no_money(client):
    table = played_table()

    pdf, cells = public_files(client, table)

    assert "lost-game money" not in pdf.lower() and "€" not in pdf
    assert "Lost-game money" not in cells


def test_the_director_and_the_treasurer_get_the_lists_with_money(client):
    table = played_table()
    client.force_login(f.make_staff_user())

    pdf, cells = public_files(client, table)

    assert "lost-game money" in pdf
    assert "Lost-game money" in cells


def test_the_public_lists_of_a_finished_event_may_carry_money(client):
    table = played_table()
    Tournament.objects.filter(pk=table.series.tournament_id).update(
        status=Tournament.Status.FINISHED
    )

    _pdf, cells = public_files(client, table)

    assert "Lost-game money" in cells
