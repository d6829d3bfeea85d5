"""The ranking in projector mode: every rank, in pages, no menu, with its update time."""

import re

import pytest
from django.utils import timezone

from tests import factories as f
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def seated_tournament(players):
    """A tournament whose ``players`` (3 or a multiple of 4) sit at the tables of series 1."""
    tournament = f.make_tournament()
    people = f.make_many_participants(tournament, players)
    series = f.make_series(tournament)
    size = 3 if players == 3 else 4
    for number, start in enumerate(range(0, players, size), start=1):
        f.make_table(series, people[start : start + size], number=number)
    return tournament


def projector(client, tournament, query=""):
    return client.get(f"/turniere/{tournament.pk}/leinwand/{query}")


@pytest.mark.parametrize("players", [3, 28])
def test_projector_shows_every_rank_in_pages_in_constant_queries(
    client, players, django_assert_max_num_queries
):
    tournament = seated_tournament(players)

    with django_assert_max_num_queries(6):
        response = projector(client, tournament, "?zeilen=12")

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('data-testid="projector-page"') == -(-players // 12)
    assert html.count('<th scope="row">') == players
    assert 'aria-label="Hauptnavigation"' not in html
    assert "projector.css" in html and "projector.js" in html
    assert re.search(r"Aktualisiert: \d\d:\d\d", html)  # "Stand" is the running total


def test_projector_without_javascript_refreshes_to_the_next_page_and_back_to_the_first(client):
    tournament = seated_tournament(28)

    second = projector(client, tournament, "?seite=2&zeilen=12&sekunden=20").content.decode()
    last = projector(client, tournament, "?seite=3&zeilen=12&sekunden=20").content.decode()

    assert 'content="20; url=?seite=3&amp;zeilen=12&amp;sekunden=20"' in second
    assert 'content="20; url=?seite=1&amp;zeilen=12&amp;sekunden=20"' in last
    shown = re.findall(r'data-page="(\d)" data-testid="projector-page">', last)
    assert shown == ["3"]


@pytest.mark.parametrize("query", ["?seite=x&zeilen=-3&sekunden=abc", "?seite=99&zeilen=9999"])
def test_projector_takes_odd_parameters_within_limits(client, query):
    tournament = seated_tournament(3)

    response = projector(client, tournament, query)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('data-testid="projector-page"') == 1
    assert html.count('<th scope="row">') == 3


def test_projector_says_final_standings_once_the_tournament_is_finished(client):
    tournament = seated_tournament(4)
    running = projector(client, tournament).content.decode()
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )

    finished = projector(client, tournament).content.decode()

    assert "Turnierrangliste</h1>" in running and "Endstand" not in running
    assert "Endstand</h1>" in finished and "Turnierrangliste" not in finished
    assert "<title>Endstand – " in finished
