"""Team and season rankings over HTTP (docs/api.md 3.3): fields, defaults, refusals, queries."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests import factories as f
from tests.api.conftest import API
from tests.openapi import api_schema
from tournaments.services import participants

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def teams_of(tournament, count):
    """``count`` teams of 4 at one table each; seat 2 wins Karo mit 1 (68), seat 3 loses
    one (−86, seats 1, 2, 4 +30): members 30, 98, −86, 30 = 72, won 1, lost 1."""
    series = f.make_series(tournament)
    for number in range(count):
        members = f.make_team_members(f.make_team(tournament, f"Team {number + 1}"), 4)
        table = f.make_table(series, members)
        f.enter(table, declarer_seat=2, won=True, **KARO)
        f.enter(table, declarer_seat=3, won=False, **KARO)


def test_team_ranking_rows_have_the_api_fields(client):
    tournament = f.make_tournament(rounds_per_series=1)
    teams_of(tournament, 1)

    response = client.get(f"{API}tournaments/{tournament.id}/teams/ranking/")

    assert response.status_code == 200
    (row,) = response.json()
    assert {"rank", "team", "name", "total", "won", "lost", "members"} <= set(row)
    assert (row["rank"], row["name"], row["total"], row["won"], row["lost"]) == (
        1,
        "Team 1",
        72,
        1,
        1,
    )
    assert [m["total"] for m in row["members"]] == [98, 30, 30, -86]
    assert {"participant", "name", "total"} <= set(row["members"][0])


@pytest.mark.parametrize(
    "path",
    [
        "tournaments/{missing}/teams/ranking/",
        "tournaments/99999999999999999999/teams/ranking/",
        "clubs/{missing}/season-ranking/",
        "clubs/99999999999999999999/season-ranking/",
    ],
)
def test_unknown_tournament_or_club_gives_404_in_the_error_format(client, path):
    missing = f.make_club().id + 1000

    response = client.get(API + path.format(missing=missing))

    assert response.status_code == 404
    body = response.json()
    assert body["errors"][0]["code"] == "not_found"
    assert body["detail"]


@pytest.mark.parametrize("path", ["tournaments/{id}/teams/ranking/", "clubs/{id}/season-ranking/"])
def test_rankings_cannot_be_written(client, path):
    tournament = f.make_tournament(club=f.make_club())
    ids = {"tournaments": tournament.id, "clubs": tournament.club_id}
    url = API + path.format(id=ids[path.split("/")[0]])

    response = client.post(url, {}, content_type="application/json")

    assert response.status_code in (403, 405)
    assert "errors" in response.json()


@pytest.fixture
def club_year(db):
    """Club K: a tournament this year (P wins Karo mit 1: 68; Q, R 0) and one last year
    (P loses Karo mit 1 at a 3-table: −86; Q, R +40)."""
    club = f.make_club("K")
    people = [f.make_player(club, last_name=name) for name in "PQR"]
    this_year = timezone.localdate().year
    for year, won in ((this_year, True), (this_year - 1, False)):
        tournament = f.make_tournament(
            rounds_per_series=1, club=club, date=datetime.date(year, 1, 15)
        )
        seats = [participants.register(tournament, p) for p in people]
        f.enter(f.make_table(f.make_series(tournament), seats), declarer_seat=1, won=won, **KARO)
    return club


def season(client, club, query=""):
    response = client.get(f"{API}clubs/{club.id}/season-ranking/{query}")
    assert response.status_code == 200, response.content
    return [(row["rank"], row["name"].split()[-1], row["total"]) for row in response.json()]


def test_season_ranking_defaults_to_the_current_year(client, club_year):
    assert season(client, club_year) == [(1, "P", 68), (2, "Q", 0), (2, "R", 0)]


def test_season_ranking_of_a_given_year(client, club_year):
    last_year = timezone.localdate().year - 1

    assert season(client, club_year, f"?year={last_year}") == [
        (1, "Q", 40),
        (1, "R", 40),
        (3, "P", -86),
    ]


def test_season_ranking_rows_have_the_api_fields(client, club_year):
    response = client.get(f"{API}clubs/{club_year.id}/season-ranking/?best=&min_series=")

    row = response.json()[0]
    assert {"rank", "player", "name", "club", "total", "won", "lost", "series_played"} <= set(row)
    assert (row["club"], row["series_played"], row["series_counted"]) == ("K", 1, 1)


def test_season_ranking_minimum_series_from_the_query(client, club_year):
    assert season(client, club_year, "?min_series=2") == []


@pytest.mark.parametrize(
    ("query", "field", "limits"),
    [
        ("?year=abc", "year", ("1900", "2100")),
        ("?year=1800", "year", ("1900", "2100")),
        ("?year=99999999999999999999", "year", ("1900", "2100")),
        ("?best=0", "best", ("1", "1000")),
        ("?best=2.5", "best", ("1", "1000")),
        ("?min_series=-1", "min_series", ("0", "1000")),
        ("?min_series=x", "min_series", ("0", "1000")),
    ],
)
def test_season_ranking_bad_parameter_gives_400_naming_it(client, query, field, limits):
    club = f.make_club()

    response = client.get(f"{API}clubs/{club.id}/season-ranking/{query}")

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == field
    assert error["code"] == f"{field}_out_of_range"
    assert all(limit in error["message"] for limit in limits)


def test_season_ranking_reports_every_bad_parameter_at_once(client):
    club = f.make_club()

    response = client.get(f"{API}clubs/{club.id}/season-ranking/?year=0&best=0&min_series=-5")

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["year", "best", "min_series"]


def queries_of(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize("kind", ["teams", "season"])
def test_reading_takes_the_same_queries_for_one_or_three(client, kind):
    counts = []
    for count in (1, 3):
        club = f.make_club()
        if kind == "teams":
            tournament = f.make_tournament(rounds_per_series=1, club=club)
            teams_of(tournament, count)
            url = f"{API}tournaments/{tournament.id}/teams/ranking/"
        else:
            for day in range(1, count + 1):
                tournament = f.make_tournament(
                    rounds_per_series=1, club=club, date=datetime.date(2026, 2, day)
                )
                teams_of(tournament, 1)
            url = f"{API}clubs/{club.id}/season-ranking/?year=2026"
        counts.append(queries_of(client, url))

    assert counts[0] == counts[1]


def test_endpoints_are_in_the_openapi_schema():
    paths = api_schema()["paths"]

    assert "/api/v1/tournaments/{id}/teams/ranking/" in paths
    season_parameters = {
        p["name"] for p in paths["/api/v1/clubs/{id}/season-ranking/"]["get"]["parameters"]
    }
    assert {"year", "best", "min_series"} <= season_parameters
