"""One minus sign (U+2212) wherever people read a negative number: pages and PDFs.

The API and the spreadsheets keep plain integers (tests/api, tests/exports).
"""

import io
import re

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import Participant
from tournaments.services import ranking

pytestmark = pytest.mark.django_db

MINUS = "\u2212"
HYPHEN_NUMBER = re.compile(r"(?<![\w.:/])-\d")  # "-146", not "2026-11-26" or "A-1"


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|svg)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def lost_grand():
    """Seat 2 loses a Grand mit 1 (−96 − 50 = −146); the list is complete (1 round at 3)."""
    tournament = f.make_tournament(rounds_per_series=1)
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 3))
    f.enter(table, declarer_seat=2, game="grand", matadors=1, with_matadors=True, won=False)
    f.enter(table, passed=True)
    f.enter(table, passed=True)
    return table


def test_pages_show_negative_numbers_with_a_minus_sign(client, lost_grand):
    tournament = lost_grand.series.tournament
    loser = ranking.rank_tournament(tournament)[-1]
    assert loser.total == -146
    public = [
        f"/turniere/{tournament.id}/rangliste/",
        f"/turniere/{tournament.id}/serie/1/rangliste/",
        f"/turniere/{tournament.id}/leinwand/",
        f"/spieler/{Participant.objects.get(pk=loser.participant).player_id}/",
    ]
    director = [f"/leitung/turniere/{tournament.id}/", f"/leitung/tische/{lost_grand.id}/"]

    for address in public:
        text = visible_text(client.get(address).content.decode())
        assert f"{MINUS}146" in text, address
        assert not HYPHEN_NUMBER.search(text), (address, HYPHEN_NUMBER.findall(text))
    client.force_login(f.make_staff_user())
    for address in director:
        text = visible_text(client.get(address).content.decode())
        assert f"{MINUS}146" in text, address
        assert not HYPHEN_NUMBER.search(text), (address, HYPHEN_NUMBER.findall(text))


def test_pdfs_print_negative_numbers_with_a_minus_sign(client, lost_grand):
    tournament = lost_grand.series.tournament

    for address in (
        f"/api/v1/tournaments/{tournament.id}/ranking.pdf",
        f"/api/v1/series/{lost_grand.series_id}/ranking.pdf",
        f"/api/v1/tables/{lost_grand.id}/list.pdf",
    ):
        reader = PdfReader(io.BytesIO(b"".join(client.get(address))))
        text = " ".join(page.extract_text() for page in reader.pages)
        assert f"{MINUS}146" in text, address
        assert not HYPHEN_NUMBER.search(text), (address, HYPHEN_NUMBER.findall(text))


def test_the_api_and_the_spreadsheet_keep_plain_integers(client, lost_grand):
    tournament = lost_grand.series.tournament

    totals = [
        row["total"] for row in client.get(f"/api/v1/tournaments/{tournament.id}/ranking/").json()
    ]
    csv = client.get(f"/api/v1/tournaments/{tournament.id}/ranking.csv").content.decode("utf-8-sig")

    assert -146 in totals
    assert ";-146" in csv and MINUS not in csv
