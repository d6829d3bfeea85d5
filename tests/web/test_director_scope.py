"""The director pages are scoped like the API: a club's director opens only the pages of
the club's events; the home page lists only what the user directs."""

import pytest

from tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs(client):
    a, b = f.make_club("Herz A"), f.make_club("Pik B")
    director_a, director_b = f.make_staff_user("leitung_a"), f.make_staff_user("leitung_b")
    a.directors.add(director_a)
    b.directors.add(director_b)
    tournament = f.make_played_tournament(players=4, club=a, name="Herz-Pokal")
    f.make_tournament(club=b, name="Pik-Pokal")
    f.make_tournament(name="Offenes Turnier")
    return {"tournament": tournament, "a": director_a, "b": director_b}


def _pages(tournament):
    series = tournament.series.get()
    table = series.tables.get()
    participant = tournament.participants.first()
    return [
        f"/leitung/turniere/{tournament.id}/",
        f"/leitung/turniere/{tournament.id}/einstellungen/",
        f"/leitung/turniere/{tournament.id}/teilnehmer/",
        f"/leitung/serien/{series.id}/",
        f"/leitung/tische/{table.id}/",
        f"/leitung/turniere/{tournament.id}/kasse/",
        f"/leitung/turniere/{tournament.id}/wertungsklassen/",
        f"/leitung/vereine/{tournament.club_id}/",
        f"/leitung/vereine/{tournament.club_id}/wertungsklassen/",
        f"/leitung/teilnehmer/{participant.id}/status/",
        f"/turniere/{tournament.id}/startkarten/",
    ]


def test_another_club_s_director_is_refused_every_page_of_the_event(client, clubs):
    client.force_login(clubs["b"])

    answers = {url: client.get(url).status_code for url in _pages(clubs["tournament"])}

    assert set(answers.values()) <= {403, 405}, answers


def test_the_club_s_own_director_opens_them(client, clubs):
    client.force_login(clubs["a"])

    answers = {url: client.get(url).status_code for url in _pages(clubs["tournament"])[:-2]}

    assert set(answers.values()) == {200}, answers


def test_the_home_page_lists_only_the_directed_tournaments(client, clubs):
    client.force_login(clubs["b"])

    page = client.get("/leitung/").content.decode()

    assert "Pik-Pokal" in page and "Offenes Turnier" in page
    assert "Herz-Pokal" not in page


def test_the_table_page_refuses_another_club_s_director(client, clubs):
    table = clubs["tournament"].series.get().tables.get()
    client.force_login(clubs["b"])

    response = client.get(f"/tisch/{table.id}/")

    assert response.status_code == 403
    assert "Tischcode" in response.content.decode()


def test_a_new_tournament_can_only_be_organised_for_the_own_club(client, clubs):
    client.force_login(clubs["b"])
    other = clubs["tournament"].club

    form = client.get("/leitung/turniere/neu/").content.decode()
    response = client.post(
        "/leitung/turniere/neu/",
        {
            "name": "Fremd",
            "date": "2027-05-01",
            "club": other.id,
            "rounds_per_series": 12,
            "planned_series": 2,
            "team_size": 4,
            "extra_points": "skwo",
        },
    )

    assert "Herz A" not in form and "Pik B" in form
    assert response.status_code == 200
    assert not other.tournaments.filter(name="Fremd").exists()


def test_a_group_leader_without_staff_rights_corrects_the_venue_s_lists_only(client):
    from django.contrib.auth import get_user_model

    from tests.league.factories import make_group, make_league_team, make_match_day

    group = make_group(series=1, rounds=1)
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    venue = make_match_day(group, [[make_league_team(group) for _ in range(4)]]).venues.get()
    other = f.make_tournament(name="Fremdes Turnier")
    client.force_login(leader)

    assert (
        venue.tournament.name
        in client.get(f"/leitung/turniere/{venue.tournament_id}/").content.decode()
    )
    assert client.get(f"/leitung/turniere/{other.id}/").status_code == 403
    assert client.get("/leitung/turniere/neu/").status_code == 403
    assert client.get("/leitung/").status_code == 403


@pytest.mark.parametrize(
    ("who", "club", "expected"),
    [
        # Naming and removing a club's directors is the association's admin's, as in the
        # API (roles.may_name_directors): neither club's director, for either club.
        ("a", "a", 403),
        ("b", "a", 403),
        ("a", "b", 403),
        ("admin", "a", 302),
    ],
)
def test_naming_and_removing_a_club_s_directors_on_its_page(client, clubs, who, club, expected):
    from tournaments.models import Club

    clubs["admin"] = f.make_superuser("verband")
    target = Club.objects.get(name="Herz A" if club == "a" else "Pik B")
    spare = f.make_staff_user("ersatz")
    client.force_login(clubs[who])

    added = client.post(f"/leitung/vereine/{target.pk}/leitung/", {"username": "ersatz"})
    removed = client.post(
        f"/leitung/vereine/{target.pk}/leitung/entfernen/", {"director": spare.pk}
    )

    assert (added.status_code, removed.status_code) == (expected, expected)
    assert not target.directors.filter(pk=spare.pk).exists()
    assert target.directors.count() == 1
