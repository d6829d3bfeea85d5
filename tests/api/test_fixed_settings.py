"""A tournament's settings that fix the deals and the values of its lists (rounds per
series, extra points, lists per table) cannot change once games exist: the change is
refused with a German message naming the field, and the lists stay correctable."""

import pytest

from tests import factories as f
from tests.api.conftest import send

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client, director_user):
    client.force_login(director_user)
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for _ in range(4):
        f.enter(table, passed=True)
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    return table


@pytest.mark.parametrize(
    ("field", "value", "label"),
    [
        ("rounds_per_series", 1, "Runden pro Serie"),
        ("extra_points", "none", "Wertungspunkte"),
        ("lists_per_table", 2, "Listen je Tisch"),
    ],
)
def test_setting_that_fixes_the_deals_is_refused_once_games_exist(
    client, played, field, value, label
):
    tournament = played.series.tournament
    before = getattr(tournament, field)

    response = send(client, "patch", f"tournaments/{tournament.id}/", {field: value})

    tournament.refresh_from_db()
    assert getattr(tournament, field) == before
    assert response.status_code == 409
    error = response.json()["errors"][0]
    assert (error["field"], error["code"]) == (field, "setting_fixed_by_games")
    assert label in error["message"]
    assert "Spiele" in error["message"]


def test_other_settings_still_change_once_games_exist(client, played):
    tournament = played.series.tournament

    response = send(client, "patch", f"tournaments/{tournament.id}/", {"name": "Neuer Name"})

    tournament.refresh_from_db()
    assert response.status_code == 200
    assert tournament.name == "Neuer Name"


def test_game_correction_after_a_refused_rounds_change_is_answered(client, played):
    tournament = played.series.tournament
    send(client, "patch", f"tournaments/{tournament.id}/", {"rounds_per_series": 1})

    response = send(
        client, "patch", f"tables/{played.id}/games/5/", {"won": False, "reason": "Vertippt"}
    )

    assert response.status_code == 200
    assert response.json()["won"] is False


def test_game_correction_beyond_the_rounds_is_refused_with_a_message(client, played):
    tournament = played.series.tournament
    # Rounds changed past the interfaces (a shell, an older release): refused, not a crash.
    type(tournament).objects.filter(pk=tournament.pk).update(rounds_per_series=1)

    response = send(
        client, "patch", f"tables/{played.id}/games/5/", {"won": False, "reason": "Vertippt"}
    )

    error = response.json()["errors"][0]
    assert response.status_code == 409
    assert (error["field"], error["code"]) == ("number", "game_beyond_the_rounds")
    assert error["message"].startswith("Spiel 5 liegt hinter den Runden")


def test_settings_form_names_the_fixed_field_in_german(client, played):
    tournament = played.series.tournament
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "venue": "",
        "club": "",
        "planned_series": "2",
        "rounds_per_series": "8",
        "extra_points": "skwo",
        "team_size": "4",
    }

    response = client.post(f"/leitung/turniere/{tournament.id}/einstellungen/", data)

    tournament.refresh_from_db()
    assert tournament.rounds_per_series == 2
    assert response.context["form"].errors["rounds_per_series"] == [
        "„Runden pro Serie“ kann nicht mehr geändert werden: Es sind bereits Spiele "
        "eingetragen, und die Änderung würde die Gebe oder die Werte schon geführter Listen "
        "ändern. Legen Sie für andere Einstellungen ein neues Turnier an."
    ]
