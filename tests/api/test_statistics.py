"""``GET players/{id}/statistics/``: a player's numbers and history, public."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tests.api.conftest import API
from tests.openapi import api_schema
from tournaments.models import Player
from tournaments.services import participants

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def play_evenings(player, count, others):
    """``count`` evenings in 2026 at a 4-table; per evening ``player`` (seat 2) wins
    Karo mit 1 (68) and loses Kreuz mit 1 (−48 −50 = −98; others +30): −30, won 1, lost 1."""
    for day in range(1, count + 1):
        tournament = f.make_tournament(
            rounds_per_series=1, name=f"Abend {day}", date=datetime.date(2026, 1, day)
        )
        people = [participants.register(tournament, p) for p in [others[0], player, *others[1:]]]
        table = f.make_table(f.make_series(tournament), people)
        f.enter(table, declarer_seat=2, won=True, **KARO)
        f.enter(table, declarer_seat=3, won=True, **KARO)
        f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=False)


@pytest.fixture(scope="module")
def _player_id(module_db):
    club = f.make_club("K")
    player = f.make_player(club, last_name="P")
    play_evenings(player, 2, [f.make_player(club) for _ in range(3)])
    return player.pk


@pytest.fixture
def player(_player_id, db):
    """Player P of club K with two played evenings, built once for the module (module_db)."""
    return Player.objects.get(pk=_player_id)


def test_statistics_fields_and_numbers(client, player):
    response = client.get(f"{API}players/{player.id}/statistics/")

    assert response.status_code == 200
    body = response.json()
    # per evening: P 68 −98 = −30, seat 3 68 +30 = 98, seats 1 and 4 30 → P 4th of 4
    assert (body["name"], body["club"], body["year"]) == ("Karl P", "K", None)
    assert (body["tournaments"], body["series_played"], body["declared"]) == (2, 2, 4)
    assert (body["won"], body["lost"], body["win_rate"], body["average_per_series"]) == (
        2,
        2,
        0.5,
        -30.0,
    )
    assert (body["best_series"]["total"], body["best_series"]["number"]) == (-30, 1)
    assert [(h["name"], h["date"], h["rank"], h["total"]) for h in body["history"]] == [
        ("Abend 2", "2026-01-02", 4, -30),
        ("Abend 1", "2026-01-01", 4, -30),
    ]


@pytest.mark.parametrize(("year", "tournaments"), [("2026", 2), ("2025", 0), ("", 2)])
def test_statistics_of_a_year(client, player, year, tournaments):
    response = client.get(f"{API}players/{player.id}/statistics/?year={year}")

    assert response.status_code == 200
    assert response.json()["tournaments"] == tournaments


def test_statistics_without_games_have_null_rates(client):
    response = client.get(f"{API}players/{f.make_player().id}/statistics/")

    body = response.json()
    assert (body["win_rate"], body["average_per_series"], body["best_series"]) == (None, None, None)
    assert body["history"] == []


@pytest.mark.parametrize("year", ["abc", "1800", "2101", "1e3"])
def test_statistics_bad_year_gives_400_naming_it(client, player, year):
    response = client.get(f"{API}players/{player.id}/statistics/?year={year}")

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("year", "year_out_of_range")
    assert "1900" in error["message"] and "2100" in error["message"]


@pytest.mark.parametrize("player_id", ["{missing}", "99999999999999999999"])
def test_statistics_of_unknown_player_gives_404(client, player_id):
    missing = f.make_player().id + 1000

    response = client.get(f"{API}players/{player_id.format(missing=missing)}/statistics/")

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_statistics_take_the_same_queries_for_one_or_three_tournaments(client):
    counts = []
    for count in (1, 3):
        player = f.make_player(f.make_club())
        play_evenings(player, count, [f.make_player() for _ in range(3)])
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"{API}players/{player.id}/statistics/")
        assert response.json()["tournaments"] == count
        counts.append(len(queries))

    assert counts[0] == counts[1]


def test_statistics_endpoint_is_in_the_openapi_schema():
    paths = api_schema()["paths"]

    assert "/api/v1/players/{id}/statistics/" in paths
