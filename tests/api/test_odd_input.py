"""Odd input from the audit that once answered 500: every one is now a German message.

Unicode digits pass ``str.isdigit()`` but not ``int()``; a lone surrogate cannot be stored
in any database encoding. Each case names the field that was refused, or shows the page
with its default.
"""

import pytest

from tests import factories as f
from tests.api.conftest import API, send
from tournaments.services import table_access

pytestmark = pytest.mark.django_db
SURROGATE = "\ud800"


@pytest.mark.parametrize("search", ["³", "٣", "１", "12³"])
def test_a_participant_search_with_unicode_digits_is_a_search(client, search):
    table = f.make_seated_table()

    response = client.get(
        f"{API}tournaments/{table.series.tournament_id}/participants/", {"search": search}
    )

    assert response.status_code == 200
    assert response.json()["results"] == []


@pytest.mark.parametrize("parameter", ["zeilen", "sekunden", "seite"])
@pytest.mark.parametrize("value", ["³", "٣", "99999999999999999999999", "-1"])
def test_the_projector_shows_its_defaults_for_odd_numbers(client, parameter, value):
    table = f.make_seated_table()

    response = client.get(f"/turniere/{table.series.tournament_id}/leinwand/", {parameter: value})

    assert response.status_code == 200
    assert "Rangliste" in response.content.decode() or "Platz" in response.content.decode()


@pytest.mark.parametrize("value", ["³", "٣", True, 2.5, "1e1"])
def test_the_tariffs_higher_fee_start_refuses_anything_but_ascii_digits(director_client, value):
    table = f.make_seated_table()
    tariff = {
        "entry_fee": "10.00",
        "lost_game_fee": "0.50",
        "lost_game_fee_from": value,
        "lost_game_fee_higher": "1.00",
    }

    response = send(
        director_client, "put", f"tournaments/{table.series.tournament_id}/tariff/", tariff
    )

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"]) == (400, "lost_game_fee_from")
    assert "2. bis 99." in error["message"]


@pytest.mark.parametrize(
    ("action", "prepare"),
    [
        ("end", lambda table: table),
        ("close", lambda table: f.play_out(table) or table),
        ("reopen", None),
    ],
)
def test_a_lone_surrogate_in_a_lists_reason_is_refused(director_client, action, prepare):
    if prepare is None:
        table = f.make_complete_table()
        send(director_client, "post", f"tables/{table.id}/close/", {"reason": "fehlt"})
    else:
        table = prepare(f.make_seated_table())

    response = send(director_client, "post", f"tables/{table.id}/{action}/", {"reason": SURROGATE})

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"], error["code"]) == (
        400,
        "reason",
        "invalid_character",
    )


@pytest.mark.parametrize("kind", ["series", "tournaments"])
def test_a_lone_surrogate_in_a_reopening_reason_is_refused(director_client, kind):
    table = f.make_complete_table()
    send(director_client, "post", f"tables/{table.id}/close/", {"reason": "fehlt"})
    series = table.series
    send(director_client, "post", f"series/{series.id}/finish/", {})
    target = series.id if kind == "series" else series.tournament_id
    if kind == "tournaments":
        send(director_client, "post", f"tournaments/{target}/finish/", {})

    response = send(
        director_client, "post", f"{kind}/{target}/reopen/", {"reason": "a" + SURROGATE}
    )

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"], error["code"]) == (
        400,
        "reason",
        "invalid_character",
    )


def test_a_lone_surrogate_in_a_correction_by_table_code_is_refused(client):
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    send(client, "post", f"tables/{table.id}/games/", {"passed": True}, HTTP_X_TABLE_CODE=code)

    response = send(
        client,
        "put",
        f"tables/{table.id}/games/1/",
        {"passed": True, "reason": SURROGATE},
        HTTP_X_TABLE_CODE=code,
    )

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"], error["code"]) == (
        400,
        "reason",
        "invalid_character",
    )


def test_a_reason_over_the_limit_is_refused_with_the_limit(director_client):
    table = f.make_seated_table()

    response = send(director_client, "post", f"tables/{table.id}/end/", {"reason": "x" * 501})

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"], error["code"]) == (400, "reason", "too_long")
    assert "500" in error["message"]


def test_a_unicode_digit_as_the_table_of_a_coded_write_is_not_found(client):
    response = send(
        client, "post", "tables/%C2%B3/games/", {"passed": True}, HTTP_X_TABLE_CODE="AAAAA-BBBBB"
    )

    assert response.status_code in (403, 404)
    assert response.json()["errors"][0]["code"]


@pytest.mark.parametrize("value", ["³", "٣"])
def test_unicode_digits_in_page_numbers_and_years_show_a_page(client, value):
    table = f.make_seated_table()

    ranking = client.get(f"/turniere/{table.series.tournament_id}/rangliste/", {"seite": value})

    assert ranking.status_code == 200
    assert table.seats.first().participant.player.last_name in ranking.content.decode()
