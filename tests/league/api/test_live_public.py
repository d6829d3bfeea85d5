"""The group setting ``live_public`` (RULES 6.1): off, no anonymous answer shows a venue's
results before its report is published, the venue's tournament pages, API and files
included; on, they are shown live and marked provisional ("vorläufig")."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from league.models import MatchReport
from tests.league.factories import make_season, publish_report
from tests.league.play import API, call

pytestmark = pytest.mark.django_db


def _surfaces(venue):
    tournament = venue.tournament
    series = tournament.series.get(number=1)
    return [
        f"/turniere/{tournament.pk}/mannschaften/",
        f"/turniere/{tournament.pk}/rangliste/",
        f"/turniere/{tournament.pk}/serie/1/rangliste/",
        f"/turniere/{tournament.pk}/leinwand/",
        f"{API}tournaments/{tournament.pk}/ranking/",
        f"{API}series/{series.pk}/ranking/",
        f"{API}tournaments/{tournament.pk}/teams/ranking/",
        f"{API}tournaments/{tournament.pk}/ranking.csv",
        f"{API}tournaments/{tournament.pk}/teams/ranking.pdf",
        f"{API}series/{series.pk}/ranking.xlsx",
        f"{API}venues/{venue.pk}/result/",
    ]


def _statuses(client, venue):
    return {url: client.get(url).status_code for url in _surfaces(venue)}


def test_without_live_results_nothing_of_an_unpublished_venue_reaches_the_public():
    group, teams = make_season(publish=False, live_public=False)
    report = MatchReport.objects.get()
    venue = report.venue
    leader = Client()
    leader.force_login(group.leaders.get())
    top_team = teams[0].name

    hidden = _statuses(Client(), venue)
    page = Client().get(f"/turniere/{venue.tournament.pk}/mannschaften/").content.decode()
    for_leader = _statuses(leader, venue)
    publish_report(report, group.leaders.get())
    shown = _statuses(Client(), venue)

    assert set(hidden.values()) == {403}, hidden
    assert top_team not in page
    assert set(for_leader.values()) == {200}, for_leader
    assert set(shown.values()) == {200}, shown


def test_live_results_are_public_and_marked_provisional_until_published():
    group, _teams = make_season(publish=False)
    report = MatchReport.objects.get()
    venue = report.venue

    live = call(APIClient(), "get", f"venues/{venue.pk}/result/")
    statuses = _statuses(Client(), venue)
    page = Client().get(f"/turniere/{venue.tournament.pk}/mannschaften/").content.decode()
    publish_report(report, group.leaders.get())
    published = call(APIClient(), "get", f"venues/{venue.pk}/result/")
    later = Client().get(f"/turniere/{venue.tournament.pk}/mannschaften/").content.decode()

    assert set(statuses.values()) == {200}, statuses
    assert live["provisional"] is True and len(live["teams"]) == 4
    assert 'data-testid="provisional"' in page and "vorläufig" in page.lower()
    assert published["provisional"] is False
    assert 'data-testid="provisional"' not in later


def test_the_group_leader_switches_live_results_off():
    group, _teams = make_season(publish=False)
    leader = APIClient()
    leader.force_authenticate(group.leaders.get())

    switched = call(leader, "patch", f"groups/{group.pk}/", {"live_public": False})
    refused = APIClient().patch(API + f"groups/{group.pk}/", {"live_public": True}, format="json")
    wrong = leader.patch(API + f"groups/{group.pk}/", {"live_public": "ja"}, format="json")

    assert switched["live_public"] is False
    assert refused.status_code in (401, 403)
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "live_public"
    group.refresh_from_db()
    assert group.live_public is False
