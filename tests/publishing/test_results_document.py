"""The results document skat-results/1 (docs/results-format.md): every list game by game
with the stored values and list points, seats and seat changes, paper summaries,
signatures and seals, the core's rankings; the API serves it to directors and, once
published, to everyone. Each document is checked against the schema (conftest.py)."""

import json

import pytest
from django.core.cache import cache

from publishing.services import results_document as builder
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tournaments.models import Game, GamePoints, Table
from tournaments.services import money, ranking, team_ranking
from tournaments.services.lists import summary

pytestmark = pytest.mark.django_db


def test_a_signed_list_is_in_the_document_game_by_game_with_its_stored_values():
    table = f.sign_all(with_club(f.make_complete_table(players=4, rounds_per_series=1)))
    tournament = table.series.tournament

    document = builder.results_document(tournament)

    [series] = document["series"]
    [listed] = series["tables"]
    stored = list(Game.objects.filter(table=table).order_by("number"))
    assert [game["number"] for game in listed["games"]] == [1, 2, 3, 4]
    assert [game["value"] for game in listed["games"]] == [g.game_value for g in stored]
    assert [game["score"] for game in listed["games"]] == [g.score for g in stored]
    assert [game["dealer"] for game in listed["games"]] == [g.dealer_seat for g in stored]
    assert [game["declarer"] for game in listed["games"]] == [g.declarer_seat for g in stored]
    first_points = {
        str(seat): points
        for seat, points in GamePoints.objects.filter(game=stored[0]).values_list("seat", "points")
    }
    assert listed["games"][0]["points"] == first_points
    assert listed["status"] == "signed"
    assert [(s["seat"], s["how"]) for s in listed["signatures"]] == [
        (1, "pin"),
        (2, "pin"),
        (3, "pin"),
        (4, "pin"),
    ]
    assert listed["seal"]["algorithm"] == "ed25519"
    assert listed["summary"] is None
    assert document["format"] == "skat-results/1"
    assert document["provisional"] is True


def test_a_seat_change_is_listed_as_two_seats_from_and_until_their_games():
    table, newcomer = f.make_replaced_table()

    document = builder.results_document(table.series.tournament)

    seats = document["series"][0]["tables"][0]["seats"]
    assert [(s["seat"], s["from_game"], s["until_game"]) for s in seats] == [
        (1, 1, None),
        (2, 1, 4),
        (2, 5, None),
        (3, 1, None),
        (4, 1, None),
    ]
    assert seats[2]["player"] == f"p{newcomer.start_number}"


def test_a_paper_list_carries_its_summary():
    table = f.make_seated_table(players=3, rounds_per_series=1)
    rows = [
        {"seat": 1, "game_points": 120, "won": 2, "lost": 0},
        {"seat": 2, "game_points": -48, "won": 0, "lost": 1},
        {"seat": 3, "game_points": 0, "won": 0, "lost": 0},
    ]
    summary.save_summary(table, rows)

    listed = builder.results_document(table.series.tournament)["series"][0]["tables"][0]

    assert [(r["seat"], r["game_points"], r["won"], r["lost"]) for r in listed["summary"]] == [
        (1, 120, 2, 0),
        (2, -48, 0, 1),
        (3, 0, 0, 0),
    ]
    assert listed["games"] == []
    assert listed["seal"] is None


def test_rankings_are_the_cores_rankings_by_player_reference():
    tournament = f.make_played_tournament(players=8, series=2)
    team = f.make_team(tournament, name="Kreuz Buben")
    participants = list(tournament.participants.order_by("start_number"))
    for participant in participants[:2]:
        participant.team = team
        participant.save()

    rankings = builder.results_document(tournament)["rankings"]

    expected = sorted(ranking.rank_tournament(tournament), key=lambda r: (r.rank, r.start_number))
    assert [(r["place"], r["player"], r["total"]) for r in rankings["tournament"]] == [
        (row.rank, f"p{row.start_number}", row.total) for row in expected
    ]
    second = tournament.series.get(number=2)
    assert sorted((r["player"], r["total"]) for r in rankings["series"]["2"]) == sorted(
        (f"p{row.start_number}", row.total) for row in ranking.rank_series(second)
    )
    [team_row] = team_ranking.rank_teams(tournament)
    assert rankings["teams"] == [
        {
            "place": 1,
            "name": "Kreuz Buben",
            "club": None,
            "total": team_row.total,
            "won": team_row.won,
            "lost": team_row.lost,
            "game_points": team_row.game_points,
            "bonus_won_lost": team_row.bonus_won_lost,
            "bonus_opponents_lost": team_row.bonus_opponents_lost,
            "members": [f"p{p.start_number}" for p in participants[:2]],
        }
    ]


def test_money_pins_codes_tokens_and_logins_never_appear(director_user):
    from rest_framework.authtoken.models import Token

    from tournaments.services import table_access

    table = with_club(f.make_complete_table(players=4, rounds_per_series=1))
    tournament = table.series.tournament
    money.set_tariff(
        tournament,
        {"entry_fee": "17.35", "lost_game_fee": "0.85", "passed_game_fee": "0.15"},
    )
    code = table_access.ensure_code(table)
    pins = [seat.participant.pin for seat in table.seats.select_related("participant")]
    token = Token.objects.create(user=director_user).key
    f.sign_all(table)

    text = json.dumps(builder.results_document(tournament))

    for secret in [code, token, director_user.username, "17.35", "0.85", *pins]:
        assert secret not in text
    for word in ('pin"', "code", "token", "fee", "amount", "paid", "image", "username"):
        assert word not in text.replace('"how": "pin"', "")


def test_the_api_serves_the_document_to_a_director_and_refuses_others_until_finished(
    client, director_client, admin_user
):
    table = f.make_complete_table(players=4, rounds_per_series=1)
    tournament = table.series.tournament
    address = f"/api/v1/tournaments/{tournament.pk}/results.json"

    for_director = director_client.get(address)
    director_client.logout()
    before = client.get(address)
    finish(tournament, admin_user)
    after = client.get(address)

    assert for_director.status_code == 200
    assert for_director.json()["tournament"]["name"] == tournament.name
    assert before.status_code == 403
    assert "veröffentlicht" in before.json()["detail"]
    assert after.status_code == 200
    assert after.json()["provisional"] is False
    assert after.json()["tournament"]["status"] == "finished"


def test_the_schema_is_served_as_docs_keeps_it(client, settings):
    response = client.get("/api/v1/schemas/skat-results-1.json")

    on_disk = json.loads((settings.BASE_DIR / "docs" / "skat-results-1.schema.json").read_text())
    assert response.status_code == 200
    assert json.loads(response.content) == on_disk
    assert on_disk["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_a_document_breaking_the_schema_is_found_naming_the_field():
    from publishing.services.schema import schema_problems

    document = builder.results_document(f.sign_all(f.make_complete_table()).series.tournament)
    document["series"][0]["tables"][0]["games"][1]["value"] = "zwölf"

    assert [path for path, _message in schema_problems(document)] == [
        "series/0/tables/0/games/1/value"
    ]


@pytest.mark.parametrize("tables", [1, 3])
def test_the_document_takes_a_bounded_number_of_queries(
    tables, django_assert_max_num_queries, fresh_cache
):
    tournament = with_club(f.make_played_tournament(players=4 * tables, series=2))
    for table in Table.objects.filter(series__tournament=tournament):
        f.sign_all(table)
    builder.results_document(tournament)  # the club's key is made once, on first use
    cache.clear()

    with django_assert_max_num_queries(24):
        document = builder.results_document(tournament)

    assert len(document["series"][1]["tables"]) == tables


@pytest.mark.parametrize(
    ("publication", "name", "club"),
    [
        ("full", "Erika Mustermann", "Skatfreunde Nord"),
        ("short", "Erika M.", "Skatfreunde Nord"),
        ("none", "Teilnehmer 1", None),
    ],
)
def test_players_are_named_as_their_consent_allows(publication, name, club):
    from tournaments.models import Player

    tournament = f.make_tournament()
    player = Player.objects.create(
        first_name="Erika",
        last_name="Mustermann",
        club=f.make_club("Skatfreunde Nord"),
        publication=publication,
    )
    from tournaments.services import participants

    participants.register(tournament, player)

    [listed] = builder.results_document(tournament)["players"]

    assert (listed["name"], listed["club"], listed["publication"]) == (name, club, publication)
    assert listed["ref"] == "p1"
