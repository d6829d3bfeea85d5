"""Season roll-over (API.md §7.1 ``POST seasons/{id}/next/``): the next season with the
same leagues and groups, the teams moved by the promotion/relegation marks each group's
leader confirmed on the leader's page."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from league.models import League, LeagueGroup, LeagueTeam, Season
from league.services import reports
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)

pytestmark = pytest.mark.django_db
API = "/api/v1/"


def _played_group(league, name, promotion, relegation):
    group = make_group(league, promotion=promotion, relegation=relegation)
    LeagueGroup.objects.filter(pk=group.pk).update(name=name)
    group.refresh_from_db()
    leader = get_user_model().objects.create_user(f"leiter-{name}")
    group.leaders.add(leader)
    teams = [make_league_team(group, name=f"{name} {n}") for n in range(1, 5)]
    venue = make_match_day(group, [teams]).venues.get()
    play_venue(venue)
    publish_report(reports.submit_report(venue), leader)
    return group, leader


@pytest.fixture
def season_of_two_leagues():
    season = Season.objects.create(name="2027")
    upper = make_league(season=season, series=1, rounds=1)
    lower = make_league(season=season, series=1, rounds=1)
    League.objects.filter(pk=upper.pk).update(name="Oberliga", level=1)
    League.objects.filter(pk=lower.pk).update(name="Landesliga", level=2)
    upper_group, upper_leader = _played_group(upper, "Nord", promotion=0, relegation=1)
    lower_group, lower_leader = _played_group(lower, "Süd", promotion=1, relegation=0)
    return season, (upper_group, upper_leader), (lower_group, lower_leader)


def _table_team(group, mark):
    from league.services import results

    rows = results.group_table(group, published_only=True).rows
    return LeagueTeam.objects.get(pk=next(row.team for row in rows if row.mark == mark))


def test_the_next_season_moves_the_teams_by_the_confirmed_marks(client, season_of_two_leagues):
    season, (upper, upper_leader), (lower, lower_leader) = season_of_two_leagues
    relegated, promoted = _table_team(upper, "relegation"), _table_team(lower, "promotion")
    for group, leader in ((upper, upper_leader), (lower, lower_leader)):
        client.force_login(leader)
        page = client.get(f"/liga/leitung/staffel/{group.pk}/auf-und-abstieg/")
        assert relegated.name in page.content.decode() or promoted.name in page.content.decode()
        assert client.post(f"/liga/leitung/staffel/{group.pk}/auf-und-abstieg/").status_code == 302
    admin = APIClient()
    admin.force_authenticate(f.make_superuser())

    response = admin.post(API + f"seasons/{season.pk}/next/", {"name": "2028"}, format="json")

    assert response.status_code == 201, response.json()
    new = Season.objects.get(name="2028")
    assert response.json()["id"] == new.pk
    leagues = {league.name: league for league in new.leagues.all()}
    assert sorted(leagues) == ["Landesliga", "Oberliga"]
    assert leagues["Oberliga"].level == 1 and leagues["Landesliga"].series_per_match_day == 1
    new_upper = leagues["Oberliga"].groups.get()
    new_lower = leagues["Landesliga"].groups.get()
    assert (new_upper.name, new_upper.relegation_places) == ("Nord", 1)
    assert list(new_upper.leaders.all()) == [upper_leader]
    upper_names = set(new_upper.teams.values_list("name", flat=True))
    lower_names = set(new_lower.teams.values_list("name", flat=True))
    assert promoted.name in upper_names and relegated.name not in upper_names
    assert relegated.name in lower_names and promoted.name not in lower_names
    assert len(upper_names) == len(lower_names) == 4
    moved = new_lower.teams.get(name=relegated.name)
    assert sorted(moved.roster.values_list("player", flat=True)) == sorted(
        relegated.roster.values_list("player", flat=True)
    )
    assert moved.captain_id == relegated.captain_id


def test_the_roll_over_waits_for_every_group_s_confirmation(client, season_of_two_leagues):
    season, (upper, upper_leader), (lower, _leader) = season_of_two_leagues
    client.force_login(upper_leader)
    client.post(f"/liga/leitung/staffel/{upper.pk}/auf-und-abstieg/")
    admin = APIClient()
    admin.force_authenticate(f.make_superuser())
    leader = APIClient()
    leader.force_authenticate(upper_leader)

    waiting = admin.post(API + f"seasons/{season.pk}/next/", {"name": "2028"}, format="json")
    refused = leader.post(API + f"seasons/{season.pk}/next/", {"name": "2028"}, format="json")

    assert waiting.status_code == 409 and "Süd" in waiting.json()["errors"][0]["message"]
    assert refused.status_code == 403
    assert not Season.objects.filter(name="2028").exists()


def test_the_admin_rolls_the_season_over_on_the_season_s_page(client, season_of_two_leagues):
    season, (upper, upper_leader), (lower, lower_leader) = season_of_two_leagues
    for group, leader in ((upper, upper_leader), (lower, lower_leader)):
        client.force_login(leader)
        client.post(f"/liga/leitung/staffel/{group.pk}/auf-und-abstieg/")
    client.force_login(f.make_superuser())

    page = client.get(f"/liga/verband/saison/{season.pk}/naechste/")
    made = client.post(f"/liga/verband/saison/{season.pk}/naechste/", {"name": "2028"})
    taken = client.post(f"/liga/verband/saison/{season.pk}/naechste/", {"name": "2028"})

    assert "Nord" in page.content.decode() and "bestätigt" in page.content.decode()
    new = Season.objects.get(name="2028")
    assert made.status_code == 302 and made.url == f"/liga/verband/saison/{new.pk}/"
    assert taken.status_code == 400 and "Name:" in taken.content.decode()


def test_an_ispa_league_stays_ispa_with_its_team_size_in_the_next_season():
    season = Season.objects.create(name="2027")
    league = make_league(season=season, series=1, rounds=1)
    League.objects.filter(pk=league.pk).update(name="ISPA-Liga", scheme="ispa", players_per_team=6)
    admin = APIClient()
    admin.force_authenticate(f.make_superuser())

    response = admin.post(API + f"seasons/{season.pk}/next/", {"name": "2028"}, format="json")

    assert response.status_code == 201, response.json()
    copy = Season.objects.get(name="2028").leagues.get()
    assert (copy.name, copy.scheme, copy.players_per_team) == ("ISPA-Liga", "ispa", 6)


def test_the_next_season_moves_the_teams_by_the_marks_the_leader_changed(
    client, season_of_two_leagues
):
    season, (upper, upper_leader), (lower, lower_leader) = season_of_two_leagues
    relegated, promoted = _table_team(upper, "relegation"), _table_team(lower, "promotion")
    withdrawn = upper.teams.exclude(pk=relegated.pk).order_by("name").first()
    client.force_login(upper_leader)
    client.post(
        f"/liga/leitung/staffel/{upper.pk}/auf-und-abstieg/",
        {f"mark-{relegated.pk}": "", f"mark-{withdrawn.pk}": "relegation", "reason": "Rückzug"},
    )
    client.force_login(lower_leader)
    client.post(
        f"/liga/leitung/staffel/{lower.pk}/auf-und-abstieg/",
        {f"mark-{promoted.pk}": "", "reason": "verzichtet auf den Aufstieg"},
    )
    admin = APIClient()
    admin.force_authenticate(f.make_superuser())

    response = admin.post(API + f"seasons/{season.pk}/next/", {"name": "2028"}, format="json")

    assert response.status_code == 201, response.json()
    new = Season.objects.get(name="2028")
    upper_names = set(
        new.leagues.get(name="Oberliga").groups.get().teams.values_list("name", flat=True)
    )
    lower_names = set(
        new.leagues.get(name="Landesliga").groups.get().teams.values_list("name", flat=True)
    )
    assert relegated.name in upper_names and withdrawn.name in lower_names
    assert promoted.name in lower_names
