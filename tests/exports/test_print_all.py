"""One print-all file per series: table cards, the blank lists and the start cards.

After the draw the director prints one file instead of three downloads per table; its
pages come in the order they are handed out: the card sheet(s), one blank list per table
with its seated players, then the start cards of everyone seated in the series.
"""

import io

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import Participant, Seat
from tournaments.services import draw, table_access

pytestmark = pytest.mark.django_db

API = "/api/v1/"


def pdf_pages(response) -> list[str]:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


@pytest.fixture
def drawn(db):
    """Series 1 of 11 players, drawn: two tables of four and one of three."""
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 11)
    series = f.make_series(tournament)
    draw.draw_series(series, seed=7)
    return series


def test_print_all_holds_cards_then_a_blank_list_per_table_then_every_start_card(
    director_client, drawn
):
    response = director_client.get(f"{API}series/{drawn.id}/print-all.pdf")

    pages = pdf_pages(response)
    tables = list(drawn.tables.order_by("number"))
    assert len(tables) == 3
    # Page 1: the card sheet (four cards a page), with every table's code.
    cards = pages[0]
    for table in tables:
        assert f"Tisch {table.number}" in cards
        assert table_access.format_code(table.access_code) in cards
    # Pages 2-4: one blank list per table (a single round fits a page), its players on it.
    lists = pages[1:4]
    for table, text in zip(tables, lists, strict=True):
        assert f"Tisch {table.number}" in text
        for seat in Seat.objects.filter(table=table).select_related("participant__player"):
            assert seat.participant.player.full_name in text
        others = Seat.objects.filter(series=drawn).exclude(table=table)
        for seat in others.select_related("participant__player"):
            assert seat.participant.player.full_name not in text
    # Pages 5-6: the start cards, eight a page, each with its start number and PIN.
    starts = pages[4:]
    assert len(starts) == 2
    text = "\n".join(starts)
    for participant in Participant.objects.filter(tournament=drawn.tournament):
        assert participant.pin in text
        assert participant.player.full_name in text
    assert "Startnummer" in text
    assert len(pages) == 6
    assert response["Content-Disposition"].endswith("_Serie-1_Alles-drucken.pdf")


def test_print_all_is_for_directors_only(client, drawn):
    response = client.get(f"{API}series/{drawn.id}/print-all.pdf")

    assert response.status_code == 403
    assert b"%PDF" not in response.content


def test_print_all_of_an_undrawn_series_says_so_on_one_page(director_client):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 5)
    series = f.make_series(tournament)

    (text,) = pdf_pages(director_client.get(f"{API}series/{series.id}/print-all.pdf"))

    assert "noch nicht ausgelost" in text


def test_series_page_offers_print_all_and_table_page_the_blank_list(director_client, drawn):
    table = drawn.tables.first()

    series_page = director_client.get(f"/leitung/serien/{drawn.id}/").content.decode()
    table_page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()

    assert f'href="{API}series/{drawn.id}/print-all.pdf"' in series_page
    assert "Alles drucken" in series_page
    assert f'href="{API}tables/{table.id}/blank-list.pdf"' in table_page
