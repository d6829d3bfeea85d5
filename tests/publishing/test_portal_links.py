"""Links that work at home: with a results portal set (stored on the page
"Veröffentlichen", or SKATVEREIN_PORTAL_URL, which wins), the QR
code and link printed on a sealed list lead to the portal's page of that list, and start
cards and table cards name the portal's page of the tournament; without one they lead to
the hall as before. The portal's address resolves the tournament by its document id."""

import pytest

from publishing.services import results_document
from tests import factories as f
from tournaments.exports import pdf_plan, pdf_table_cards, styles
from tournaments.services import table_access

pytestmark = pytest.mark.django_db

PORTAL = "https://ergebnisse.skatclub.example"


@pytest.fixture
def drawn_qr_codes(monkeypatch):
    """Every value a PDF writer draws as a QR code."""
    drawn = []
    draw = styles.draw_qr

    def recording(canvas, value, *args, **kwargs):
        drawn.append(value)
        return draw(canvas, value, *args, **kwargs)

    monkeypatch.setattr(styles, "draw_qr", recording)
    return drawn


def list_pdf(client, table):
    response = client.get(f"/api/v1/tables/{table.pk}/list.pdf")
    assert response.status_code == 200
    return f.pdf_text(b"".join(response.streaming_content))


def test_without_a_portal_the_list_leads_to_the_halls_verification_page(
    client, settings, drawn_qr_codes
):
    settings.SKATVEREIN_PORTAL_URL = ""
    table = f.sign_all(f.make_complete_table())

    text = list_pdf(client, table)

    assert drawn_qr_codes == [f"http://testserver/verify/{table.seal}/"]
    assert f"http://testserver/verify/{table.seal}/" in text
    assert PORTAL not in text


def test_with_a_portal_the_lists_qr_code_and_link_lead_to_the_portals_page_of_the_list(
    client, settings, drawn_qr_codes
):
    settings.SKATVEREIN_PORTAL_URL = PORTAL + "/"
    table = f.sign_all(f.make_complete_table())
    tournament = table.series.tournament
    uuid = results_document.tournament_uuid(tournament)
    expected = f"{PORTAL}/ergebnisse/{uuid}/serie/{table.series.number}/tisch/{table.number}/"

    text = list_pdf(client, table)

    assert drawn_qr_codes == [expected]
    assert expected in text.replace("\n", "")
    assert "testserver" not in text


def test_a_list_printed_before_the_portal_was_set_is_not_served_from_the_kept_copy(
    client, settings, drawn_qr_codes
):
    table = f.sign_all(f.make_complete_table())
    settings.SKATVEREIN_PORTAL_URL = ""
    list_pdf(client, table)
    settings.SKATVEREIN_PORTAL_URL = PORTAL

    text = list_pdf(client, table)

    assert PORTAL in text.replace("\n", "")


def test_start_cards_and_table_cards_name_the_portals_page_of_the_tournament(settings):
    import io

    settings.SKATVEREIN_PORTAL_URL = PORTAL
    table = f.make_seated_table(players=4)
    table_access.ensure_code(table)
    tournament = table.series.tournament
    page = f"{PORTAL}/ergebnisse/{results_document.tournament_uuid(tournament)}/"

    cards, table_cards = io.BytesIO(), io.BytesIO()
    pdf_plan.start_cards_pdf(tournament, cards)
    pdf_table_cards.table_card_pdf(table, table_cards, base_url="http://halle:8000")

    assert page in f.pdf_text(cards.getvalue()).replace("\n", "")
    table_card = f.pdf_text(table_cards.getvalue()).replace("\n", "")
    assert page in table_card
    assert "http://halle:8000/" in table_card  # the table device still opens in the hall


def test_without_a_portal_start_cards_name_no_results_page(settings):
    import io

    settings.SKATVEREIN_PORTAL_URL = ""
    table = f.make_seated_table(players=4)
    cards = io.BytesIO()

    pdf_plan.start_cards_pdf(table.series.tournament, cards)

    assert "ergebnisse" not in f.pdf_text(cards.getvalue()).lower()


def test_the_portals_address_of_a_tournament_leads_to_its_pages(client):
    table = f.sign_all(f.make_complete_table())
    tournament = table.series.tournament
    uuid = results_document.tournament_uuid(tournament)

    to_tournament = client.get(f"/ergebnisse/{uuid}/")
    to_list = client.get(f"/ergebnisse/{uuid}/serie/1/tisch/{table.number}/")
    unknown = client.get("/ergebnisse/00000000-0000-0000-0000-000000000000/")

    assert to_tournament.status_code == 302
    assert to_tournament["Location"] == f"/turniere/{tournament.pk}/"
    assert to_list.status_code == 302
    assert to_list["Location"] == f"/verify/{table.seal}/"
    assert unknown.status_code == 404


def set_portal_page(client, user, url=PORTAL) -> None:
    """The director stores the portal on the page "Veröffentlichen", as in the hall."""
    client.force_login(user)
    response = client.post(
        "/leitung/veroeffentlichen/", {"url": url, "token": "club-token-0123456789"}
    )
    assert response.status_code == 302, response.content.decode()


def test_a_portal_stored_on_the_publishing_page_is_what_the_list_leads_to(
    client, settings, drawn_qr_codes, admin_user
):
    settings.SKATVEREIN_PORTAL_URL = ""
    table = f.sign_all(f.make_complete_table())
    uuid = results_document.tournament_uuid(table.series.tournament)
    expected = f"{PORTAL}/ergebnisse/{uuid}/serie/{table.series.number}/tisch/{table.number}/"
    set_portal_page(client, admin_user, PORTAL + "/")

    text = list_pdf(client, table)

    assert drawn_qr_codes == [expected]
    assert expected in text.replace("\n", "")
    assert "/verify/" not in text.replace("\n", "")


def test_the_setting_overrides_the_stored_portal_for_printed_links(
    client, settings, drawn_qr_codes, admin_user
):
    settings.SKATVEREIN_PORTAL_URL = "https://oeffentlich.skatclub.example"
    table = f.sign_all(f.make_complete_table())
    set_portal_page(client, admin_user, "http://10.0.0.5:8000")

    text = list_pdf(client, table).replace("\n", "")

    assert drawn_qr_codes[0].startswith("https://oeffentlich.skatclub.example/ergebnisse/")
    assert "10.0.0.5" not in text


def test_start_cards_name_the_stored_portal(settings, admin_user, client):
    import io

    settings.SKATVEREIN_PORTAL_URL = ""
    table = f.make_seated_table(players=4)
    tournament = table.series.tournament
    set_portal_page(client, admin_user)
    cards = io.BytesIO()

    pdf_plan.start_cards_pdf(tournament, cards)

    page = f"{PORTAL}/ergebnisse/{results_document.tournament_uuid(tournament)}/"
    assert page in f.pdf_text(cards.getvalue()).replace("\n", "")
