"""The API of a central match day in groups and of an ISPA league (API.md 7.1)."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from league.models import Season
from tests import factories as f
from tests.league.factories import make_group, make_league_team

pytestmark = pytest.mark.django_db


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_central_match_day_is_posted_as_its_groups_without_a_host():
    group = make_group()
    leader = get_user_model().objects.create_user("leiterin")
    group.leaders.add(leader)
    teams = [make_league_team(group) for _ in range(9)]

    response = _client(leader).post(
        f"/api/v1/groups/{group.pk}/match-days/",
        {
            "number": 5,
            "date": "2027-09-18",
            "central": True,
            "venues": [{"teams": [t.pk for t in teams[:4]]}, {"teams": [t.pk for t in teams[4:]]}],
        },
        format="json",
    )

    body = response.json()
    assert response.status_code == 201, body
    assert [(v["host"], v["organiser"], len(v["teams"])) for v in body["venues"]] == [
        (None, leader.pk, 4),
        (None, leader.pk, 5),
    ]


def test_an_ispa_league_is_created_with_its_team_size_and_a_bad_one_is_named():
    admin = f.make_superuser()
    season = Season.objects.create(name="2030")
    url = "/api/v1/leagues/"
    body = {"season": season.pk, "name": "ISPA-Liga", "scheme": "ispa"}

    refused = _client(admin).post(url, {**body, "players_per_team": 7}, format="json")
    created = _client(admin).post(url, {**body, "players_per_team": 8}, format="json")

    assert refused.status_code == 400
    assert [e["field"] for e in refused.json()["errors"]] == ["players_per_team"]
    assert (created.json()["scheme"], created.json()["players_per_team"]) == ("ispa", 8)
