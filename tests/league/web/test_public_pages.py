"""The league's public pages: the table with its marks and match days, the individual
ranking, a team's page, the projector and a report's verification page."""

import pytest

from league.models import MatchReport
from league.services import results
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _text(response):
    return response.content.decode()


def test_the_table_page_shows_every_team_with_its_points_and_marks(client):
    group, teams = make_season(match_days=2)
    table = results.group_table(group)

    page = _text(client.get(f"/liga/staffel/{group.pk}/"))

    assert page.count('data-testid="table-row"') == 4
    for row in table.rows:
        assert row.name in page
        won, lost = row.team_points, 6 - row.team_points  # 2 days × 3 points at stake
        pair = f"{int(won):02d}{',5' if won % 1 else ''}:{int(lost):02d}{',5' if lost % 1 else ''}"
        assert f'<td class="num total">{pair}</td>' in page
    assert "mark-promotion" in page and "mark-relegation" in page
    assert "Aufstieg" in page and "Abstieg" in page
    assert "2. Spieltag" in page or "Spieltag 2" in page


def test_unpublished_match_days_stay_off_the_public_table_but_the_leader_sees_them(client):
    group, _teams = make_season(publish=False)

    public = _text(client.get(f"/liga/staffel/{group.pk}/"))
    client.force_login(group.leaders.get())
    leader = _text(client.get(f"/liga/staffel/{group.pk}/"))

    assert "Noch kein Spieltag veröffentlicht" in public
    assert "unpublished-note" not in public
    assert 'data-testid="unpublished-note"' in leader
    assert "Nach 1 Spieltag" in leader


@pytest.mark.parametrize("venues", [1, 3])
def test_the_table_page_takes_the_same_queries_whatever_the_size(
    client, django_assert_num_queries, venues
):
    group, _teams = make_season(venues=venues)

    # The group, its published venues, its teams; the last match day, its published
    # venues, its players' list points and their names (the best players of the day).
    with django_assert_num_queries(7):
        response = client.get(f"/liga/staffel/{group.pk}/")

    assert _text(response).count('data-testid="table-row"') == 4 * venues


def test_the_player_ranking_lists_players_below_the_minimum_apart(client):
    group, _teams = make_season(min_games=6)

    page = _text(client.get(f"/liga/staffel/{group.pk}/einzelwertung/"))

    assert 'data-testid="player-ranking"' not in page
    assert 'data-testid="player-ranking-below"' in page
    assert "Unter der Mindestzahl an Spielen" in page


def test_a_team_page_shows_the_roster_results_and_averages(client):
    group, teams = make_season()
    team = teams[0]
    captain = team.captain

    page = _text(client.get(f"/liga/mannschaft/{team.pk}/"))

    assert captain.full_name in page and "Mannschaftsführer" in page
    assert 'data-testid="team-results"' in page and "Serie 1" in page
    assert page.count('data-testid="player-row"') == 4
    assert page.count("/list.pdf") == 4  # a player at each of the venue's four tables


def test_the_projector_shows_the_table_in_pages(client):
    group, _teams = make_season(venues=2)

    page = _text(client.get(f"/liga/staffel/{group.pk}/leinwand/?zeilen=4"))

    assert page.count("data-page=") == 2
    assert 'data-testid="projector"' in page


def test_a_report_s_seal_is_checked_on_its_page(client):
    group, _teams = make_season()
    report = MatchReport.objects.get(venue__match_day__group=group)

    valid = _text(client.get(f"/liga/spielbericht/pruefen/{report.seal}/"))
    unknown = client.get(f"/liga/spielbericht/pruefen/{'a' * 64}/")
    malformed = client.get("/liga/spielbericht/pruefen/kein-siegel/")

    assert "Der Spielbericht ist echt" in valid
    assert unknown.status_code == 200 and "Kein Spielbericht" in _text(unknown)
    assert malformed.status_code == 400


def test_the_league_index_lists_seasons_leagues_and_groups(client):
    group, _teams = make_season()

    page = _text(client.get("/liga/"))

    assert group.name in page and group.league.name in page
