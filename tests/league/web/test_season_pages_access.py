"""Who opens the season's new pages: fixture generation, a venue's invitation, the
confirmation of promotion and relegation, and the next season — anonymous, a captain,
the leader of another group, the group's leader and the association admin."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day

pytestmark = pytest.mark.django_db


@pytest.fixture
def people_and_pages():
    group = make_group()
    users = get_user_model().objects
    people = {
        "captain": users.create_user("kapitaen"),
        "other_leader": users.create_user("andere-staffel"),
        "leader": users.create_user("leiter"),
        "admin": f.make_superuser("verband"),
    }
    group.leaders.add(people["leader"])
    make_group().leaders.add(people["other_leader"])
    teams = [make_league_team(group, captain_user=people["captain"])]
    teams += [make_league_team(group) for _ in range(3)]
    venue = make_match_day(group, [teams]).venues.get()
    season = group.league.season
    leaders = {"leader", "admin"}
    pages = {
        f"/liga/leitung/staffel/{group.pk}/spielplan-erzeugen/": (leaders, leaders),
        f"/liga/leitung/staffel/{group.pk}/auf-und-abstieg/": (leaders, leaders),
        f"/liga/spielort/{venue.pk}/einladung/": (leaders | {"captain"}, leaders),
        f"/liga/spielort/{venue.pk}/einladung.pdf": (leaders | {"captain"}, set()),
        f"/liga/verband/saison/{season.pk}/naechste/": ({"admin"}, {"admin"}),
    }
    return people, pages


def test_each_new_page_opens_to_its_people_only(client, people_and_pages):
    people, pages = people_and_pages

    for url, (readers, writers) in pages.items():
        client.logout()
        anonymous = client.get(url)
        assert anonymous.status_code == 302 and "/anmelden/" in anonymous.url, url
        for name, user in people.items():
            client.force_login(user)
            status = client.get(url).status_code
            assert (status == 200) == (name in readers), (url, name, status)
            if name not in writers and name not in readers:
                assert status == 403, (url, name, status)
            if name not in writers and not url.endswith(".pdf"):
                assert client.post(url, {}).status_code == 403, (url, name)
