"""Prize payouts when a finished tournament is reopened (docs/money.md, "Payouts and a
reopened tournament"): the reopen confirmation shows the payouts recorded, reopening keeps
them, and after the next finish a payout whose place now has other winners or amounts is
flagged on the cash page with its undo — here after a correction that swaps places 1 and 2.
"""

import pytest

from tests import factories as f
from tournaments.models import PrizePayout
from tournaments.services import money, states
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db

GRAND_WON = {"game": "grand", "matadors": 2, "won": True}  # 122 list points
DIAMONDS_WON = {"game": "diamonds", "matadors": 1, "won": True}  # 68 list points


@pytest.fixture
def evening():
    """Three players at one table; place 1 (seat 1) and place 2 (seat 2) paid out."""
    director = f.make_superuser("leitung")
    table = f.make_seated_table(players=3, rounds_per_series=1)
    tournament = table.series.tournament
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    money.set_prize_table(
        tournament, [{"rank": 1, "amount": "20.00"}, {"rank": 2, "amount": "10.00"}]
    )
    f.enter(table, declarer_seat=1, **GRAND_WON)
    f.enter(table, declarer_seat=2, **DIAMONDS_WON)
    f.enter(table, passed=True)
    states.apply(table, "close", director, "fertig")
    states.apply(table.series, "finish", director)
    states.apply(tournament, "finish", director, open_money_ok=True)
    tournament.refresh_from_db()
    money.pay_out_prize(tournament, "overall", 1, user=director)
    money.pay_out_prize(tournament, "overall", 2, user=director)
    seats = {
        seat.number: seat.participant for seat in table.seats.select_related("participant__player")
    }
    return {"director": director, "table": table, "tournament": tournament, "seats": seats}


def _swap_places_1_and_2(evening):
    """Reopen everything, give game 1 to seat 2 and game 2 to seat 1, finish again."""
    director, table, tournament = evening["director"], evening["table"], evening["tournament"]
    states.apply(tournament, "reopen", director, "Spiel 1 und 2 vertauscht")
    states.apply(table.series, "reopen", director, "Spiel 1 und 2 vertauscht")
    table = states.apply(table, "reopen", director, "Spiel 1 und 2 vertauscht")
    listkeeping.correct_game(
        table, 1, {"declarer_seat": 2, **GRAND_WON}, user=director, reason="vertauscht"
    )
    listkeeping.correct_game(
        table, 2, {"declarer_seat": 1, **DIAMONDS_WON}, user=director, reason="vertauscht"
    )
    table = states.apply(table, "close", director, "korrigiert")
    states.apply(table.series, "finish", director)
    states.apply(tournament, "finish", director, open_money_ok=True)
    tournament.refresh_from_db()
    return tournament


def test_the_reopen_confirmation_shows_the_payouts_it_keeps(client, evening):
    tournament, first = evening["tournament"], evening["seats"][1]
    client.force_login(evening["director"])

    page = client.get(f"/leitung/turniere/{tournament.pk}/").content.decode()
    client.post(
        f"/leitung/turniere/{tournament.pk}/wieder-oeffnen/", {"reopen-reason": "Korrektur"}
    )

    assert 'data-testid="reopen-keeps-payouts"' in page
    assert f"{first.player.full_name} (20,00\u00a0€)" in page
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.RUNNING
    assert PrizePayout.objects.filter(tournament=tournament).count() == 2


def test_a_correction_that_swaps_places_1_and_2_flags_both_payouts_with_their_undo(client, evening):
    first, second = evening["seats"][1], evening["seats"][2]

    tournament = _swap_places_1_and_2(evening)
    places = {place.rank: place for place in money.prize_places(tournament)}
    client.force_login(evening["director"])
    page = client.get(f"/leitung/turniere/{tournament.pk}/kasse/").content.decode()

    assert [w[0] for w in places[1].winners] == [second.pk]
    assert places[1].paid_out and places[1].recorded == (
        (first.pk, first.player.full_name, places[1].amount),
    )
    assert places[1].stale and places[2].stale
    assert page.count("Auszahlung passt nicht mehr zum Endstand") == 2
    assert (
        f"Auszahlung passt nicht mehr zum Endstand: ausgezahlt an {first.player.full_name} "
        f"(20,00\u00a0€), laut Endstand {second.player.full_name} (20,00\u00a0€)."
    ) in page
    assert 'data-testid="undo-payout-overall-1"' in page
    assert 'data-testid="payout-stale-overall-1"' in page
    api = client.get(f"/api/v1/tournaments/{tournament.pk}/payouts/").json()
    assert [(row["rank"], row["paid_out"], row["stale"]) for row in api] == [
        (1, True, True),
        (2, True, True),
    ]


def test_after_the_undo_the_place_is_paid_to_its_new_winner_and_no_longer_flagged(client, evening):
    second = evening["seats"][2]
    tournament = _swap_places_1_and_2(evening)
    client.force_login(evening["director"])

    client.post(
        f"/leitung/turniere/{tournament.pk}/kasse/auszahlung-zuruecknehmen/",
        {"classification": "overall", "series": 0, "rank": 1, "reason": "Platz 1 getauscht"},
    )
    money.pay_out_prize(tournament, "overall", 1, user=evening["director"])
    page = client.get(f"/leitung/turniere/{tournament.pk}/kasse/").content.decode()

    paid = PrizePayout.objects.get(tournament=tournament, rank=1)
    assert paid.participant_id == second.pk
    assert page.count("Auszahlung passt nicht mehr zum Endstand") == 1
    assert 'data-testid="payout-stale-overall-1"' not in page


def test_an_unchanged_standing_flags_nothing(client, evening):
    director, tournament = evening["director"], evening["tournament"]
    states.apply(tournament, "reopen", director, "nur nachsehen")
    states.apply(tournament, "finish", director, open_money_ok=True)
    client.force_login(director)

    page = client.get(f"/leitung/turniere/{tournament.pk}/kasse/").content.decode()

    assert not any(place.stale for place in money.prize_places(tournament))
    assert "Auszahlung passt nicht mehr zum Endstand" not in page
    assert 'data-testid="paid-out-overall-1"' in page


def test_a_payout_whose_place_pays_no_prize_any_more_is_listed_and_flagged(client, evening):
    director, tournament, second = evening["director"], evening["tournament"], evening["seats"][2]
    tournament = states.apply(tournament, "reopen", director, "nur ein Preis")
    money.set_prize_table(tournament, [{"rank": 1, "amount": "30.00"}])
    states.apply(tournament, "finish", director, open_money_ok=True)
    client.force_login(director)

    places = {place.rank: place for place in money.prize_places(tournament)}
    page = client.get(f"/leitung/turniere/{tournament.pk}/kasse/").content.decode()

    assert places[2].winners == () and places[2].stale
    assert places[2].recorded == ((second.pk, second.player.full_name, places[2].recorded[0][2]),)
    assert 'data-testid="payout-stale-overall-2"' in page
    assert "laut Endstand kein Preis." in page
    assert 'data-testid="undo-payout-overall-2"' in page
