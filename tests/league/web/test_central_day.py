"""The group leader's page for a central match day: its groups proposed from the table
(places 1–4, 5–8, …), changed by hand, created without a host (RULES 6.1)."""

import re

import pytest

from league.models import MatchDay
from league.services import results
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _url(group):
    return f"/liga/leitung/staffel/{group.pk}/zentraler-spieltag/"


def _chosen_group(html: str, team_id: int) -> str:
    select = re.search(rf'<select[^>]*name="team-{team_id}".*?</select>', html, re.S).group(0)
    return re.search(r'<option value="(\d+)" selected', select).group(1)


def test_the_page_proposes_the_groups_by_the_table(client):
    group, _teams = make_season(match_days=1, venues=2)
    client.force_login(group.leaders.get())
    rows = results.group_table(group).rows

    html = client.get(_url(group)).content.decode()

    assert [_chosen_group(html, row.team) for row in rows] == ["1"] * 4 + ["2"] * 4
    assert html.index(rows[0].name) < html.index(rows[4].name)
    assert (
        f'href="{_url(group)}"' in client.get(f"/liga/leitung/staffel/{group.pk}/").content.decode()
    )


def test_the_leader_changes_a_group_by_hand_and_creates_the_day(client):
    group, teams = make_season(match_days=1, venues=2)
    leader = group.leaders.get()
    client.force_login(leader)
    chosen = {team.pk: "1" if index % 2 == 0 else "2" for index, team in enumerate(teams)}

    response = client.post(
        _url(group),
        {"number": "2", "date": "2027-09-18", **{f"team-{pk}": g for pk, g in chosen.items()}},
    )

    day = MatchDay.objects.get(group=group, number=2)
    venues = list(day.venues.order_by("number"))
    assert response.status_code == 302
    assert day.central and [venue.host for venue in venues] == [None, None]
    assert [venue.organiser for venue in venues] == [leader, leader]
    assert [sorted(e.team_id for e in venue.venue_teams.all()) for venue in venues] == [
        sorted(pk for pk, g in chosen.items() if g == "1"),
        sorted(pk for pk, g in chosen.items() if g == "2"),
    ]
    page = client.get(f"/liga/leitung/staffel/{group.pk}/").content.decode()
    venue_page = client.get(f"/liga/spielort/{venues[0].pk}/").content.decode()
    assert "Gruppe 1" in page and "Gruppe 2" in page
    assert f"Abreizgeld bisher: 0,00 €, für den Staffelleiter {leader.username}" in venue_page


def test_a_team_left_without_a_group_is_named_and_nothing_is_created(client):
    group, teams = make_season(match_days=1, venues=2)
    client.force_login(group.leaders.get())
    data = {"number": "2", "date": "2027-09-18", **{f"team-{t.pk}": "1" for t in teams}}
    data[f"team-{teams[3].pk}"] = ""

    response = client.post(_url(group), data)

    text = response.content.decode()
    assert response.status_code == 400
    assert f"{teams[3].name} hat keine Gruppe" in text
    assert not MatchDay.objects.filter(group=group, number=2).exists()
