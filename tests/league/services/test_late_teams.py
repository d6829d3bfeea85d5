"""A late team (Anlage 10): it plays from a series not yet drawn; the series it missed count
as not turned up. Through the API and the host director's venue page."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from rest_framework.test import APIClient

from league.services import lineups, reports, results
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day
from tests.league.play import API
from tournaments.models import AuditEntry, Table
from tournaments.services import draw, states
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue_and_leader():
    group = make_group(series=2, rounds=1)
    teams = [make_league_team(group, name=f"Team {n}", substitutes=1) for n in "ABCD"]
    venue = make_match_day(group, [teams]).venues.get()
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    client = APIClient()
    client.force_authenticate(leader)
    return venue, teams, client


def _series(venue, number):
    return venue.tournament.series.get(number=number)


def _play(series, seed=1):
    """Draw (where not drawn), play out, sign and finish ``series``."""
    if series.drawn_at is None:
        draw.draw_series(series, seed=seed)
    for table in Table.objects.filter(series=series).select_related("series__tournament"):
        f.sign_all(f.play_out(table))
    states.apply(series, "finish", None, roles={states.Role.DIRECTOR})


def test_a_late_team_plays_from_the_next_series_and_missed_the_ones_before(venue_and_leader):
    venue, teams, client = venue_and_leader
    late = teams[3]
    lineups.mark_no_show(venue, {"team": late.pk})
    _play(_series(venue, 1))

    answer = client.post(
        API + f"venues/{venue.pk}/late-team/", {"team": late.pk, "from_series": 2}, format="json"
    )
    _play(_series(venue, 2))

    regulars = {entry.player_id for entry in late.roster.filter(substitute=False)}
    entry = venue.venue_teams.get(team=late)
    in_series = [
        {p.player_id for p in one.players.filter(team=entry.tournament_team)}
        for one in venue.tournament.series.order_by("number")
    ]
    assert answer.status_code == 200, answer.content
    assert answer.json()["late"] == [{"team": late.pk, "from_series": 2}]
    assert late.pk not in answer.json()["no_show"]
    assert in_series == [set(), regulars]
    result = results.venue_result(venue)
    first, second = result.series
    late_first = next(s for s in first.teams if s.team == late.pk)
    late_second = next(s for s in second.teams if s.team == late.pk)
    assert late_first.no_show and late_first.game_points == 0 and late_first.team_points == 0
    # The three teams present in series 1 get the point for the late team: 3 + 2 + 1.
    assert sum(s.team_points for s in first.teams) == Decimal(6)
    assert not late_second.no_show and late_second.game_points != 0
    assert sum(s.team_points for s in second.teams) == Decimal(6)
    assert result.of(late.pk).game_points == late_second.game_points
    assert result.of(late.pk).no_show is False
    audit = AuditEntry.objects.get(action="team_late")
    assert audit.after == {"venue": venue.pk, "team": late.pk, "from_series": 2}
    # The sealed report says the same: absent in series 1 only.
    tournament = venue.tournament
    states.apply(tournament, "finish", None, roles={states.Role.DIRECTOR})
    report = reports.submit_report(venue)
    sealed = results.result_of_document(venue, report.document)
    assert [[s.no_show for s in one.teams if s.team == late.pk] for one in sealed.series] == [
        [True],
        [False],
    ]


def test_a_late_team_cannot_join_a_series_already_drawn(venue_and_leader):
    venue, teams, client = venue_and_leader
    lineups.mark_no_show(venue, {"team": teams[3].pk})
    draw.draw_series(_series(venue, 1), seed=1)

    with translation.override("de"):
        refused = client.post(
            API + f"venues/{venue.pk}/late-team/",
            {"team": teams[3].pk, "from_series": 1},
            format="json",
            HTTP_ACCEPT_LANGUAGE="de",
        )

    assert refused.status_code == 409
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("from_series", "series_drawn")
    assert "Serie 1 ist schon ausgelost" in error["message"]
    assert venue.venue_teams.get(team=teams[3]).no_show is True


def test_a_team_seated_in_a_series_is_no_late_team(venue_and_leader):
    venue, teams, client = venue_and_leader
    draw.draw_series(_series(venue, 1), seed=1)

    refused = client.post(
        API + f"venues/{venue.pk}/late-team/",
        {"team": teams[3].pk, "from_series": 2},
        format="json",
    )

    assert refused.status_code == 409
    assert refused.json()["errors"][0]["code"] == "team_has_played"
    assert venue.venue_teams.get(team=teams[3]).from_series is None


@pytest.mark.parametrize("from_series", [0, 3, "zwei"])
def test_the_series_a_late_team_joins_must_exist(venue_and_leader, from_series):
    venue, teams, client = venue_and_leader
    lineups.mark_no_show(venue, {"team": teams[3].pk})

    refused = client.post(
        API + f"venues/{venue.pk}/late-team/",
        {"team": teams[3].pk, "from_series": from_series},
        format="json",
    )

    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "from_series"


def test_a_late_team_counts_in_the_two_teams_rule_of_the_series_it_misses():
    """Three teams, one late from series 2: series 1 has two teams present, so both need
    four players there (Anlage 10)."""
    group = make_group(series=2, rounds=1)
    teams = [make_league_team(group) for _ in range(3)]
    venue = make_match_day(group, [teams]).venues.get()
    three = [entry.player_id for entry in teams[0].roster.filter(substitute=False)][:3]
    lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": three})

    with pytest.raises(Rejected) as refused:
        lineups.add_late_team(venue, {"team": teams[2].pk, "from_series": 2})

    assert refused.value.problems[0].code == "two_teams_need_four"


def test_the_host_director_records_a_late_team_on_the_venue_page(client):
    group = make_group(series=2, rounds=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)
    client.force_login(director)
    url = f"/liga/spielort/{venue.pk}/"
    lineups.mark_no_show(venue, {"team": teams[3].pk})
    draw.draw_series(_series(venue, 1), seed=1)

    page = client.get(url).content.decode()
    done = client.post(url, {"action": "late_team", "team": teams[3].pk, "from_series": "2"})
    refused = client.post(url, {"action": "late_team", "team": teams[3].pk, "from_series": "1"})

    assert 'data-testid="late-team"' in page
    assert done.status_code == 302
    entry = venue.venue_teams.get(team=teams[3])
    assert (entry.no_show, entry.from_series) == (False, 2)
    assert refused.status_code == 400
    assert "Serie 1 ist schon ausgelost" in refused.content.decode()


def test_a_late_team_has_no_line_up_in_the_series_it_misses(venue_and_leader):
    venue, teams, _client = venue_and_leader
    late = teams[3]
    lineups.add_late_team(venue, {"team": late.pk, "from_series": 2})
    regulars = [entry.player_id for entry in late.roster.filter(substitute=False)]

    with pytest.raises(Rejected) as refused:
        lineups.set_lineup(venue, {"series": 1, "team": late.pk, "players": regulars})

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("series", "team_late")
    entry = venue.venue_teams.get(team=late)
    assert not _series(venue, 1).players.filter(team=entry.tournament_team).exists()
