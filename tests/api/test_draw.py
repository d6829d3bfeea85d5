"""The table draw over HTTP (docs/api.md 3.3): answer shape, reproducibility and refusals."""

import pytest

from tests import factories as f
from tests.api.conftest import API, first_error, send
from tests.openapi import api_schema
from tournaments.models import Series, Table
from tournaments.services import participants
from tournaments.services.draw import SEED_LIMIT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def series_with(count, **tournament_fields):
    tournament = f.make_tournament(**tournament_fields)
    f.make_many_participants(tournament, count)
    return f.make_series(tournament)


def draw(client, series, body):
    return send(client, "post", f"series/{series.id}/draw/", body)


def tables(response):
    return [table["seats"] for table in response.json()["tables"]]


def test_draw_answers_seed_options_tables_and_conflicts(director_client):
    series = series_with(11)

    response = draw(director_client, series, {"mode": "random", "seed": 42})

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["seed"], body["mode"], body["series"]) == (42, "random", series.id)
    assert (body["prefer_three"], body["separate_clubs"], body["conflicts"]) == (False, False, [])
    assert [len(seats) for seats in tables(response)] == [4, 4, 3]
    assert [table["number"] for table in body["tables"]] == [1, 2, 3]
    ids = set(Table.objects.filter(series=series).values_list("id", flat=True))
    assert {table["id"] for table in body["tables"]} == ids
    assert sorted(p for seats in tables(response) for p in seats) == sorted(
        series.tournament.participants.values_list("id", flat=True)
    )


def test_draw_with_the_same_seed_twice_gives_the_same_tables_after_a_redraw(director_client):
    series = series_with(23)
    options = {"mode": "random", "seed": 4711, "prefer_three": True, "separate_clubs": True}

    first = draw(director_client, series, options)
    other = draw(director_client, series, {**options, "seed": 4712})
    again = draw(director_client, series, options)

    assert (first.status_code, other.status_code, again.status_code) == (201, 201, 201)
    assert tables(again) == tables(first)
    assert tables(other) != tables(first)


def test_draw_without_a_seed_returns_the_one_it_chose(director_client):
    series = series_with(8)

    response = draw(director_client, series, {})

    seed = response.json()["seed"]
    assert isinstance(seed, int) and 0 <= seed < SEED_LIMIT
    assert Series.objects.get(pk=series.pk).draw_seed == seed
    assert tables(draw(director_client, series, {"seed": seed})) == tables(response)


def test_draw_can_be_read_back_the_same_way(director_client, client):
    tournament = f.make_tournament()
    team = participants.create_team(tournament, "Kreuz Asse")
    f.make_many_participants(tournament, 4, team=team)
    f.make_many_participants(tournament, 2, club=f.make_club())
    series = f.make_series(tournament)
    made = draw(director_client, series, {"seed": 5, "mode": "seeded"})

    read = client.get(API + f"series/{series.id}/draw/")

    assert read.status_code == 200
    assert read.json() == made.json()
    assert {c["kind"] for c in made.json()["conflicts"]} == {"same_team"}


def test_draw_conflicts_name_the_players(director_client):
    tournament = f.make_tournament()
    team = participants.create_team(tournament, "Herz Buben")
    mates = f.make_many_participants(tournament, 4, team=team)
    f.make_many_participants(tournament, 2)
    series = f.make_series(tournament)

    response = send(director_client, "post", f"series/{series.id}/draw/", {"seed": 1})

    conflict = response.json()["conflicts"][0]
    names = {p.id: p.player.full_name for p in mates}
    assert conflict["kind"] == "same_team"
    assert set(conflict["players"]) <= set(names)
    assert all(names[p] in conflict["message"] for p in conflict["players"])
    assert "Herz Buben" in conflict["message"]
    assert conflict["table"] in (1, 2)


@pytest.mark.parametrize(
    ("count", "code"), [(0, "too_few_players"), (2, "too_few_players"), (5, "five_players")]
)
def test_draw_refuses_player_counts_that_cannot_be_seated(director_client, count, code):
    series = series_with(count)

    response = draw(director_client, series, {"seed": 1})

    assert first_error(response) == (400, "participants", code)
    assert str(count) in response.json()["errors"][0]["message"]


def test_draw_is_refused_with_409_once_the_first_game_is_entered(director_client):
    series = series_with(8)
    first = draw(director_client, series, {"seed": 1})
    f.enter(Table.objects.get(pk=first.json()["tables"][0]["id"]), passed=True)

    response = draw(director_client, series, {"seed": 2})

    assert first_error(response) == (409, "series", "series_started")
    assert "lose" in response.json()["detail"]
    assert send(director_client, "get", f"series/{series.id}/draw/").json() == first.json()


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"mode": "alphabetisch"}, "mode", "invalid_mode"),
        ({"mode": None}, "mode", "invalid_mode"),
        ({"seed": "42"}, "seed", "invalid_seed"),
        ({"seed": -5}, "seed", "invalid_seed"),
        ({"seed": 2**53}, "seed", "invalid_seed"),
        ({"seed": 1.5}, "seed", "invalid_seed"),
        ({"prefer_three": "ja"}, "prefer_three", "not_a_boolean"),
        ({"separate_clubs": None}, "separate_clubs", "not_a_boolean"),
        ([], "body", "not_an_object"),
        ("random", "body", "not_an_object"),
    ],
)
def test_draw_refuses_bad_input(director_client, body, field, code):
    series = series_with(4)

    response = draw(director_client, series, body)

    assert first_error(response) == (400, field, code)
    assert not Table.objects.filter(series=series).exists()


def test_draw_refusing_a_mode_names_the_allowed_values(director_client):
    response = draw(director_client, series_with(4), {"mode": "x"})

    message = response.json()["errors"][0]["message"]
    assert "random" in message and "seeded" in message


def test_draw_needs_a_director_but_reading_it_does_not(client, director_client):
    series = series_with(4)
    draw(director_client, series, {"seed": 1})
    client.logout()

    post = draw(client, series, {"seed": 2})
    get = client.get(API + f"series/{series.id}/draw/")

    assert post.status_code == 403
    assert get.status_code == 200 and get.json()["seed"] == 1


def test_draw_of_a_series_not_drawn_yet_is_not_found(client):
    series = series_with(4)

    response = client.get(API + f"series/{series.id}/draw/")

    assert first_error(response) == (404, "series", "not_drawn")


def test_draw_endpoint_is_in_the_openapi_schema():
    paths = api_schema()["paths"]

    assert {"get", "post"} <= set(paths["/api/v1/series/{id}/draw/"])
