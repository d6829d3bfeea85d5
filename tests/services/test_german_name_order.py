"""Players who share a place, and lists of names, follow the German alphabet."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests import factories as f
from tournaments.exports.pdf_plan import table_plan_pdf
from tournaments.models import Player
from tournaments.services import participants, ranking, season_ranking
from tournaments.services.participants.search import search_players

pytestmark = pytest.mark.django_db

REGISTERED = ["Zander", "Özdemir", "Peters", "Ahrens"]  # start numbers 1 to 4
GERMAN_ORDER = ["Ahrens", "Özdemir", "Peters", "Zander"]


def seated_tournament(**fields):
    tournament = f.make_tournament(rounds_per_series=1, **fields)
    people = [
        participants.register(tournament, f.make_player(last_name=name)) for name in REGISTERED
    ]
    f.make_table(f.make_series(tournament), people)
    return tournament


def last_names(rows):
    return [row.name.split()[-1] for row in rows]


def test_players_sharing_a_place_are_listed_in_german_order():
    tournament = seated_tournament()

    series_rows = ranking.rank_series(tournament.series.get())
    tournament_rows = ranking.rank_tournament(tournament)

    assert {row.rank for row in series_rows} == {1}
    assert last_names(series_rows) == GERMAN_ORDER
    assert last_names(tournament_rows) == GERMAN_ORDER


def test_season_ranking_ties_follow_german_order():
    club = f.make_club()
    tournament = seated_tournament(club=club)

    rows = season_ranking.rank_season(club, tournament.date.year, min_series=0)

    assert last_names(rows) == GERMAN_ORDER


def test_player_search_lists_equally_relevant_names_in_german_order():
    tournament = f.make_tournament()
    for name in ["Zander", "Özdemir", "Peters"]:
        f.make_player(first_name="Ute", last_name=name)

    found = search_players(tournament, "Ute")

    assert [match.player.last_name for match in found] == ["Özdemir", "Peters", "Zander"]


def test_players_are_stored_with_their_german_sort_name():
    names = ["Zander", "Özdemir", "Peters", "Ahrens"]
    for name in names:
        f.make_player(last_name=name)

    assert list(Player.objects.values_list("last_name", flat=True)) == GERMAN_ORDER


def test_table_finder_and_plan_list_players_in_german_order(client):
    tournament = seated_tournament()
    series = tournament.series.get()
    url = reverse("web:table-plan", args=[tournament.pk, series.number])

    html = client.get(url).content.decode()
    out = io.BytesIO()
    table_plan_pdf(series, out)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(out.getvalue())).pages)

    for document in (html, text):
        positions = [document.rindex(name) for name in GERMAN_ORDER]
        assert positions == sorted(positions)
