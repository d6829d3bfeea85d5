"""A group leader registers a team on the group's page: the club's players or new ones,
substitutes, the captain and the captain's login, with the API's refusals."""

import re

import pytest
from django.contrib.auth import get_user_model

from league.models import LeagueTeam
from tests import factories as f
from tests.league.factories import make_group, make_league_team
from tournaments.models import AuditEntry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting(client):
    group = make_group()
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    club = f.make_club("Kreuz Bube")
    members = [f.make_player(club, last_name=name) for name in ("Adam", "Berg", "Cordes", "Dahl")]
    client.force_login(leader)
    return group, club, members


def _url(group):
    return f"/liga/leitung/staffel/{group.pk}/mannschaft/neu/"


def test_the_leader_registers_a_team_with_new_players_and_a_captains_login(client, setting):
    group, club, members = setting
    login = get_user_model().objects.create_user("kapitaen_kb")

    page = client.get(_url(group), {"club": club.pk}).content.decode()
    response = client.post(
        _url(group),
        {
            "club": club.pk,
            "name": "Kreuz Bube I",
            f"role-{members[0].pk}": "player",
            f"role-{members[1].pk}": "player",
            f"role-{members[2].pk}": "substitute",
            "new-2-first": "Erna",
            "new-2-last": "Kühn",
            "new-2-role": "player",
            "captain": "new-2",
            "captain_login": "kapitaen_kb",
        },
        follow=True,
    )

    assert "Adam" in page and "Dahl" in page and "Mannschaft melden" in page
    assert "Die Mannschaft Kreuz Bube I ist gemeldet." in response.content.decode()
    team = LeagueTeam.objects.get(name="Kreuz Bube I")
    erna = Player.objects.get(first_name="Erna", last_name="Kühn", club=club)
    roster = [(e.player_id, e.substitute) for e in team.roster.order_by("position")]
    assert roster == [
        (members[0].pk, False),
        (members[1].pk, False),
        (erna.pk, False),
        (members[2].pk, True),
    ]
    assert (team.club, team.captain, team.captain_user) == (club, erna, login)
    assert AuditEntry.objects.filter(action="league_team_created").count() == 1


def test_a_player_of_another_team_is_refused_and_nothing_is_lost(client, setting):
    group, club, members = setting
    other = make_league_team(group, club=club, name="Kreuz Bube II")
    taken = other.roster.first().player

    page = client.get(_url(group), {"club": club.pk}).content.decode()
    response = client.post(
        _url(group),
        {
            "club": club.pk,
            "name": "Kreuz Bube I",
            f"role-{members[0].pk}": "player",
            f"role-{members[1].pk}": "player",
            f"role-{taken.pk}": "player",
            "new-1-first": "Erna",
            "new-1-last": "Kühn",
        },
    )
    text = response.content.decode()

    assert "spielt für Kreuz Bube II" in page
    assert response.status_code == 400
    assert f"{taken.full_name} spielt in dieser Liga schon für Kreuz Bube II" in text
    assert 'value="Erna"' in text and 'value="Kreuz Bube I"' in text
    chosen = re.search(rf'name="role-{members[0].pk}">(.*?)</select>', text, re.S)[1]
    assert '<option value="player" selected>' in chosen
    assert not LeagueTeam.objects.filter(name="Kreuz Bube I").exists()
    assert not Player.objects.filter(first_name="Erna").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": ""}, "Mannschaftsname: Dieses Feld ist erforderlich."),
        ({"captain_login": "niemand"}, "Es gibt keine Anmeldung niemand"),
        ({"new-1-first": "Erna"}, "Neuer Spieler 1: Nachname: Dieses Feld ist erforderlich."),
    ],
)
def test_bad_input_names_the_field_in_german(client, setting, data, message):
    group, club, members = setting
    form = {"club": club.pk, "name": "Kreuz Bube I"}
    form.update({f"role-{m.pk}": "player" for m in members[:3]})
    form.update(data)

    response = client.post(_url(group), form)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not LeagueTeam.objects.filter(club=club).exists()


def test_only_the_groups_leader_registers_teams(client, setting):
    group, club, _members = setting
    client.force_login(get_user_model().objects.create_user("fremd"))

    assert client.get(_url(group)).status_code == 403
    assert client.post(_url(group), {"club": club.pk, "name": "X"}).status_code == 403


def _edit_url(team):
    return f"/liga/leitung/mannschaft/{team.pk}/bearbeiten/"


def test_the_leader_edits_a_team_on_the_same_form(client, setting):
    group, club, members = setting
    team = make_league_team(group, club=club, name="Kreuz Bube I", players=3)
    roster = [entry.player for entry in team.roster.order_by("position")]

    page = client.get(_edit_url(team)).content.decode()
    response = client.post(
        _edit_url(team),
        {
            "name": "Kreuz Bube Eins",
            f"role-{roster[0].pk}": "player",
            f"role-{roster[1].pk}": "player",
            f"role-{roster[2].pk}": "substitute",
            f"role-{members[0].pk}": "player",
            "captain": members[0].pk,
        },
        follow=True,
    )

    assert 'value="Kreuz Bube I"' in page and "Mannschaft Kreuz Bube I bearbeiten" in page
    chosen = re.search(rf'name="role-{roster[2].pk}">(.*?)</select>', page, re.S)[1]
    assert '<option value="player" selected>' in chosen
    assert "Die Mannschaft Kreuz Bube Eins wurde geändert." in response.content.decode()
    team.refresh_from_db()
    assert team.name == "Kreuz Bube Eins" and team.captain == members[0]
    assert [(e.player_id, e.substitute) for e in team.roster.order_by("position")] == [
        (roster[0].pk, False),
        (roster[1].pk, False),
        (members[0].pk, False),
        (roster[2].pk, True),
    ]
    entry = AuditEntry.objects.get(action="league_team_changed")
    assert entry.before["name"] == "Kreuz Bube I" and entry.after["captain"] == members[0].pk


def test_a_player_who_played_for_the_team_stays_on_its_roster(client, setting):
    from tests.league.factories import make_match_day, play_venue

    group, club, members = setting
    teams = [make_league_team(group, club=club, name=f"Kreuz {n}") for n in range(4)]
    play_venue(make_match_day(group, [teams]).venues.get())
    team = teams[0]
    roster = [entry.player for entry in team.roster.order_by("position")]

    response = client.post(
        _edit_url(team),
        {"name": team.name, **{f"role-{p.pk}": "player" for p in roster[1:]}},
    )

    assert response.status_code == 400
    assert f"{roster[0].full_name} hat für die Mannschaft gespielt" in response.content.decode()
    assert team.roster.count() == len(roster)
