"""Table codes at the draw: every table gets its code, one card sheet per series, one card
per table after a new code; for directors only."""

import io

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import Seat
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


def test_drawing_a_series_gives_every_table_its_own_code(drawn):
    codes = list(drawn.tables.values_list("access_code", flat=True))

    assert len(codes) == 3
    assert all(table_access.normalize_code(code) == code for code in codes)
    assert len(set(codes)) == 3


def test_redraw_gives_new_codes(drawn):
    before = set(drawn.tables.values_list("access_code", flat=True))

    draw.draw_series(drawn, seed=8)

    after = set(drawn.tables.values_list("access_code", flat=True))
    assert len(after) == 3 and not before & after


def test_series_card_sheet_has_a_card_per_table_with_seats_and_code(director_client, drawn):
    response = director_client.get(f"{API}series/{drawn.id}/table-cards.pdf")

    pages = pdf_pages(response)
    assert len(pages) == 1  # four cards fit a page
    text = "\n".join(pages)
    for table in drawn.tables.all():
        assert f"Tisch {table.number}" in text
        assert table_access.format_code(table.access_code) in text
    for seat in Seat.objects.filter(series=drawn).select_related("participant__player"):
        assert seat.participant.player.full_name in text
    assert "http://testserver/tisch/" in text
    assert response["Content-Disposition"].endswith("_Serie-1_Tischkarten.pdf")


def test_reissued_code_prints_one_card_with_the_new_code(director_client, drawn):
    table = drawn.tables.get(number=2)
    old = table.access_code
    new = table_access.issue_code(table)

    pages = pdf_pages(director_client.get(f"{API}tables/{table.id}/table-card.pdf"))

    (text,) = pages
    assert table_access.format_code(new) in text
    assert table_access.format_code(old) not in text
    assert "Tisch 2" in text and "Tisch 1" not in text


@pytest.mark.parametrize(
    "path", ["series/{series}/table-cards.pdf", "tables/{table}/table-card.pdf"]
)
def test_table_cards_are_for_directors_only(client, drawn, path):
    url = API + path.format(series=drawn.id, table=drawn.tables.first().id)

    response = client.get(url)

    assert response.status_code == 403
    assert b"%PDF" not in response.content


def test_director_pages_link_the_card_sheet_and_the_single_card(director_client, drawn):
    table = drawn.tables.first()

    series_page = director_client.get(f"/leitung/serien/{drawn.id}/").content.decode()
    table_page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()

    assert f'href="{API}series/{drawn.id}/table-cards.pdf"' in series_page
    assert f'href="{API}tables/{table.id}/table-card.pdf"' in table_page
    assert table_access.format_code(table.access_code) in series_page


def test_a_series_keeping_two_lists_draws_two_codes_a_table_and_prints_two_cards(
    director_client,
):
    tournament = f.make_tournament(rounds_per_series=1, lists_per_table=2)
    f.make_participants(tournament, 8)
    series = f.make_series(tournament)
    draw.draw_series(series, seed=7)
    pairs = list(series.tables.values_list("access_code", "second_code"))

    pages = pdf_pages(director_client.get(f"{API}series/{series.id}/table-cards.pdf"))

    codes = [code for pair in pairs for code in pair]
    assert len(pairs) == 2 and all(codes) and len(set(codes)) == 4
    text = " ".join(pages)
    assert text.count("Liste A") == 2 and text.count("Liste B") == 2
    for code in codes:
        assert table_access.format_code(code) in text


def test_the_series_page_issues_the_missing_codes_of_list_b(director_client, drawn):
    drawn.tournament.lists_per_table = 2
    drawn.tournament.save()

    page = director_client.get(f"/leitung/serien/{drawn.id}/").content.decode()
    director_client.post(f"/leitung/serien/{drawn.id}/tischcodes/")

    assert "tischcodes" in page
    assert all(drawn.tables.values_list("second_code", flat=True))
