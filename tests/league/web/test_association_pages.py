"""The association admin's pages (/liga/verband/): seasons, leagues, groups and clubs made
and changed without the Django admin, with German refusals naming the field, and the
season archive linked."""

import pytest
from django.contrib.auth import get_user_model

from league.models import League, LeagueGroup, Season
from tests import factories as f
from tests.league.factories import make_group, make_league, make_league_team
from tournaments.models import Club

pytestmark = pytest.mark.django_db


def _text(response):
    return response.content.decode()


@pytest.fixture
def admin(client):
    user = f.make_superuser("verband")
    client.force_login(user)
    return user


def _pages(group):
    league = group.league
    season = league.season
    club = f.make_club()
    return [
        "/liga/verband/",
        "/liga/verband/saison/neu/",
        f"/liga/verband/saison/{season.pk}/",
        f"/liga/verband/saison/{season.pk}/liga/neu/",
        f"/liga/verband/liga/{league.pk}/",
        f"/liga/verband/liga/{league.pk}/staffel/neu/",
        f"/liga/verband/staffel/{group.pk}/",
        "/liga/verband/vereine/",
        f"/liga/verband/verein/{club.pk}/",
    ]


def test_only_the_association_admin_opens_its_pages(client):
    group = make_group()
    other_group = make_group()
    leader = get_user_model().objects.create_user("leiter-andere-staffel")
    other_group.leaders.add(leader)
    captain = get_user_model().objects.create_user("kapitaen")
    make_league_team(group, captain_user=captain)
    admin = f.make_superuser("verband")

    for url in _pages(group):
        client.logout()
        anonymous = client.get(url)
        assert anonymous.status_code == 302 and "/anmelden/" in anonymous.url, url
        for user in (captain, leader, f.make_staff_user()):
            client.force_login(user)
            assert client.get(url).status_code == 403, (url, user)
            assert client.post(url, {"name": "X"}).status_code == 403, (url, user)
        client.force_login(admin)
        allowed = client.get(url)
        assert allowed.status_code == 200 and 'data-testid="association"' in _text(allowed), url
    assert Season.objects.filter(name="X").count() == 0


def test_a_season_with_its_league_and_group_is_made_on_the_pages(client, admin):
    made = client.post("/liga/verband/saison/neu/", {"name": "2028"})
    season = Season.objects.get(name="2028")
    league_made = client.post(
        f"/liga/verband/saison/{season.pk}/liga/neu/",
        {
            "name": "Landesliga",
            "level": "2",
            "series_per_match_day": "2",
            "rounds_per_series": "12",
            "protest_days": "14",
            "min_games": "10",
        },
    )
    league = League.objects.get(season=season)
    leader = get_user_model().objects.create_user("nord-leiter")
    group_made = client.post(
        f"/liga/verband/liga/{league.pk}/staffel/neu/",
        {
            "name": "Staffel Nord",
            "promotion_places": "2",
            "relegation_places": "3",
            "leaders": "nord-leiter",
            "live_public": "on",
        },
    )
    group = LeagueGroup.objects.get(league=league)

    assert made.status_code == 302 and made.url == f"/liga/verband/saison/{season.pk}/"
    assert league_made.status_code == 302
    assert (league.series_per_match_day, league.min_games, league.protest_days) == (2, 10, 14)
    assert league.level == 2
    assert group_made.status_code == 302
    assert (group.promotion_places, group.relegation_places, group.live_public) == (2, 3, True)
    assert list(group.leaders.all()) == [leader]


def test_a_league_and_a_group_are_changed_on_the_pages(client, admin):
    group = make_group(promotion=1, relegation=1)
    league = group.league
    first = get_user_model().objects.create_user("erster")
    group.leaders.add(first)
    get_user_model().objects.create_user("zweiter")

    client.post(
        f"/liga/verband/liga/{league.pk}/",
        {
            "name": "Oberliga",
            "level": "1",
            "series_per_match_day": "3",
            "rounds_per_series": "12",
            "protest_days": "7",
            "min_games": "0",
        },
    )
    client.post(
        f"/liga/verband/staffel/{group.pk}/",
        {
            "name": "Staffel Süd",
            "promotion_places": "2",
            "relegation_places": "0",
            "leaders": "zweiter",
        },
    )
    league.refresh_from_db()
    group.refresh_from_db()

    assert (league.name, league.series_per_match_day, league.protest_days) == ("Oberliga", 3, 7)
    assert (group.name, group.promotion_places, group.relegation_places) == ("Staffel Süd", 2, 0)
    assert group.live_public is False  # the box was not ticked
    assert [u.username for u in group.leaders.all()] == ["zweiter"]


def test_wrong_input_keeps_the_form_and_names_the_field_in_german(client, admin):
    league = make_league(series=2)

    response = client.post(
        f"/liga/verband/liga/{league.pk}/",
        {
            "name": "Landesliga",
            "level": "1",
            "series_per_match_day": "9",
            "rounds_per_series": "12",
            "protest_days": "vierzehn",
            "min_games": "0",
        },
    )
    group = client.post(
        f"/liga/verband/liga/{league.pk}/staffel/neu/",
        {
            "name": "Staffel West",
            "promotion_places": "1",
            "relegation_places": "1",
            "leaders": "niemand-bekannt",
        },
    )

    page = _text(response)
    assert response.status_code == 400
    assert "Serien je Spieltag:" in page and "Einspruchsfrist in Tagen:" in page
    assert 'value="vierzehn"' in page  # nothing typed is lost
    league.refresh_from_db()
    assert league.series_per_match_day == 2
    assert group.status_code == 400
    assert "Staffelleiter:" in _text(group) and "niemand-bekannt" in _text(group)
    assert not LeagueGroup.objects.filter(name="Staffel West").exists()


def test_a_taken_season_name_is_refused_naming_the_field(client, admin):
    Season.objects.create(name="2027")

    response = client.post("/liga/verband/saison/neu/", {"name": "2027"})

    assert response.status_code == 400
    assert "Name:" in _text(response) and "2027" in _text(response)
    assert Season.objects.filter(name="2027").count() == 1


def test_clubs_are_made_and_renamed_on_the_pages(client, admin):
    made = client.post("/liga/verband/vereine/", {"name": "Herzbuben Kiel"})
    club = Club.objects.get(name="Herzbuben Kiel")
    renamed = client.post(f"/liga/verband/verein/{club.pk}/", {"name": "Herzbuben Kiel e.V."})
    taken = client.post("/liga/verband/vereine/", {"name": "herzbuben kiel e.v."})
    club.refresh_from_db()

    assert made.status_code == 302 and renamed.status_code == 302
    assert club.name == "Herzbuben Kiel e.V."
    assert taken.status_code == 400 and "Name:" in _text(taken)


def test_the_overview_links_every_season_s_archive_and_its_groups(client, admin):
    group = make_group()
    season = group.league.season

    page = _text(client.get("/liga/verband/"))

    assert f'href="/api/v1/seasons/{season.pk}/archive.zip"' in page
    assert f'href="/liga/verband/staffel/{group.pk}/"' in page
    assert f'href="/liga/leitung/staffel/{group.pk}/"' in page


def test_my_league_leads_the_admin_to_the_association_pages(client, admin):
    page = client.get("/liga/meine/")

    assert page.status_code == 200 and 'href="/liga/verband/"' in _text(page)


def test_a_league_page_lists_its_groups_under_the_league_s_word_for_them(client, admin):
    group = make_group()

    page = _text(client.get(f"/liga/verband/liga/{group.league.pk}/"))

    assert "<h2>Staffeln</h2>" in page and group.name in page


def test_the_club_pages_speak_of_clubs_not_of_the_card_suit(client, admin):
    """German 'Clubs' is the suit Kreuz unless the message says it means skat clubs."""
    club = f.make_club("Herzbuben Kiel")

    listing = _text(client.get("/liga/verband/vereine/"))
    one_club = _text(client.get(f"/liga/verband/verein/{club.pk}/"))

    assert "<h1>Vereine</h1>" in listing
    assert "Kreuz" not in listing and "Kreuz" not in one_club
    assert 'href="/liga/verband/vereine/">Vereine</a>' in one_club
