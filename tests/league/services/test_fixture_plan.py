"""The fixture plan's search without the database: venue sizes, everyone meeting
everyone where the dates allow, hosts spread, the same plan for the same seed."""

import itertools

import pytest

from league.services.fixture_plan import plan_days, venue_sizes
from tournaments.services.errors import Rejected


@pytest.mark.parametrize(
    ("teams", "sizes"),
    [(3, [3]), (4, [4]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (9, [3, 3, 3]), (10, [4, 3, 3])],
)
def test_venues_hold_three_to_four_teams(teams, sizes):
    assert sorted(venue_sizes(teams), reverse=True) == sizes


def test_two_teams_are_no_fixture_list():
    with pytest.raises(Rejected):
        venue_sizes(2)


@pytest.mark.parametrize(("teams", "days"), [(6, 5), (7, 4), (8, 3), (10, 5), (12, 5)])
def test_everyone_meets_everyone_and_hosts_are_spread(teams, days):
    ids = list(range(1, teams + 1))

    plan = plan_days(ids, days, seed=7)

    met = {
        pair for day in plan for venue in day for pair in itertools.combinations(sorted(venue), 2)
    }
    assert met == set(itertools.combinations(ids, 2))
    for day in plan:
        assert sorted(team for venue in day for team in venue) == ids
    hosts = [venue[0] for day in plan for venue in day]
    venues = len(hosts)
    assert max(hosts.count(team) for team in ids) == -(-venues // teams)
    assert plan == plan_days(ids, days, seed=7)
