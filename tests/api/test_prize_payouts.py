"""Prize payouts in the API: record a place's payout, list the places, undo one with a
reason (audited); the director and the treasurer may, the public and another club's
director may not; a second payout of a place is refused naming the field."""

from decimal import Decimal

import pytest

from tests import factories as f
from tests.api.conftest import API, first_error, post
from tournaments.models import AuditEntry, PrizePayout, Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db


def _finished(club=None):
    """Eight players, 10 € entry fee, prizes 30 € and 20 €; finished and frozen."""
    tournament = f.make_played_tournament(players=8, series=1, club=club)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    money.set_prize_table(
        tournament, [{"rank": 1, "amount": "30.00"}, {"rank": 3, "amount": "20.00"}]
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    money.freeze_settlement(tournament)
    return tournament


def _place(rows, rank):
    return next(row for row in rows if row["classification"] == "overall" and row["rank"] == rank)


def test_director_pays_out_a_place_lists_it_and_undoes_it(director_client):
    tournament = _finished()
    awards = [a for a in money.settlement_of(tournament).awards if a.rank == 1]
    path = f"tournaments/{tournament.id}/payouts/"

    paid = post(director_client, path, {"classification": "overall", "rank": 1})
    listed = director_client.get(API + path).json()

    assert paid.status_code == 201, paid.json()
    assert paid.json()["paid_out"] is True
    assert [(p["participant"], Decimal(p["amount"])) for p in paid.json()["payouts"]] == [
        (a.participant, a.amount) for a in awards
    ]
    first = _place(listed, 1)
    assert first["paid_out"] is True
    assert Decimal(first["amount"]) == sum(a.amount for a in awards)
    assert [w["name"] for w in first["winners"]] == [a.name for a in awards]
    assert _place(listed, 3)["paid_out"] is False

    undone = post(
        director_client,
        f"{path}undo/",
        {"classification": "overall", "rank": 1, "reason": "falscher Platz getippt"},
    )

    assert undone.status_code == 200, undone.json()
    assert undone.json()["paid_out"] is False
    assert not PrizePayout.objects.filter(tournament=tournament).exists()
    entry = AuditEntry.objects.get(action="prize_payout_undone")
    assert entry.reason == "falscher Platz getippt"
    assert [p["participant"] for p in entry.before["payouts"]] == [a.participant for a in awards]
    again = post(director_client, path, {"classification": "overall", "rank": 1})
    assert again.status_code == 201


def test_a_second_payout_is_refused_in_german_naming_the_field(director_client):
    tournament = _finished()
    path = f"tournaments/{tournament.id}/payouts/"
    post(director_client, path, {"classification": "overall", "rank": 1})

    twice = post(director_client, path, {"classification": "overall", "rank": 1})

    assert first_error(twice) == (409, "rank", "prize_already_paid_out")
    assert twice.json()["errors"][0]["message"] == ("Der Preis für Platz 1 ist bereits ausgezahlt.")


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"classification": "overall", "rank": "eins"}, "rank", "invalid"),
        ({"classification": "overall", "rank": "٣"}, "rank", "invalid"),
        ({"classification": "overall"}, "rank", "required"),
        ({"classification": "kings", "rank": 1}, "classification", "unknown_classification"),
        ({"classification": "overall", "rank": 2}, "rank", "no_prize_for_place"),
    ],
)
def test_bad_payout_requests_name_the_field(director_client, body, field, code):
    tournament = _finished()

    response = post(director_client, f"tournaments/{tournament.id}/payouts/", body)

    assert first_error(response) == (400, field, code)
    assert not PrizePayout.objects.exists()


def test_undo_needs_a_reason_and_a_paid_place(director_client):
    tournament = _finished()
    path = f"tournaments/{tournament.id}/payouts/undo/"

    not_paid = post(director_client, path, {"classification": "overall", "rank": 1, "reason": "x"})
    post(
        director_client,
        f"tournaments/{tournament.id}/payouts/",
        {"classification": "overall", "rank": 1},
    )
    no_reason = post(director_client, path, {"classification": "overall", "rank": 1, "reason": " "})

    assert first_error(not_paid) == (409, "rank", "prize_not_paid_out")
    assert first_error(no_reason) == (400, "reason", "reason_required")
    assert no_reason.json()["errors"][0]["message"].startswith("Bitte einen Grund angeben")
    assert PrizePayout.objects.filter(tournament=tournament).exists()


def test_the_treasurer_may_pay_out_and_undo(treasurer_client):
    tournament = _finished()
    path = f"tournaments/{tournament.id}/payouts/"

    paid = post(treasurer_client, path, {"classification": "overall", "rank": 3})
    undone = post(
        treasurer_client,
        f"{path}undo/",
        {"classification": "overall", "rank": 3, "reason": "doppelt"},
    )

    assert (paid.status_code, undone.status_code) == (201, 200)
    assert not PrizePayout.objects.exists()


def test_the_public_and_another_clubs_director_may_not(client):
    home, away = f.make_club("Herz Dame"), f.make_club("Pik Bube")
    tournament = _finished(club=home)
    stranger = f.make_staff_user()
    away.directors.add(stranger)
    home.directors.add(f.make_staff_user())
    path = f"tournaments/{tournament.id}/payouts/"

    anonymous_list = client.get(API + path)
    anonymous_post = post(client, path, {"classification": "overall", "rank": 1})
    other = f.logged_in_client(stranger)
    other_post = post(other, path, {"classification": "overall", "rank": 1})
    other_undo = post(
        other, f"{path}undo/", {"classification": "overall", "rank": 1, "reason": "x"}
    )

    assert anonymous_list.status_code in (401, 403)
    assert anonymous_post.status_code in (401, 403)
    assert other_post.status_code == 403
    assert other_undo.status_code == 403
    assert not PrizePayout.objects.exists()
