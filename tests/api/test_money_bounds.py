"""The cash box balances by construction: bounded refunds, counter-entries, closed when finished."""

import importlib
from decimal import Decimal as D

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests import factories as f
from tests.api.conftest import API, first_error, send
from tournaments.models import AuditEntry, Payment, Tournament
from tournaments.models.money import PaymentImmutable
from tournaments.services import money, states
from tournaments.services.roles import TREASURER_GROUP

pytestmark = pytest.mark.django_db
TARIFF = {"entry_fee": "10.50", "lost_game_fee": "0.50"}


def reverse_path(tournament, payment) -> str:
    return f"tournaments/{tournament.id}/payments/{payment.id}/reverse/"


@pytest.fixture
def evening():
    """A complete list whose four players paid 10.50 € entry fee each."""
    table = f.make_complete_table(players=4, rounds_per_series=1)
    tournament = table.series.tournament
    money.set_tariff(tournament, TARIFF)
    people = [seat.participant for seat in table.seats.order_by("number")]
    for person in people:
        money.mark_entry_fee_paid(person)
    states.apply(table, "close", f.make_staff_user("leitung-liste"), "ohne Unterschriften")
    return tournament, people, table


def finish(tournament):
    states.apply(tournament.series.get(), "finish", f.make_staff_user("abschluss"))
    return states.apply(tournament, "finish", None, roles={"director"}, open_money_ok=True)


def test_a_refund_above_what_was_paid_is_refused_and_changes_nothing(director_client, evening):
    tournament, people, _table = evening
    before = money.settle_cash(tournament)

    response = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": people[0].id, "kind": "refund", "amount": "999999.99"},
    )

    assert first_error(response) == (400, "amount", "refund_exceeds_paid")
    assert "10,50 €" in response.json()["detail"]
    assert money.settle_cash(tournament) == before


def test_refunds_add_up_to_at_most_what_was_paid(director_client, evening):
    tournament, people, _table = evening
    path = f"tournaments/{tournament.id}/payments/"
    body = {"participant": people[0].id, "kind": "refund"}

    first = send(director_client, "post", path, {**body, "amount": "10.00"})
    second = send(director_client, "post", path, {**body, "amount": "0.51"})
    third = send(director_client, "post", path, {**body, "amount": "0.50"})

    assert (first.status_code, third.status_code) == (201, 201)
    assert first_error(second) == (400, "amount", "refund_exceeds_paid")
    assert "0,50 €" in second.json()["detail"]


def test_a_payment_is_reversed_by_a_counter_entry_with_a_reason(director_client, evening):
    tournament, people, _table = evening
    payment = Payment.objects.filter(participant=people[1]).get()
    path = reverse_path(tournament, payment)

    response = send(director_client, "post", path, {"reason": "doppelt gebucht"})
    again = send(director_client, "post", path, {"reason": "noch einmal"})
    listed = {
        p["id"]: p
        for p in director_client.get(f"{API}tournaments/{tournament.id}/payments/").json()
    }

    reversal = response.json()
    assert response.status_code == 201
    assert (reversal["amount"], reversal["kind"], reversal["reverses"]) == (
        "-10.50",
        "entry_fee",
        payment.id,
    )
    assert reversal["reason"] == "doppelt gebucht"
    assert listed[payment.id]["reversed_by"] == reversal["id"]
    assert first_error(again) == (409, "payment", "payment_already_reversed")
    statement = next(
        s for s in money.settle_cash(tournament).participants if s.participant == people[1].id
    )
    assert (statement.paid, statement.owes) == (
        D("0.00"),
        statement.entry_fee + statement.lost_game_fees,
    )
    entry = AuditEntry.objects.get(action="payment_reversed")
    assert (entry.reason, entry.before["amount"]) == ("doppelt gebucht", "10.50")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, (400, "reason", "reason_required")),
        ({"reason": "\ud800"}, (400, "reason", "invalid_character")),
        ({"reason": "x" * 501}, (400, "reason", "too_long")),
    ],
)
def test_a_reversal_needs_a_clean_reason(director_client, evening, body, expected):
    tournament, people, _table = evening
    payment = Payment.objects.filter(participant=people[0]).get()

    response = send(director_client, "post", reverse_path(tournament, payment), body)

    assert first_error(response) == expected
    assert not Payment.objects.filter(reverses=payment).exists()


def test_reversing_a_paid_fee_that_was_refunded_is_refused(director_client, evening):
    tournament, people, _table = evening
    paid = Payment.objects.filter(participant=people[0]).get()
    money.record_payment(tournament, {"participant": people[0].id, "kind": "refund", "amount": "5"})

    response = send(
        director_client,
        "post",
        reverse_path(tournament, paid),
        {"reason": "x"},
    )

    assert first_error(response) == (409, "payment", "reversal_below_refunds")


def test_a_payment_row_is_never_changed_or_deleted(evening):
    payment = Payment.objects.first()
    payment.amount = D("1.00")

    with pytest.raises(PaymentImmutable):
        payment.save()
    with pytest.raises(PaymentImmutable):
        payment.delete()


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "payments/", {"participant": None, "kind": "entry_fee", "amount": "1.00"}),
        ("put", "tariff/", {"entry_fee": "20.00", "lost_game_fee": "1.00"}),
        ("put", "prizes/", [{"rank": 1, "amount": "5.00"}]),
    ],
)
def test_a_finished_tournament_refuses_money_changes_naming_the_way_out(
    director_client, evening, method, path, body
):
    tournament, people, _table = evening
    finish(tournament)
    frozen = money.settlement_of(tournament)
    if path == "payments/":
        body = {**body, "participant": people[0].id}

    response = send(director_client, method, f"tournaments/{tournament.id}/{path}", body)

    assert first_error(response) == (409, "tournament", "tournament_finished")
    assert "öffnen Sie das Turnier" in response.json()["detail"]
    assert money.settlement_of(tournament) == frozen


def test_a_finished_tournament_refuses_reversals(director_client, evening):
    tournament, people, _table = evening
    payment = Payment.objects.filter(participant=people[0]).get()
    finish(tournament)

    response = send(
        director_client,
        "post",
        reverse_path(tournament, payment),
        {"reason": "x"},
    )

    assert first_error(response) == (409, "tournament", "tournament_finished")


def test_the_cash_page_of_a_finished_tournament_offers_no_form_it_would_refuse(
    director_client, evening
):
    tournament, _people, _table = evening
    finish(tournament)

    page = director_client.get(f"/leitung/turniere/{tournament.id}/kasse/").content.decode()

    assert 'data-testid="cash-box-closed"' in page
    assert "öffnen Sie das Turnier" in page
    for form in ("tariff-form", "save-prizes", "pay-entry-", "pay-table-", "reverse-", "Erstatten"):
        assert form not in page
    assert 'data-testid="tariff-frozen"' in page and "10,50" in page


def test_paying_on_a_finished_tournaments_page_shows_the_message_instead_of_failing(
    director_client, evening
):
    tournament, people, table = evening
    finish(tournament)

    entry = director_client.post(
        f"/leitung/teilnehmer/{people[0].id}/startgeld-bezahlt/", follow=True
    )
    lists = director_client.post(f"/leitung/tische/{table.id}/abreizgeld-bezahlt/", follow=True)

    for response in (entry, lists):
        assert response.status_code == 200
        assert "öffnen Sie das Turnier" in response.content.decode()


def test_finishing_with_open_money_names_who_owes_how_much_first(director_client, evening):
    tournament, people, _table = evening
    money.record_payment(
        tournament, {"participant": people[2].id, "kind": "refund", "amount": "10.50"}
    )
    series = tournament.series.get()
    send(director_client, "post", f"series/{series.id}/finish/", {})

    page = director_client.get(f"/leitung/turniere/{tournament.id}/").content.decode()
    refused = send(director_client, "post", f"tournaments/{tournament.id}/finish/", {})
    confirmed = send(
        director_client, "post", f"tournaments/{tournament.id}/finish/", {"open_money_ok": True}
    )

    name = people[2].player.full_name
    assert first_error(refused) == (409, "open_money_ok", "money_open")
    assert f"{name} 10,50 €" in refused.json()["detail"]
    assert 'data-testid="open-money"' in page and name in page
    assert confirmed.status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_the_treasurer_in_the_one_group_records_payments_but_not_the_tariff(client, evening):
    tournament, people, _table = evening
    user = get_user_model().objects.create_user(username="kasse")
    user.groups.add(Group.objects.get_or_create(name=TREASURER_GROUP)[0])
    client.force_login(user)

    paid = send(
        client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": people[0].id, "kind": "lost_game_fees", "amount": "1.00"},
    )
    tariff = send(client, "put", f"tournaments/{tournament.id}/tariff/", TARIFF)

    assert TREASURER_GROUP == "Kassenwart"
    assert paid.status_code == 201
    assert tariff.status_code == 403


def test_the_migration_moves_the_old_treasurer_group_into_the_one_group():
    migration = importlib.import_module(
        "tournaments.migrations.0013_squashed_0020_two_lists_per_table"
    )
    old = Group.objects.create(name="treasurer")
    user = get_user_model().objects.create_user(username="alt-kasse")
    user.groups.add(old)

    migration.merge_treasurer_groups(apps, None)

    assert list(user.groups.values_list("name", flat=True)) == [TREASURER_GROUP]
    assert not Group.objects.filter(name="treasurer").exists()
