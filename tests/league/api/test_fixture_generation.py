"""Fixture generation (API.md §7.1 ``POST groups/{id}/fixtures/``): match days with
venues and hosts, each team hosting once where possible and meeting every other team,
a central day in groups of four, a warning for dates less than 14 days ahead; the
page that does the same, and each venue's invitation page."""

import datetime
import itertools

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import MatchDay, Venue
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day

pytestmark = pytest.mark.django_db
API = "/api/v1/"


@pytest.fixture
def group_of_eight():
    group = make_group(series=1)
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    teams = [make_league_team(group, name=f"Team {n}") for n in "ABCDEFGH"]
    return group, leader, teams


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _in_future(days):
    return (timezone.localdate() + datetime.timedelta(days=days)).isoformat()


def test_every_team_meets_every_other_and_hosts_once(group_of_eight):
    group, leader, teams = group_of_eight
    dates = [_in_future(30), _in_future(60), _in_future(90), _in_future(120)]

    response = _client(leader).post(
        API + f"groups/{group.pk}/fixtures/",
        {"dates": dates, "central_date": _in_future(150)},
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    days = list(MatchDay.objects.filter(group=group).order_by("number"))
    assert [d.date.isoformat() for d in days] == [*dates, _in_future(150)]
    assert [d.central for d in days] == [False] * 4 + [True]
    met = set()
    for day in days[:4]:
        venues = list(day.venues.all())
        assert sorted(v.venue_teams.count() for v in venues) == [4, 4]
        for venue in venues:
            ids = sorted(entry.team_id for entry in venue.venue_teams.all())
            met.update(itertools.combinations(ids, 2))
    assert met == set(itertools.combinations(sorted(t.pk for t in teams), 2))
    hosts = [v.host_id for v in Venue.objects.filter(match_day__in=days[:4])]
    assert sorted(hosts) == sorted(t.pk for t in teams)  # 8 venues, each team hosts once
    central_groups = list(days[4].venues.order_by("number"))  # in groups of four (RULES 6.1)
    assert [v.venue_teams.count() for v in central_groups] == [4, 4]
    assert [v.host_id for v in central_groups] == [None, None]
    assert body["unmet_pairs"] == [] and body["warnings"] == []
    assert [d["number"] for d in body["match_days"]] == [1, 2, 3, 4, 5]


def test_a_date_less_than_14_days_ahead_is_warned_about(group_of_eight):
    group, leader, _teams = group_of_eight

    response = _client(leader).post(
        API + f"groups/{group.pk}/fixtures/", {"dates": [_in_future(5)]}, format="json"
    )

    assert response.status_code == 201
    warning = response.json()["warnings"][0]
    assert warning["field"] == "dates" and "14" in warning["message"]
    assert len(response.json()["unmet_pairs"]) == 28 - 12


def test_bad_dates_and_a_group_with_match_days_are_refused(group_of_eight):
    group, leader, teams = group_of_eight
    client = _client(leader)

    bad = client.post(
        API + f"groups/{group.pk}/fixtures/", {"dates": ["14.03.2027"]}, format="json"
    )
    twice = client.post(
        API + f"groups/{group.pk}/fixtures/",
        {"dates": [_in_future(20), _in_future(20)]},
        format="json",
    )
    make_match_day(group, [teams[:4]])
    existing = client.post(
        API + f"groups/{group.pk}/fixtures/", {"dates": [_in_future(20)]}, format="json"
    )
    stranger = _client(f.make_staff_user()).post(
        API + f"groups/{group.pk}/fixtures/", {"dates": [_in_future(20)]}, format="json"
    )

    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "dates"
    assert twice.status_code == 400 and twice.json()["errors"][0]["field"] == "dates"
    assert existing.status_code == 409
    assert stranger.status_code == 403
    assert MatchDay.objects.filter(group=group).count() == 1


def test_the_page_generates_the_fixtures_and_each_venue_has_an_invitation(client, group_of_eight):
    group, leader, _teams = group_of_eight
    client.force_login(leader)
    soon = timezone.localdate() + datetime.timedelta(days=7)

    response = client.post(
        f"/liga/leitung/staffel/{group.pk}/spielplan-erzeugen/",
        {"dates": f"{soon:%d.%m.%Y}\n{_in_future(40)}", "central_date": ""},
    )
    venue = Venue.objects.filter(match_day__number=1).select_related("host__club").first()
    changed = client.post(
        f"/liga/spielort/{venue.pk}/einladung/",
        {
            "address": "Vereinsheim, Hauptstr. 1, 24103 Kiel",
            "start_time": "10:30",
            "contact": "Erika Muster, 0431 123456",
        },
    )
    page = client.get(f"/liga/spielort/{venue.pk}/einladung/").content.decode()
    pdf = client.get(f"/liga/spielort/{venue.pk}/einladung.pdf")

    assert response.status_code == 302
    assert MatchDay.objects.filter(group=group).count() == 2
    assert changed.status_code == 302
    assert "Hauptstr. 1" in page and "10:30" in page and "0431 123456" in page
    assert venue.host.name in page and f"{soon:%d.%m.%Y}" in page
    assert "weniger als 14 Tage" in page
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_a_bad_start_time_keeps_the_invitation_form(client, group_of_eight):
    group, leader, teams = group_of_eight
    day = make_match_day(group, [teams[:4]])
    venue = day.venues.get()
    client.force_login(leader)

    response = client.post(
        f"/liga/spielort/{venue.pk}/einladung/",
        {"address": "Kiel", "start_time": "halb elf", "contact": ""},
    )

    venue.refresh_from_db()
    assert response.status_code == 400 and "Beginn:" in response.content.decode()
    assert venue.address == "" and venue.start_time is None
