"""The running total (Stand) means one thing on the table page, the list PDF and the XLSX,
and both the page and the PDF say what in the same sentence."""

import io
import re

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.services.lists import settlement
from tournaments.services.lists.running_list import STAND_MEANING
from tournaments.web.table.display import plain

pytestmark = pytest.mark.django_db

SENTENCE_START = "Stand: die Punkte eines Spielers auf dieser Liste bis zu diesem Spiel"


@pytest.fixture
def table():
    """Seat 2 wins a Grand, seat 3 loses a Kreuz: the ±50 and the 30s change the Stand."""
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="grand", matadors=1, with_matadors=True, won=True)
    f.enter(table, declarer_seat=3, game="clubs", matadors=2, with_matadors=True, won=False)
    return table


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_page_and_the_pdf_say_the_same_sentence(client, table):
    client.force_login(f.make_staff_user())

    page = client.get(f"/tisch/{table.id}/").content.decode()
    pdf = PdfReader(io.BytesIO(b"".join(client.get(f"/api/v1/tables/{table.id}/list.pdf"))))
    printed = one_line(" ".join(p.extract_text() for p in pdf.pages))

    shown = one_line(re.search(r'data-testid="stand-meaning">([^<]+)<', page).group(1))
    assert shown.startswith(SENTENCE_START)
    assert "±50" in shown and "30 (am Vierertisch)" in shown
    assert shown in printed


def test_the_last_stand_is_the_total_on_the_page_the_pdf_and_the_settlement(client, table):
    """The XLSX's running totals come from the same sheet (tests/exports/test_spreadsheets)."""
    client.force_login(f.make_staff_user())
    totals = {line.seat: line.total for line in settlement.settle_table(table)}
    assert totals == {1: 30, 2: 48 + 50 + 30, 3: -72 - 50, 4: 30}

    page = client.get(f"/tisch/{table.id}/").content.decode()
    for seat, total in totals.items():
        assert re.search(rf'id="seat-now-{seat}">{re.escape(plain(total))}<', page)
    pdf = PdfReader(io.BytesIO(b"".join(client.get(f"/api/v1/tables/{table.id}/list.pdf"))))
    lines = pdf.pages[0].extract_text().splitlines()
    last_game = next(line for line in lines if line.startswith("2 "))
    assert last_game.split()[-4:] == [plain(totals[seat]) for seat in (1, 2, 3, 4)]


def test_a_tournament_without_extra_points_says_so(client, table):
    tournament = table.series.tournament
    tournament.extra_points = "none"
    tournament.save()
    client.force_login(f.make_staff_user())

    page = client.get(f"/tisch/{table.id}/").content.decode()

    assert "±50" not in one_line(re.search(r'data-testid="stand-meaning">([^<]+)<', page).group(1))
    assert set(STAND_MEANING) == {True, False}
