"""Venue results, league tables and the individual ranking: what they count and that their
queries do not grow with venues, teams or games."""

import pytest

from league.models import MatchReport
from league.services import reports, results
from tests.league.factories import make_match_day, make_season, play_venue, publish_report

pytestmark = pytest.mark.django_db


def _season(match_days: int, venues: int = 1, publish=True):
    return make_season(match_days=match_days, venues=venues, publish=publish)


def test_a_venue_s_team_points_per_series_sum_to_six_and_its_teams_are_ordered():
    group, _teams = _season(1)
    venue = group.match_days.get().venues.get()

    result = results.venue_result(venue)

    assert [sum(s.team_points for s in one.teams) for one in result.series] == [6]
    ordered = [(row.team_points, row.game_points) for row in result.teams]
    assert ordered == sorted(ordered, reverse=True)


def test_the_public_table_counts_published_match_days_and_the_leader_sees_them_all():
    group, _teams = _season(1, publish=False)

    public = results.group_table(group)
    leader = results.group_table(group, published_only=False)

    assert public.match_days == [] and {row.place for row in public.rows} == {1}
    assert leader.match_days == [1]
    assert sum(row.team_points for row in leader.rows) == 6
    assert [row.mark for row in leader.rows][0] == "promotion"
    assert [row.mark for row in leader.rows][-1] == "relegation"


def test_the_table_says_how_many_places_a_team_moved_on_the_last_match_day():
    group, teams = _season(1)
    before = {row.team: row.place for row in results.group_table(group).rows}
    leader = group.leaders.get()
    venue = make_match_day(group, [teams[::-1]], number=2).venues.get()
    play_venue(venue, seed=5)
    publish_report(reports.submit_report(venue), leader)

    table = results.group_table(group)

    assert table.match_days == [1, 2]
    assert {row.team: row.change for row in table.rows} == {
        row.team: before[row.team] - row.place for row in table.rows
    }
    assert all(set(row.days) == {1, 2} for row in table.rows)
    assert {row.team: row.days[1].team_points for row in table.rows} == {
        row.team: row.team_points - row.days[2].team_points for row in table.rows
    }


@pytest.mark.parametrize("venues", [1, 3])
def test_the_league_table_takes_the_same_queries_whatever_the_size(
    django_assert_num_queries, venues
):
    group, _teams = _season(2, venues=venues)

    # The venues with their published reports, and the teams: the published numbers are
    # read from the reports, not summed again from the lists.
    with django_assert_num_queries(2):
        table = results.group_table(group)

    assert len(table.rows) == 4 * venues


@pytest.mark.parametrize("venues", [1, 3])
def test_the_player_ranking_takes_the_same_queries_whatever_the_size(
    django_assert_num_queries, venues
):
    group, _teams = _season(1, venues=venues)
    group = type(group).objects.select_related("league").get(pk=group.pk)

    with django_assert_num_queries(5):
        rows = results.player_ranking(group)

    assert len(rows) == 16 * venues
    assert all(row.record.games == 3 for row in rows)


def test_published_reports_only_count_when_published():
    group, _teams = _season(1, publish=False)

    assert MatchReport.objects.filter(status="published").count() == 0
    assert results.player_ranking(group) == []


def test_the_leader_s_table_counts_played_match_days_only():
    """A match day set up but not yet played (no series drawn) is no match day of the
    table: no column, no change of places, no zeros for every team."""
    group, teams = _season(1)
    make_match_day(group, [teams], number=2)

    leader = results.group_table(group, published_only=False)

    assert leader.match_days == [1]
    assert all(set(row.days) == {1} for row in leader.rows)
    assert all(row.change is None for row in leader.rows)
