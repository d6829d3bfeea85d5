"""The cash box over HTTP: tariff, cash, payments and prizes (docs/api.md, "Money")."""

import pytest

from tests import factories as f
from tests.api.conftest import API, send
from tests.openapi import api_schema, generator_warnings
from tournaments.models import Payment, PrizeRule, Tariff, Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db

TARIFF = {
    "entry_fee": "10.00",
    "lost_game_fee": "0.50",
    "lost_game_fee_from": 4,
    "lost_game_fee_higher": "1.00",
    "passed_game_fee": "0.00",
}
MONEY_PATHS = ("tariff", "cash", "payments", "prizes")


def test_director_sets_and_reads_the_tariff_as_decimal_strings(director_client):
    tournament = f.make_tournament()

    put = send(director_client, "put", f"tournaments/{tournament.id}/tariff/", TARIFF)
    got = director_client.get(f"{API}tournaments/{tournament.id}/tariff/")

    assert put.status_code == 200
    assert {k: got.json()[k] for k in TARIFF} == TARIFF


@pytest.mark.parametrize(
    ("field", "value"),
    [("entry_fee", "-1"), ("entry_fee", "abc"), ("lost_game_fee", "0.123"), ("entry_fee", [])],
)
def test_bad_tariff_is_a_400_naming_the_field(director_client, field, value):
    tournament = f.make_tournament()

    response = send(
        director_client, "put", f"tournaments/{tournament.id}/tariff/", {**TARIFF, field: value}
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert not Tariff.objects.exists()


def test_payment_then_cash_shows_what_is_paid_and_owed(director_client):
    tournament = f.make_tournament()
    money.set_tariff(tournament, TARIFF)
    first, second = f.make_participants(tournament, 2)

    posted = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": first.id, "kind": "entry_fee", "amount": "10.00"},
    )
    cash = director_client.get(f"{API}tournaments/{tournament.id}/cash/").json()

    assert (posted.status_code, posted.json()["amount"]) == (201, "10.00")
    assert (cash["entry_fees_due"], cash["entry_fees_paid"], cash["balance"]) == (
        "20.00",
        "10.00",
        "10.00",
    )
    owes = {row["participant"]: row["owes"] for row in cash["participants"]}
    assert owes == {first.id: "0.00", second.id: "10.00"}


def test_payment_for_a_participant_of_another_tournament_is_a_400(director_client):
    tournament = f.make_tournament()
    stranger = f.make_participants(f.make_tournament(), 1)[0]

    response = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": stranger.id, "kind": "entry_fee", "amount": "10.00"},
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "participant"
    assert not Payment.objects.exists()


def test_prizes_over_the_entry_fees_need_confirm(director_client):
    tournament = f.make_tournament()
    money.set_tariff(tournament, TARIFF)
    f.make_participants(tournament, 4)
    path = f"tournaments/{tournament.id}/prizes/"
    table = [{"rank": 1, "amount": "30.00"}, {"rank": 2, "percent": "50"}]

    warned = send(director_client, "put", path, table)
    confirmed = send(director_client, "put", path, {"prizes": table, "confirm": True})

    assert warned.status_code == 400
    assert warned.json()["errors"][0]["field"] == "confirm"
    assert confirmed.status_code == 200
    assert confirmed.json() == [
        {"classification": "overall", "rank": 1, "amount": "30.00", "preview": "30.00"}
        | {"winners": []},
        {"classification": "overall", "rank": 2, "percent": "50.00", "preview": "20.00"}
        | {"winners": []},
    ]


def test_treasurer_sees_cash_and_records_payments_but_sets_no_tariff(treasurer_client):
    tournament = f.make_tournament()
    participant = f.make_participants(tournament, 1)[0]

    cash = treasurer_client.get(f"{API}tournaments/{tournament.id}/cash/")
    paid = send(
        treasurer_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": participant.id, "kind": "entry_fee", "amount": "5.00"},
    )
    tariff = send(treasurer_client, "put", f"tournaments/{tournament.id}/tariff/", TARIFF)

    assert (cash.status_code, paid.status_code, tariff.status_code) == (200, 201, 403)
    assert (paid.json()["participant"], paid.json()["amount"]) == (participant.id, "5.00")
    assert cash.json()["entry_fees_paid"] == "0.00"  # read before the payment


@pytest.mark.parametrize("path", MONEY_PATHS)
def test_the_public_sees_no_money_of_a_running_tournament(client, path):
    tournament = f.make_tournament()

    response = client.get(f"{API}tournaments/{tournament.id}/{path}/")

    assert response.status_code in (401, 403)


def test_the_public_sees_prizes_and_winners_once_finished(client):
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    money.set_prize_table(tournament, [{"rank": 1, "amount": "0.00"}])
    PrizeRule.objects.filter(tournament=tournament).update(amount="25.00")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)

    rows = client.get(f"{API}tournaments/{tournament.id}/prizes/").json()
    cash = client.get(f"{API}tournaments/{tournament.id}/cash/")

    assert rows[0]["amount"] == "25.00"
    assert [w["amount"] for w in rows[0]["winners"]] in (["25.00"], ["12.50", "12.50"])
    assert cash.status_code in (401, 403)


def test_money_endpoints_are_in_the_schema_without_warnings():
    schema = api_schema()

    for name in MONEY_PATHS:
        assert f"/api/v1/tournaments/{{id}}/{name}/" in schema["paths"]
    assert [
        w for w in generator_warnings() if "money" in w.lower() or "Prize" in w or "Tariff" in w
    ] == []


@pytest.mark.parametrize("players", [4, 8])
def test_cash_takes_the_same_queries_whatever_the_number_of_players(
    director_client, django_assert_num_queries, players
):
    tournament = f.make_played_tournament(players=players, series=1, rounds_per_series=1)
    money.set_tariff(tournament, TARIFF)
    money.set_prize_table(tournament, [{"rank": 1, "amount": "5.00"}])
    for participant in tournament.participants.all():
        money.mark_entry_fee_paid(participant)

    # 16: one reads the tournament whose directors may see its money (services/roles.py);
    # the prizes' ranking reads the roster stamp, and, since the payments changed it, the
    # people once (seats and names, services/roster_cache.py), then the sums. The same
    # count for 4 and 8 players is the point: nothing is read per participant.
    with django_assert_num_queries(16):
        response = director_client.get(f"{API}tournaments/{tournament.id}/cash/")

    assert len(response.json()["participants"]) == players
