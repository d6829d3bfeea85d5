"""Invitation links: the admin invites group leaders and club directors, a group leader
invites captains and a venue's director; the person sets a password once and the login
is bound to the role. Only the token's digest is stored."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from league.models import Invitation
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day
from tournaments.services import roles

pytestmark = pytest.mark.django_db

PASSWORD = "Kreuz-Bube-2027!"


def _text(response):
    return response.content.decode()


def _link(response) -> str:
    found = re.search(r"/einladung/([A-Za-z0-9_-]{20,})/", _text(response))
    assert found, _text(response)
    return found.group(0)


def _accept(client, link, login="neu-person"):
    client.logout()
    return client.post(link, {"username": login, "password1": PASSWORD, "password2": PASSWORD})


@pytest.fixture
def admin():
    return f.make_superuser("verband")


def test_a_group_leader_follows_the_link_sets_a_password_once_and_leads_the_group(client, admin):
    group = make_group()
    client.force_login(admin)

    made = client.post(f"/liga/verband/staffel/{group.pk}/einladen/", {"name": "Erika Muster"})
    link = _link(made)
    token = link.split("/")[2]
    shown = client.get(link)
    accepted = _accept(client, link, "erika")
    again = client.get(link)
    second = _accept(client, link, "mallory")

    invitation = Invitation.objects.get()
    erika = get_user_model().objects.get(username="erika")
    assert token not in invitation.token_digest and len(invitation.token_digest) == 64
    assert "Erika Muster" in _text(shown) and "Staffelleiter" in _text(shown)
    assert accepted.status_code == 302 and accepted.url == "/liga/meine/"
    assert erika.check_password(PASSWORD) and list(group.leaders.all()) == [erika]
    assert invitation.user == erika and invitation.used_at is not None
    assert again.status_code == 410 and "bereits benutzt" in _text(again)
    assert second.status_code == 410
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_an_expired_or_unknown_link_says_so_in_german(client, admin):
    group = make_group()
    client.force_login(admin)
    link = _link(client.post(f"/liga/verband/staffel/{group.pk}/einladen/", {"name": "Max"}))
    Invitation.objects.update(expires_at=timezone.now() - datetime.timedelta(minutes=1))

    expired = _accept(client, link, "max")
    unknown = client.get("/einladung/" + "x" * 43 + "/")

    assert expired.status_code == 410 and "abgelaufen" in _text(expired)
    assert not get_user_model().objects.filter(username="max").exists()
    assert unknown.status_code == 404 and "Einladung" in _text(unknown)


def test_a_bad_password_keeps_the_invitation_open_and_names_the_field(client, admin):
    group = make_group()
    client.force_login(admin)
    link = _link(client.post(f"/liga/verband/staffel/{group.pk}/einladen/", {"name": "Max"}))
    client.logout()

    short = client.post(link, {"username": "max", "password1": "kurz", "password2": "kurz"})

    assert short.status_code == 400 and "Passwort:" in _text(short)
    assert Invitation.objects.get().used_at is None
    assert _accept(client, link, "max").status_code == 302


def test_a_leader_invites_a_captain_of_a_team_of_the_group(client):
    group = make_group()
    team = make_league_team(group)
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    client.force_login(leader)

    link = _link(client.post(f"/liga/leitung/mannschaft/{team.pk}/einladen/", {"name": "Kapitän"}))
    _accept(client, link, "kapitaen")
    team.refresh_from_db()

    assert team.captain_user.username == "kapitaen"


def test_a_venue_director_directs_only_that_venue_and_only_on_its_match_day(client):
    group = make_group(series=1)
    teams = [make_league_team(group) for _ in range(8)]
    today = timezone.localdate()
    day = make_match_day(group, [teams[:4], teams[4:]], date=today)
    first, second = day.venues.order_by("number")
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    client.force_login(leader)

    made = client.post(f"/liga/spielort/{first.pk}/einladen/", {"name": "Hallenleiter"})
    _accept(client, _link(made), "halle")
    director = get_user_model().objects.get(username="halle")
    on_the_day = roles.may_direct(director, first.tournament)
    other_venue = roles.may_direct(director, second.tournament)
    page = client.get(f"/leitung/turniere/{first.tournament_id}/")
    day.date = today + datetime.timedelta(days=1)
    day.save()

    assert on_the_day and not other_venue
    assert page.status_code == 200
    assert not roles.may_direct(director, first.tournament)
    assert not director.is_staff
    assert Invitation.objects.get().expires_at.date() <= today + datetime.timedelta(days=1)


def test_a_club_director_is_invited_by_the_admin(client, admin):
    club = f.make_club()
    client.force_login(admin)

    link = _link(client.post(f"/liga/verband/verein/{club.pk}/einladen/", {"name": "Leitung"}))
    _accept(client, link, "turnierleitung")
    user = get_user_model().objects.get(username="turnierleitung")

    assert user.is_staff and list(club.directors.all()) == [user]


def test_only_the_right_people_make_invitations(client, admin):
    group = make_group()
    other_group = make_group()
    team = make_league_team(group)
    captain = get_user_model().objects.create_user("kapitaen")
    make_league_team(group, captain_user=captain)
    stranger_leader = get_user_model().objects.create_user("andere-staffel")
    other_group.leaders.add(stranger_leader)
    club = f.make_club()
    day = make_match_day(group, [[team, *[make_league_team(group) for _ in range(3)]]])
    venue = day.venues.get()
    admin_pages = [
        f"/liga/verband/staffel/{group.pk}/einladen/",
        f"/liga/verband/verein/{club.pk}/einladen/",
    ]
    leader_pages = [
        f"/liga/leitung/mannschaft/{team.pk}/einladen/",
        f"/liga/spielort/{venue.pk}/einladen/",
    ]

    for url in admin_pages + leader_pages:
        client.logout()
        anonymous = client.get(url)
        assert anonymous.status_code == 302 and "/anmelden/" in anonymous.url
        for user in (captain, stranger_leader):
            client.force_login(user)
            assert client.post(url, {"name": "X"}).status_code == 403, (url, user)
        client.force_login(admin)
        assert client.get(url).status_code == 200
    assert not Invitation.objects.exists()


def test_nobody_is_invited_to_direct_a_venue_whose_match_day_is_over(client):
    group = make_group(series=1)
    teams = [make_league_team(group) for _ in range(4)]
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    venue = make_match_day(group, [teams], date=yesterday).venues.get()
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    client.force_login(leader)

    response = client.post(f"/liga/spielort/{venue.pk}/einladen/", {"name": "Zu spät"})

    assert response.status_code == 400 and "vorbei" in _text(response)
    assert not Invitation.objects.exists()


def test_the_invited_venue_director_finds_the_venue_on_my_league_on_its_match_day(client):
    group = make_group(series=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams], date=timezone.localdate()).venues.get()
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    client.force_login(leader)
    link = _link(client.post(f"/liga/spielort/{venue.pk}/einladen/", {"name": "Halle"}))

    accepted = _accept(client, link, "halle")
    mine = client.get(accepted.url).content.decode()
    venue_page = client.get(f"/liga/spielort/{venue.pk}/").content.decode()

    assert 'data-testid="hosted-venue"' in mine
    assert f'href="/liga/spielort/{venue.pk}/einladung/"' in venue_page
