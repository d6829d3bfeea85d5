"""The director's dashboard links the league for those the league has pages for: the
association's administrator and a director who also leads a group. Without it the
association pages, fixtures and venue pages were reachable only by typing their address."""

import re

import pytest

from tests import factories as f
from tests.league.factories import make_group

pytestmark = pytest.mark.django_db


def _league_links(client) -> list[str]:
    page = client.get("/leitung/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    return re.findall(r'<a href="/liga/meine/"[^>]*>([^<]+)</a>', page)


def test_the_association_admin_finds_the_league_on_the_dashboard(client):
    client.force_login(f.make_superuser("verband"))

    assert _league_links(client) == ["Meine Liga"]


def test_a_director_leading_a_group_finds_it_and_another_director_does_not(client):
    leader = f.make_staff_user()
    make_group().leaders.add(leader)
    client.force_login(leader)
    assert _league_links(client) == ["Meine Liga"]

    client.force_login(f.make_staff_user())
    assert _league_links(client) == []
