"""The club's season ranking (Jahreswertung) as a page, public and for the director, with
its PDF and XLSX: no trip to the API."""

import pytest

from tests import factories as f
from tournaments.models import Player
from tournaments.services import season_ranking
from tournaments.templatetags.numbers import points

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    club = f.make_club("Herz A")
    tournament = f.make_played_tournament(players=4, club=club, series=2)
    people = list(tournament.participants.select_related("player").order_by("start_number"))
    Player.objects.filter(pk=people[0].player_id).update(
        first_name="Erika", last_name="Kurzmann", publication="short"
    )
    Player.objects.filter(pk=people[1].player_id).update(
        first_name="Otto", last_name="Verborgen", publication="none"
    )
    Player.objects.filter(pk=people[2].player_id).update(first_name="Anna", last_name="Vollmer")
    return club


def _url(club, query="?year=2026"):
    return f"/vereine/{club.pk}/jahreswertung/{query}"


def test_the_public_page_ranks_the_year_naming_each_player_as_they_consented(client, season):
    rows = season_ranking.named_publicly(season_ranking.rank_season(season, 2026))

    response = client.get(_url(season))

    page = response.content.decode()
    assert response.status_code == 200
    assert "Jahreswertung 2026" in page and "Herz A" in page
    assert "Erika K." in page and "Kurzmann" not in page
    assert "Verborgen" not in page and "Otto" not in page
    assert "Anna Vollmer" in page
    for row in rows:  # every published row with its rank and total
        assert f'data-testid="season-row-{row.player}"' in page
        cells = page.split(f'data-testid="season-row-{row.player}"')[1].split("</tr>")[0]
        assert f">{row.rank}.<" in cells and f'class="num total">{points(row.total)}<' in cells


def test_the_director_sees_full_names_and_finds_the_page_on_the_club_page(client, season):
    director = f.make_staff_user("leitung_a")
    season.directors.add(director)
    client.force_login(director)

    club_page = client.get(f"/leitung/vereine/{season.pk}/").content.decode()
    page = client.get(_url(season)).content.decode()

    assert f'href="/vereine/{season.pk}/jahreswertung/"' in club_page
    assert "Erika Kurzmann" in page and "Otto Verborgen" in page


def test_the_page_links_its_pdf_and_xlsx_for_the_same_year(client, season):
    page = client.get(_url(season)).content.decode()

    pdf = f"/api/v1/clubs/{season.pk}/season-ranking.pdf?year=2026"
    xlsx = f"/api/v1/clubs/{season.pk}/season-ranking.xlsx?year=2026"
    assert f'href="{pdf}"' in page and f'href="{xlsx}"' in page
    assert client.get(pdf).content[:5] == b"%PDF-"
    assert client.get(xlsx).content[:2] == b"PK"


def test_a_year_without_series_says_so(client, season):
    page = client.get(_url(season, "?year=2025")).content.decode()

    assert "Jahreswertung 2025" in page
    assert "Keine Serien in diesem Jahr." in page


@pytest.mark.parametrize("year", ["x", "1e3", "٢٠٢٦", "1800"])
def test_a_bad_year_is_a_german_message_not_a_500(client, season, year):
    response = client.get(_url(season, f"?year={year}"))

    assert response.status_code == 400
    assert "Das Jahr muss eine ganze Zahl von 1900 bis 2100 sein." in response.content.decode()


def test_an_unknown_club_is_404(client):
    assert client.get("/vereine/999999/jahreswertung/").status_code == 404


def test_the_public_tournament_page_links_its_club_s_season_ranking(client, season):
    tournament = season.tournaments.get()

    page = client.get(f"/turniere/{tournament.pk}/").content.decode()

    assert f'href="/vereine/{season.pk}/jahreswertung/?year=2026"' in page
