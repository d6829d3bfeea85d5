"""ISPA leagues (RULES 6.1): teams of 6 or 8 at the table, team points on a scale of 6 per
series, each team's players spread over the tables of a series."""

from collections import Counter

import pytest

from league.models import Season
from league.services import lineups, results, structure
from tests.league.factories import (
    make_group,
    make_ispa_league,
    make_league_team,
    make_match_day,
    play_venue,
)
from tournaments.models import Seat
from tournaments.services import draw
from tournaments.services.errors import Rejected
from tournaments.skat.league import team_points

pytestmark = pytest.mark.django_db


def _ispa_venue(players=6):
    group = make_group(league=make_ispa_league(players))
    teams = [make_league_team(group, players=players, substitutes=2) for _ in range(4)]
    return make_match_day(group, [teams]).venues.get(), teams


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"scheme": "ispa", "players_per_team": 5}, "players_per_team"),
        ({"scheme": "ispa"}, "players_per_team"),
        ({"scheme": "dskv", "players_per_team": 6}, "players_per_team"),
        ({"scheme": "skat"}, "scheme"),
    ],
)
def test_a_league_s_scheme_and_team_size_must_fit(data, field):
    season = Season.objects.create(name="2028")

    with pytest.raises(Rejected) as refused:
        structure.create_league(season, {"name": "Liga", **data})

    assert [p.field for p in refused.value.problems] == [field]


def test_a_dskv_league_is_the_default_with_teams_of_four():
    league = structure.create_league(Season.objects.create(name="2029"), {"name": "Liga"})

    assert (league.scheme, league.players_per_team) == ("dskv", 4)


@pytest.mark.parametrize("players", [6, 8])
def test_an_ispa_team_plays_with_all_its_players_spread_over_the_tables(players):
    venue, _teams = _ispa_venue(players)
    series = venue.tournament.series.get(number=1)

    draw.draw_series(series, seed=3)

    seats = Seat.objects.filter(series=series).values_list("table", "participant__team")
    teams_at = Counter(seats)
    assert series.players.count() == 4 * players
    assert len({table for table, _team in seats}) == players  # tables of four
    assert max(teams_at.values()) == 1  # never two of one team at a table


def test_an_ispa_venue_awards_six_four_two_nothing_per_series():
    venue, _teams = _ispa_venue(6)
    play_venue(venue)

    result = results.venue_result(venue)
    table = results.group_table(venue.match_day.group, published_only=False)

    one = result.series[0]
    game_points = {score.team: score.game_points for score in one.teams}
    assert {s.team: s.team_points for s in one.teams} == team_points(game_points, per_team_beaten=2)
    assert sum(s.team_points for s in one.teams) == 12
    assert all(s.team_points + s.team_points_against == 6 for s in one.teams)
    assert {row.points_pair for row in table.rows} <= {
        "06:00",
        "04:02",
        "02:04",
        "00:06",
        "05:01",
        "03:03",
        "01:05",
    }
    assert sum(row.team_points + row.team_points_against for row in table.rows) == 24


def test_an_ispa_line_up_names_the_league_s_players_per_team():
    venue, teams = _ispa_venue(6)
    roster = [entry.player_id for entry in teams[0].roster.order_by("position")]

    with pytest.raises(Rejected) as refused:
        lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": roster[:4]})
    chosen = lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": roster[2:8]})

    assert [p.field for p in refused.value.problems] == ["players"]
    assert sorted(p.player_id for p in chosen) == sorted(roster[2:8])


def test_an_ispa_team_registers_at_least_one_player_fewer_than_play():
    group = make_group(league=make_ispa_league(8))

    with pytest.raises(Rejected) as refused:
        make_league_team(group, players=6)
    team = make_league_team(group, players=7, substitutes=4)

    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("players", "too_few_players_for_league")
    ]
    assert team.roster.count() == 11
