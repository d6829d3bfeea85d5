"""Series prizes (Serienpreise) beside the overall prizes: one scheme for every series or
lines of one series, computed once for the preview, the settlement, the API, the cash
page and the series ranking; a player may win a series prize and an overall prize."""

import io
from decimal import Decimal as D

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories as f
from tests.api.conftest import API
from tournaments.exports.pdf_ranking import series_ranking_pdf
from tournaments.models import PrizePayout, Tournament
from tournaments.services import money, ranking
from tournaments.services.errors import Rejected
from tournaments.web.director.cash_forms import PrizeTableForm

pytestmark = pytest.mark.django_db

PRIZES = [
    {"rank": 1, "amount": "30.00"},
    {"classification": "series", "rank": 1, "amount": "10.00"},
    {"classification": "series", "rank": 2, "amount": "5.00"},
    {"classification": "series", "series": 2, "rank": 1, "amount": "12.00"},
]


def _evening():
    """Eight players, two series played, 10 € entry fee each."""
    tournament = f.make_played_tournament(players=8, series=2)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.00"})
    money.mark_entry_fees_paid(tournament)
    money.set_prize_table(tournament, PRIZES)
    return tournament


def _series_winners(tournament, number, rank):
    series = tournament.series.get(number=number)
    rows = ranking.rank_series(series)
    return {row.participant for row in rows if row.rank == rank}


def test_every_series_pays_its_scheme_unless_it_has_lines_of_its_own():
    tournament = _evening()

    awards = money.settlement_of(tournament).awards
    by_series = {}
    for award in awards:
        if award.classification == "series":
            by_series.setdefault((award.series, award.rank), []).append(award)

    # Series 1 pays the scheme, 10 € and 5 € (a shared place 1 shares both).
    series_one = [a for (number, _rank), found in by_series.items() if number == 1 for a in found]
    assert sum(a.amount for a in series_one) == D("15.00")
    assert {a.participant for a in by_series[1, 1]} == _series_winners(tournament, 1, 1)
    # Series 2 has a line of its own: only its place 1 pays, 12 €, not the scheme's 10 + 5.
    assert {rank for (number, rank) in by_series if number == 2} == {1}
    assert sum(a.amount for a in by_series[2, 1]) == D("12.00")
    assert {a.participant for a in by_series[2, 1]} == _series_winners(tournament, 2, 1)


def test_a_player_keeps_a_series_prize_and_an_overall_prize():
    tournament = _evening()
    settlement = money.settlement_of(tournament)

    won: dict[int, D] = {}
    for award in settlement.awards:
        won[award.participant] = won.get(award.participant, D(0)) + award.amount
    for statement in settlement.participants:
        assert statement.prize == won.get(statement.participant, D(0))
    overall = {a.participant for a in settlement.awards if a.classification == "overall"}
    series = {a.participant for a in settlement.awards if a.classification == "series"}
    assert overall & series, "the overall winner won a series too in this evening"
    assert settlement.prizes == sum((a.amount for a in settlement.awards), D(0))


def test_the_preview_shows_the_scheme_and_the_series_lines():
    tournament = _evening()

    preview = money.prize_preview(tournament)

    assert preview["overall"] == {1: D("30.00")}
    assert preview["series"] == {1: D("10.00"), 2: D("5.00")}
    assert preview["series:2"] == {1: D("12.00")}


def test_the_api_shows_series_lines_with_their_winners(client):
    tournament = _evening()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    money.freeze_settlement(tournament)

    rows = client.get(f"{API}tournaments/{tournament.id}/prizes/").json()

    series_rows = [row for row in rows if row["classification"] == "series"]
    assert [(r["series"], r["rank"], r["preview"]) for r in series_rows] == [
        (None, 1, "10.00"),
        (None, 2, "5.00"),
        (2, 1, "12.00"),
    ]
    winners_2 = {w["participant"] for w in series_rows[2]["winners"]}
    assert winners_2 == _series_winners(tournament, 2, 1)
    # Every series' place 1 lists the winners of every series it paid.
    assert {w["series"] for w in series_rows[0]["winners"]} == {1}


def test_a_series_line_is_checked_naming_the_field():
    tournament = _evening()

    with pytest.raises(Rejected) as refused:
        money.set_prize_table(
            tournament, [{"classification": "series", "series": 0, "rank": 1, "amount": "5"}]
        )
    assert refused.value.problems[0].field == "prizes[0].series"
    with pytest.raises(Rejected) as refused:
        money.set_prize_table(tournament, [{"rank": 1, "series": 2, "amount": "5"}])
    assert refused.value.problems[0].field == "prizes[0].series"


def test_the_cash_page_text_writes_series_lines_and_reads_them_back():
    form = PrizeTableForm(
        data={"prizes": "1: 30,00\nSerie 1: 10,00\nSerie 2: 5,00\nSerie 2 Platz 1: 12,00"}
    )

    assert form.is_valid(), form.errors
    rows = form.cleaned_data["prizes"]
    assert rows[1:] == [
        {"classification": "series", "series": None, "rank": 1, "amount": "10,00"},
        {"classification": "series", "series": None, "rank": 2, "amount": "5,00"},
        {"classification": "series", "series": 2, "rank": 1, "amount": "12,00"},
    ]
    tournament = _evening()
    assert PrizeTableForm.text_of(money.prize_rules(tournament)) == (
        "1: 30,00\nSerie 1: 10,00\nSerie 2: 5,00\nSerie 2 Platz 1: 12,00"
    )


def test_a_series_prize_is_paid_out_per_series():
    tournament = _evening()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()

    first = money.pay_out_prize(tournament, "series", 1, series=1)
    second = money.pay_out_prize(tournament, "series", 1, series=2)

    assert {p.participant_id for p in first} == _series_winners(tournament, 1, 1)
    assert sum(p.amount for p in second) == D("12.00")
    places = {(p.classification, p.series, p.rank): p for p in money.prize_places(tournament)}
    assert places.pop(("series", 1, 1)).paid_out and places.pop(("series", 2, 1)).paid_out
    assert ("overall", 0, 1) in places
    assert not any(place.paid_out for place in places.values())
    assert PrizePayout.objects.filter(series=2).count() == len(second)


def _finished_evening():
    tournament = _evening()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament


def test_the_series_ranking_page_shows_the_series_prizes_once_finished(client):
    tournament = _evening()
    url = reverse("web:series-ranking", args=[tournament.id, 2])
    assert "Serienpreis" not in f.page_text(client.get(url, HTTP_ACCEPT_LANGUAGE="de"))

    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    text = f.page_text(client.get(url, HTTP_ACCEPT_LANGUAGE="de"))

    # Two tables alike: place 1 of series 2 is shared, 12 € in halves.
    assert "Serienpreis" in text
    assert text.count("6,00 €") == 2, text


def test_the_series_ranking_pdf_shows_the_series_prizes_once_finished():
    tournament = _finished_evening()
    out = io.BytesIO()
    with translation.override("de"):
        series_ranking_pdf(tournament.series.get(number=2), out)

    text = f.pdf_text(out.getvalue())
    assert "Serienpreis" in text
    assert text.count("6,00 €") == 2


def test_the_cash_page_names_each_series_and_pays_its_places_out(director_client):
    tournament = _finished_evening()
    url = reverse("web:director-cash", args=[tournament.id])

    text = f.page_text(director_client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Serienpreis jede Serie, Platz 1: 10,00 €" in text
    assert "Serienpreis Serie 2, Platz 1: 12,00 €" in text

    payout = reverse("web:director-cash-payout", args=[tournament.id])
    answer = director_client.post(
        payout, {"classification": "series", "series": "2", "rank": "1"}, follow=True
    ).content.decode()

    assert 'data-testid="paid-out-series-2-1"' in answer
    assert 'data-testid="pay-out-series-1-1"' in answer
    assert {p.series for p in PrizePayout.objects.all()} == {2}


def test_taking_back_one_series_payout_leaves_the_other_series_paid(director_client):
    tournament = _finished_evening()
    money.pay_out_prize(tournament, "series", 1, series=1)
    money.pay_out_prize(tournament, "series", 1, series=2)

    answer = director_client.post(
        f"{API}tournaments/{tournament.id}/payouts/undo/",
        {"classification": "series", "series": 2, "rank": 1, "reason": "falsche Serie"},
        format="json",
        content_type="application/json",
    )

    assert answer.status_code == 200, answer.content
    assert (answer.json()["series"], answer.json()["paid_out"]) == (2, False)
    assert set(PrizePayout.objects.values_list("series", flat=True)) == {1}
    places = {(p.classification, p.series, p.rank): p for p in money.prize_places(tournament)}
    assert places[("series", 1, 1)].paid_out and not places[("series", 2, 1)].paid_out


def test_the_prize_list_has_a_section_per_series(client):
    tournament = _finished_evening()

    text = f.page_text(
        client.get(reverse("web:prize-list", args=[tournament.id]), HTTP_ACCEPT_LANGUAGE="de")
    )
    pdf = f.pdf_text(client.get(reverse("web:prize-list-pdf", args=[tournament.id])).content)

    for shown in (text, pdf):
        assert "Serienpreis – Serie 1" in shown and "Serienpreis – Serie 2" in shown
