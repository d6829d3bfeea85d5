"""The cash report a treasurer reads: the totals as a table, and "Saldo" explained."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests import factories as f
from tournaments.services import money

pytestmark = pytest.mark.django_db

NET_MEANING = "Saldo = Preis − Startgeld − Abreizgeld"


@pytest.fixture
def paid_in_full():
    """Four players, entry fee 10,00 €; the first has paid it and won nothing."""
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, 4)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.00"})
    money.record_payment(
        tournament, {"participant": people[0].id, "kind": "entry_fee", "amount": "10.00"}
    )
    return tournament


def test_the_report_pdf_prints_the_totals_as_a_table_and_explains_the_net(
    director_client, paid_in_full
):
    url = reverse("web:director-cash-settlement-file", args=[paid_in_full.id, "pdf"])

    pdf = PdfReader(io.BytesIO(director_client.get(url).content))
    lines = [line.strip() for page in pdf.pages for line in page.extract_text().splitlines()]

    assert "Summen" in lines and "Abrechnung je Teilnehmer" in lines
    # One table row per total: its label in one cell, its amount in the next.
    pairs = list(zip(lines, lines[1:], strict=False))
    assert ("Startgeld erwartet", "40,00 €") in pairs
    assert ("Startgeld eingenommen", "10,00 €") in pairs
    assert ("Verbleibt beim Verein", "10,00 €") in pairs
    assert not [line for line in lines if line.count(":") > 2]  # no totals run together
    assert NET_MEANING in " ".join(" ".join(lines).split())


def test_the_settlement_page_explains_why_a_paid_up_player_has_a_negative_net(
    director_client, paid_in_full
):
    page = director_client.get(reverse("web:director-cash-settlement", args=[paid_in_full.id]))

    html = page.content.decode()
    assert "\u221210,00\xa0€" in html  # the net of the player who paid in full
    assert 'data-testid="net-meaning"' in html and NET_MEANING in html
