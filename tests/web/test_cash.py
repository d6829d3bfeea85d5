"""The cash box pages (Kasse): who may use them, every form, and files that agree."""

import csv
import io
import re
from decimal import Decimal as D

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import Payment, PrizeRule, Tariff, Tournament
from tournaments.services import money
from tournaments.services.roles import TREASURER_GROUP

pytestmark = pytest.mark.django_db

TARIFF = {
    "entry_fee": "10,00",
    "lost_game_fee": "0,50",
    "lost_game_fee_from": "4",
    "lost_game_fee_higher": "1,00",
    "passed_game_fee": "",
    "team_fee": "",
    "tandem_fee": "",
}


def played(players=4):
    """A tournament with a tariff and one complete series."""
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, players)
    money.set_tariff(
        tournament,
        {"entry_fee": "10.00", "lost_game_fee": "0.50"},
    )
    table = f.play_out(f.make_table(f.make_series(tournament), people))
    return tournament, table


def cash_url(tournament, name="director-cash"):
    return reverse(f"web:{name}", args=[tournament.id])


def test_anonymous_is_sent_to_login_and_players_are_refused(client):
    tournament = f.make_tournament()
    anonymous = client.get(cash_url(tournament))
    client.force_login(get_user_model().objects.create_user(username="spieler"))

    refused = client.get(cash_url(tournament))

    assert anonymous.status_code == 302 and "/anmelden/" in anonymous["Location"]
    assert refused.status_code == 403


def test_treasurer_sees_the_cash_box_but_cannot_set_the_tariff(client):
    tournament = f.make_tournament()
    user = get_user_model().objects.create_user(username="kasse")
    user.groups.add(Group.objects.get_or_create(name=TREASURER_GROUP)[0])
    client.force_login(user)

    page = client.get(cash_url(tournament))
    tariff = client.post(cash_url(tournament, "director-cash-tariff"), TARIFF)

    assert (page.status_code, tariff.status_code) == (200, 403)
    assert b"tariff-form" not in page.content


def test_director_saves_the_tariff_with_german_decimals(director_client):
    tournament = f.make_tournament()

    response = director_client.post(cash_url(tournament, "director-cash-tariff"), TARIFF)

    assert response.status_code == 302
    tariff = Tariff.objects.get(tournament=tournament)
    assert (tariff.entry_fee, tariff.lost_game_fee_higher) == (D("10.00"), D("1.00"))


def test_bad_tariff_shows_the_message_at_the_field_and_stores_nothing(director_client):
    tournament = f.make_tournament()

    response = director_client.post(
        cash_url(tournament, "director-cash-tariff"), {**TARIFF, "entry_fee": "-3"}
    )

    assert response.status_code == 400
    assert 'id="id_entry_fee_errors"' in response.content.decode()
    assert not Tariff.objects.exists()


def test_one_tap_entry_fee_and_whole_table_payments(director_client):
    tournament, table = played()
    first = tournament.participants.order_by("start_number").first()

    director_client.post(reverse("web:director-cash-entry-fee", args=[first.id]))
    director_client.post(reverse("web:director-cash-table", args=[table.id]))

    cash = money.settle_cash(tournament)
    assert cash.entry_fees_paid == D("10.00")
    assert cash.lost_game_fees_paid == money.table_money(table).total
    assert Payment.objects.filter(kind="lost_game_fees").count() == len(
        [line for line in money.table_money(table).lines if line.amount > 0]
    )


def test_refund_of_another_tournaments_participant_is_refused(director_client):
    tournament = f.make_tournament()
    stranger = f.make_participants(f.make_tournament(), 1)[0]

    director_client.post(
        cash_url(tournament, "director-cash-refund"),
        {"participant": stranger.id, "amount": "5,00"},
    )

    assert not Payment.objects.exists()


def test_prize_table_over_the_fees_asks_for_confirmation(director_client):
    tournament = f.make_tournament()
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    f.make_participants(tournament, 4)
    url = cash_url(tournament, "director-cash-prizes")

    warned = director_client.post(url, {"prizes": "1: 30,00\n2: 50 %"})
    stored_after_warning = PrizeRule.objects.count()
    saved = director_client.post(url, {"prizes": "1: 30,00\n2: 50 %", "confirm": "on"})
    page = director_client.get(cash_url(tournament)).content.decode()

    assert (warned.status_code, stored_after_warning) == (400, 0)
    assert saved.status_code == 302
    assert PrizeRule.objects.filter(tournament=tournament).count() == 2
    assert "30,00\xa0€" in page and "20,00\xa0€" in page


def test_prize_line_that_cannot_be_read_names_the_line(director_client):
    tournament = f.make_tournament()

    response = director_client.post(
        cash_url(tournament, "director-cash-prizes"),
        {"prizes": "1: 5\nerster"},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 400
    assert "Line 2" in response.content.decode()


def test_table_page_shows_the_lists_money(director_client):
    tournament, table = played()

    page = director_client.get(reverse("web:director-table", args=[table.id])).content.decode()

    total = money.table_money(table).total
    assert f"{total:.2f}".replace(".", ",") + "\xa0€" in page


def money_cells(text):
    return re.findall(r"-?\d[\d.]*,\d\d", text)


def test_settlement_files_agree_with_the_page(director_client):
    tournament, table = played()
    for participant in tournament.participants.all():
        money.mark_entry_fee_paid(participant)
    money.mark_table_paid(table)
    money.set_prize_table(tournament, [{"rank": 1, "amount": "20.00"}])
    settlement = money.settle_cash(tournament)

    page = director_client.get(cash_url(tournament, "director-cash-settlement")).content.decode()
    file_url = reverse("web:director-cash-settlement-file", args=[tournament.id, "{}"])
    pdf = director_client.get(file_url.replace("%7B%7D", "pdf"))
    xlsx = director_client.get(file_url.replace("%7B%7D", "xlsx"))
    csv_file = director_client.get(file_url.replace("%7B%7D", "csv"))

    balance = f"{settlement.balance:.2f}".replace(".", ",")
    assert balance + "\xa0€" in page
    pdf_text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert balance + " €" in pdf_text
    rows = list(csv.reader(io.StringIO(csv_file.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[-1][1] == balance
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    cells = list(sheet.iter_rows(values_only=True))
    last_summary = cells[cells.index((None,) * len(cells[0])) - 1]
    assert D(str(last_summary[1])) == settlement.balance
    for statement in settlement.participants:
        line = next(r for r in rows if r and r[1] == statement.name)
        assert line[-1] == f"{statement.owes:.2f}".replace(".", ",")
        # On the page with a real minus sign; the CSV keeps the spreadsheets' plain "-".
        assert f"{statement.net:.2f}".replace(".", ",").replace("-", "\u2212") in page


def test_table_device_list_shows_the_money_and_follows_a_correction(director_client):
    tournament, table = played()
    url = reverse("web:table", args=[table.id])
    before = director_client.get(url).content.decode()
    from tournaments.services.lists import listkeeping

    last = table.games.order_by("number").last()
    listkeeping.delete_game(table, last.number)

    after = director_client.get(url).content.decode()
    assert 'data-testid="list-money"' in before
    for page in (before, after):
        total = re.search(r'data-testid="list-money-total">([^<]+)<', page).group(1)
        assert total.endswith("\xa0€")
    assert money.table_money(table).total == D(
        re.search(r'list-money-total">([^<]+)<', after).group(1)[:-2].replace(",", ".")
    )


def test_a_paid_entry_fee_is_not_offered_again_and_prizes_say_they_are_calculated(
    director_client,
):
    tournament, _table = played()
    first, second = tournament.participants.order_by("start_number")[:2]
    money.set_prize_table(tournament, [{"rank": 1, "percent": "50"}], confirm=True)

    director_client.post(reverse("web:director-cash-entry-fee", args=[first.id]))
    page = director_client.get(cash_url(tournament)).content.decode()
    settlement = director_client.get(cash_url(tournament, "director-cash-settlement"))

    assert f'data-testid="pay-entry-{first.id}"' not in page
    assert f'data-testid="entry-paid-{first.id}"' in page and "Startgeld: bezahlt" in page
    assert f'data-testid="pay-entry-{second.id}"' in page
    for text in (page, settlement.content.decode()):
        assert "Preise (berechnet)" in text and "Ausgezahlte Preise" not in text
        assert "Prozentpreise vom fälligen Startgeld" in text
    refund = re.search(rf'<input id="refund-{first.id}"[^>]*>', page)[0]
    assert 'class="amount-input"' in refund and 'size="8"' in refund


def test_counts_of_one_are_singular_on_the_cash_box_and_the_list_pdf():
    from django.utils import translation

    from tournaments.exports.list_money import pdf_line
    from tournaments.services.money.lists import SeatMoney

    one = SeatMoney(seat=1, participant=1, name="Erna Kühn", lost=1, passed=0, amount=D("0.50"))
    with translation.override("de"):
        line = pdf_line(one)
        message = translation.ngettext(
            "Table %(table)d, series %(series)d: %(count)d payment recorded.",
            "Table %(table)d, series %(series)d: %(count)d payments recorded.",
            1,
        ) % {"table": 1, "series": 2, "count": 1}

    assert line == "Platz 1, Erna Kühn: 1 verlorenes Spiel, Abreizgeld 0,50 €"
    assert message == "Tisch 1, Serie 2: 1 Zahlung eingetragen."


def _section(html: str, section_id: str) -> str:
    """The text of the page's ``<section id=…>`` without its tags."""
    body = re.search(rf'<section[^>]*id="{section_id}".*?</section>', html, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_a_finished_cash_box_without_money_or_prizes_says_so_under_each_heading(
    director_client,
):
    """Played lists with no lost-game money and a closed cash box without prizes left two
    headings with nothing under them."""
    tournament = f.make_played_tournament(players=4, series=1)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    money.freeze_settlement(tournament)

    html = director_client.get(cash_url(tournament), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert _section(html, "lists") == "Abreizgeld je Liste Keine Liste schuldet Abreizgeld."
    assert _section(html, "prizes") == "Preistabelle Dieses Turnier vergibt keine Preise."
