"""A list kept on paper and entered as a summary counts all the games of its rounds, the
same on every page and in the API: a complete series is "8 von 8", not "4 von 8"."""

import pytest

from tests import factories as f
from tests.api.conftest import API
from tournaments.services.lists.overview import table_overview
from tournaments.services.lists.summary import save_summary

pytestmark = pytest.mark.django_db

SUMS = [
    {"seat": 1, "game_points": 120, "won": 2, "lost": 0},
    {"seat": 2, "game_points": -60, "won": 0, "lost": 1},
    {"seat": 3, "game_points": 48, "won": 1, "lost": 0},
    {"seat": 4, "game_points": 0, "won": 0, "lost": 0},
]


def _series_with_a_paper_list_and_a_played_list():
    tournament = f.make_tournament(rounds_per_series=1)
    series = f.make_series(tournament)
    people = f.make_participants(tournament, 8)
    paper = f.make_table(series, people[:4])
    save_summary(paper, SUMS)
    f.play_out(f.make_table(series, people[4:]))
    return tournament, paper


def test_a_summary_counts_every_game_of_its_rounds():
    _tournament, paper = _series_with_a_paper_list_and_a_played_list()
    paper.refresh_from_db()

    overview = table_overview(paper)

    assert (overview["games_entered"], overview["games_planned"]) == (4, 4)


def test_dashboard_table_page_and_api_agree_on_a_paper_list(director_client):
    tournament, paper = _series_with_a_paper_list_and_a_played_list()

    dashboard = f.page_text(director_client.get(f"/leitung/turniere/{tournament.id}/"))
    table_page = f.page_text(director_client.get(f"/leitung/tische/{paper.id}/"))
    api = director_client.get(f"{API}tables/{paper.id}/").json()

    assert "8 von 8 Spielen eingetragen" in dashboard
    assert "4 von 4 Spielen eingetragen" in table_page
    assert (api["games_entered"], api["games_planned"]) == (4, 4)
