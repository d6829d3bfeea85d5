"""Ids and amounts are written in ASCII digits only: Python reads "٣٠" (Arabic-Indic
digits) as 30 and "1e2" as 100, so without a check ``/api/v1/tables/٣٠/`` found table 30
and a payment of "1e2" was stored as 100.00 €."""

import pytest

from tests import factories as f
from tests.api.conftest import API, send
from tournaments.models import Payment, Player, Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def arabic(number: int) -> str:
    return str(number).translate(ARABIC_INDIC)


@pytest.mark.parametrize("resource", ["tables", "tournaments", "players", "clubs", "series"])
def test_an_id_in_other_digits_finds_nothing(client, resource):
    table = f.make_seated_table(players=4)
    ids = {
        "tables": table.pk,
        "tournaments": table.series.tournament_id,
        "players": f.make_player().pk,
        "clubs": f.make_club().pk,
        "series": table.series_id,
    }

    response = client.get(f"{API}{resource}/{arabic(ids[resource])}/")

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize("amount", ["1e2", "٣", "1E2", "１０", "+5", "Infinity"])
def test_a_payment_amount_in_other_notation_is_refused_naming_the_field(director_client, amount):
    tournament = f.make_tournament()
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    participant = f.make_participants(tournament, 1)[0]

    response = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": participant.id, "kind": "entry_fee", "amount": amount},
    )

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "amount"
    assert error["message"] == "Geben Sie einen Betrag in Euro ein, z. B. 0,50 oder 10,00."
    assert not Payment.objects.exists()


def test_a_payment_for_a_participant_id_in_other_digits_is_refused(director_client):
    tournament = f.make_tournament()
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    participant = f.make_participants(tournament, 1)[0]

    response = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/payments/",
        {"participant": arabic(participant.id), "kind": "entry_fee", "amount": "10.00"},
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "participant"
    assert not Payment.objects.exists()


def test_a_tariff_amount_with_an_exponent_is_refused(director_client):
    tournament = f.make_tournament()

    response = send(
        director_client,
        "put",
        f"tournaments/{tournament.id}/tariff/",
        {"entry_fee": "1e1", "lost_game_fee": "0.50"},
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["entry_fee"]


def test_a_player_with_a_club_id_in_other_digits_is_refused(director_client):
    club = f.make_club()

    response = send(
        director_client,
        "post",
        "players/",
        {"first_name": "Ali", "last_name": "Hassan", "club": arabic(club.pk)},
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "club"
    assert not Player.objects.filter(last_name="Hassan").exists()


def test_tournament_rounds_in_other_digits_are_refused(director_client):
    tournament = f.make_tournament()

    response = send(
        director_client, "patch", f"tournaments/{tournament.id}/", {"rounds_per_series": "١٢"}
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "rounds_per_series"


def test_the_settings_form_refuses_numbers_and_ids_in_other_digits(director_client):
    tournament = f.make_tournament(rounds_per_series=10)
    club = f.make_club()
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "planned_series": "2",
        "rounds_per_series": "١٢",
        "extra_points": "skwo",
        "team_size": "4",
        "club": arabic(club.pk),
    }

    response = director_client.post(f"/leitung/turniere/{tournament.id}/einstellungen/", data)

    tournament.refresh_from_db()
    assert (tournament.rounds_per_series, tournament.club) == (10, None)
    errors = response.context["form"].errors
    assert errors["rounds_per_series"] == ["Bitte nur die Ziffern 0–9 verwenden."]
    assert errors["club"] == ["Bitte nur die Ziffern 0–9 verwenden."]
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize(
    ("typed", "valid"), [("10.50", True), ("1e2", False), ("١٠", False), ("Infinity", False)]
)
def test_a_form_decimal_field_takes_ascii_decimals_only(typed, valid):
    from django import forms

    from tournaments.web.forms import AccessibleForm

    class AmountForm(AccessibleForm, forms.Form):
        amount = forms.DecimalField(required=False)

    assert AmountForm({"amount": typed}).is_valid() is valid
