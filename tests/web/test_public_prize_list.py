"""The public prize list (Preisliste) after the finish: the page, the notice-board PDF and
the prizes API name the same winners with the same amounts, all read from the frozen
settlement, with a withdrawn player in the field and players named by their consent."""

from decimal import Decimal

import pytest

from tests import factories as f
from tests.api.conftest import API
from tournaments.models import Publication, Tournament
from tournaments.services import money
from tournaments.services.participants import update_participant
from tournaments.services.public_names import public_name

pytestmark = pytest.mark.django_db

PRIZES = [{"rank": 1, "percent": "30"}, {"rank": 2, "percent": "20"}, {"rank": 3, "percent": "10"}]


def _evening():
    """Eight players, one series, 10 € entry fee, 30/20/10 % prizes; the last one withdrew
    after playing (so still pays the entry fee: the base is 80 €)."""
    tournament = f.make_played_tournament(players=8, series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    people = list(tournament.participants.select_related("player").order_by("start_number"))
    money.set_prize_table(tournament, PRIZES, confirm=True)
    update_participant(people[-1], withdrawn=True)
    return tournament, people


def _finish(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    money.freeze_settlement(tournament)


def _winners_named(tournament) -> list[tuple[str, Decimal]]:
    """Each award's winner as the public reads them, with the amount, in settlement order."""
    people = {p.id: p for p in tournament.participants.select_related("player__club")}
    return [
        (
            public_name(
                people[a.participant].player, start_number=people[a.participant].start_number
            ).name,
            a.amount,
        )
        for a in money.settlement_of(tournament).awards
    ]


def _german_euros(amount: Decimal) -> str:
    return f"{amount:.2f}".replace(".", ",") + " €"


def test_page_pdf_and_api_name_the_same_winners_with_the_same_amounts(client):
    tournament, people = _evening()
    _finish(tournament)
    awards = money.settlement_of(tournament).awards
    # The first winner consented to no name, the second to a short one.
    first, second = (
        tournament.participants.select_related("player").get(pk=a.participant) for a in awards[:2]
    )
    first.player.publication = Publication.NONE
    first.player.save()
    second.player.publication = Publication.SHORT
    second.player.save()
    expected = _winners_named(tournament)
    assert sum(amount for _name, amount in expected) == Decimal("48.00")

    page = client.get(f"/turniere/{tournament.id}/preise/", HTTP_ACCEPT_LANGUAGE="de")
    pdf = client.get(f"/turniere/{tournament.id}/preise.pdf", HTTP_ACCEPT_LANGUAGE="de")
    api = client.get(f"{API}tournaments/{tournament.id}/prizes/").json()

    page_text = f.page_text(page)
    pdf_text = f.pdf_words(pdf.content)
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf_text.startswith("Preisliste")
    api_winners = [(w["name"], Decimal(w["amount"])) for row in api for w in row["winners"]]
    assert api_winners == expected
    for name, amount in expected:
        line = f"{name} {_german_euros(amount)}"
        assert name in page_text and _german_euros(amount) in page_text
        assert name in pdf_text and _german_euros(amount) in pdf_text, line
    assert f"Teilnehmer {first.start_number}" in page_text
    assert f"Teilnehmer {first.start_number}" in pdf_text
    assert first.player.full_name not in page_text + pdf_text + str(api)
    assert second.player.full_name not in page_text + pdf_text + str(api)


def test_a_withdrawn_winner_is_marked_on_page_and_pdf(client):
    tournament, people = _evening()
    winner = money.settlement_of(tournament).awards[0].participant
    update_participant(tournament.participants.get(pk=winner), withdrawn=True)
    _finish(tournament)

    page = f.page_text(client.get(f"/turniere/{tournament.id}/preise/", HTTP_ACCEPT_LANGUAGE="de"))
    pdf = f.pdf_words(
        client.get(f"/turniere/{tournament.id}/preise.pdf", HTTP_ACCEPT_LANGUAGE="de").content
    )

    assert "(zurückgezogen)" in page
    assert "(zurückgezogen)" in pdf


def test_before_the_finish_there_is_no_public_prize_list(client):
    tournament, people = _evening()
    names = [p.player.full_name for p in people]

    page = client.get(f"/turniere/{tournament.id}/preise/", HTTP_ACCEPT_LANGUAGE="de")
    pdf = client.get(f"/turniere/{tournament.id}/preise.pdf", HTTP_ACCEPT_LANGUAGE="de")
    detail = client.get(f"/turniere/{tournament.id}/", HTTP_ACCEPT_LANGUAGE="de")

    text = f.page_text(page)
    assert "nach dem Turnierende" in text
    assert not any(name in text for name in names)
    assert pdf.status_code == 404
    assert f"/turniere/{tournament.id}/preise/" not in detail.content.decode()


def test_the_finished_tournament_page_links_its_prize_list(client):
    tournament, _people = _evening()
    _finish(tournament)

    detail = client.get(f"/turniere/{tournament.id}/", HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(f"/turniere/{tournament.id}/preise/", HTTP_ACCEPT_LANGUAGE="de")

    assert f'href="/turniere/{tournament.id}/preise/"' in detail.content.decode()
    assert f'href="/turniere/{tournament.id}/preise.pdf"' in page.content.decode()


def test_a_tournament_without_prizes_says_so_after_the_finish(client):
    tournament = f.make_played_tournament(players=4, series=1)
    _finish(tournament)

    page = client.get(f"/turniere/{tournament.id}/preise/", HTTP_ACCEPT_LANGUAGE="de")

    assert "keine Preise" in f.page_text(page)


def test_the_director_finds_the_notice_board_pdf_after_the_finish(director_client):
    tournament, _people = _evening()
    before = director_client.get(f"/leitung/turniere/{tournament.id}/").content.decode()
    _finish(tournament)

    dashboard = director_client.get(f"/leitung/turniere/{tournament.id}/").content.decode()
    cash = director_client.get(f"/leitung/turniere/{tournament.id}/kasse/").content.decode()

    pdf = f'href="/turniere/{tournament.id}/preise.pdf"'
    assert pdf not in before
    assert pdf in dashboard
    assert pdf in cash


def test_withheld_results_withhold_the_prize_list_on_page_pdf_and_api(client):
    """A league venue's results before its report (an app's rule in result_access): the
    prize list is withheld on every surface alike, not shown by the API alone."""
    from tournaments.services import result_access

    tournament, _people = _evening()
    _finish(tournament)

    def withheld(user, tournament_id):
        return result_access.Access.WITHHELD if tournament_id == tournament.id else None

    result_access.register(withheld)
    try:
        page = client.get(f"/turniere/{tournament.id}/preise/")
        pdf = client.get(f"/turniere/{tournament.id}/preise.pdf")
        api = client.get(f"{API}tournaments/{tournament.id}/prizes/")
    finally:
        result_access._rules.remove(withheld)

    assert (page.status_code, pdf.status_code, api.status_code) == (403, 403, 403)
