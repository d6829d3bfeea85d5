"""Every name search finds a name as people type it (tournaments/text.py): the rankings'
"Meinen Namen finden", the registration desk, and the API's player and participant
searches. "muller" and "mueller" find Müller, "lukasz" Łukasz, "ivanov" Иванов."""

import pytest

from tests import factories as f
from tournaments.models import Player
from tournaments.services import participants

pytestmark = pytest.mark.django_db

API = "/api/v1/"
NAMES = f.hard_names("mueller", "wasik", "ivanov", "weiss")
QUERIES = [
    ("muller", "Jürgen Müller-Lüdenscheidt"),
    ("mueller", "Jürgen Müller-Lüdenscheidt"),
    ("Muller", "Jürgen Müller-Lüdenscheidt"),
    ("lukasz", "Łukasz Wąsik"),
    ("ivanov", "Дмитрий Иванов"),
    ("Иванов", "Дмитрий Иванов"),
    ("weiss", "Ingrid Weiß"),
]


@pytest.fixture
def evening():
    """Four players with these names at one table, their list played out."""
    tournament = f.make_tournament(rounds_per_series=1)
    players = [f.make_player(first_name=first, last_name=last) for first, last in NAMES]
    people = [participants.register(tournament, player) for player in players]
    f.play_out(f.make_table(f.make_series(tournament), people))
    return tournament


def found_row(content: str) -> str:
    return content.split('class="found" id="found"')[1].split("</tr>")[0]


@pytest.mark.parametrize(("query", "name"), QUERIES)
@pytest.mark.parametrize("ranking", ["rangliste/", "serie/1/rangliste/"])
def test_find_my_name_in_a_ranking_finds_it_as_typed(client, evening, ranking, query, name):
    content = client.get(f"/turniere/{evening.id}/{ranking}", {"name": query}).content.decode()

    assert name in found_row(content)
    assert content.count('class="found"') == 1


def test_find_my_name_finds_a_team_by_a_members_name_as_typed(client, evening):
    team = f.make_team(evening, name="Pik As")
    evening.participants.filter(player__last_name="Иванов").update(team=team)

    content = client.get(f"/turniere/{evening.id}/mannschaften/", {"name": "ivanov"}).content
    content = content.decode()

    assert "Pik As" in found_row(content)


def test_find_my_name_with_no_letters_finds_nobody(client, evening):
    content = client.get(f"/turniere/{evening.id}/rangliste/", {"name": "-"}).content.decode()

    assert 'class="found"' not in content
    assert "Niemand in dieser Rangliste passt zu „-“" in content


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_registration_desk_finds_a_player_as_typed(director_client, evening, query, name):
    response = director_client.get(f"/leitung/turniere/{evening.id}/teilnehmer/", {"q": query})

    assert [match.player.full_name for match in response.context["matches"]] == [name]


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_api_player_search_finds_a_player_as_typed(director_client, evening, query, name):
    response = director_client.get(f"{API}tournaments/{evening.id}/player-search/", {"q": query})

    assert [match["name"] for match in response.json()] == [name]


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_api_participant_search_finds_a_participant_as_typed(client, evening, query, name):
    response = client.get(f"{API}tournaments/{evening.id}/participants/", {"search": query})

    assert [row["name"] for row in response.json()["results"]] == [name]


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_api_player_list_search_finds_a_player_as_typed(client, evening, query, name):
    response = client.get(f"{API}players/", {"search": query})

    assert [f"{p['first_name']} {p['last_name']}" for p in response.json()["results"]] == [name]


def test_a_renamed_player_is_found_by_the_new_name(client, evening):
    player = Player.objects.get(last_name="Weiß")
    player.last_name = "Schröder"
    player.save(update_fields=["last_name"])

    response = client.get(f"{API}players/", {"search": "schroeder"})

    assert [p["last_name"] for p in response.json()["results"]] == ["Schröder"]
