"""A central match day played in groups (RULES 6.1): team points within each group, the
groups formed from the table or by hand, the lost-game money to the group leader."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from league.exports.report_pdf import report_pdf
from league.models import MatchReport
from league.services import central_days, fixtures, reports, results, venue_money
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    make_season,
    play_venue,
    publish_report,
)
from tournaments.models import Table, Tariff
from tournaments.services import draw
from tournaments.services.errors import Rejected
from tournaments.services.money.settlement import settle_cash
from tournaments.skat.league import team_points

pytestmark = pytest.mark.django_db
D = Decimal


def _central_day(group, groups, number=1, user=None):
    return fixtures.create_match_day(
        group,
        {
            "number": number,
            "date": datetime.date(2027, 9, 18).isoformat(),
            "central": True,
            "venues": [{"teams": [team.pk for team in teams]} for teams in groups],
        },
        user=user,
    )


def _within_group(series) -> bool:
    """Whether the series' team points are those of its teams scored among themselves."""
    game_points = {score.team: score.game_points for score in series.teams}
    return {score.team: score.team_points for score in series.teams} == team_points(game_points)


def _group_with_leader(teams=16):
    group = make_group(series=2, rounds=1)
    leader = get_user_model().objects.create_user(f"staffelleiter{group.pk}")
    group.leaders.add(leader)
    return group, leader, [make_league_team(group) for _ in range(teams)]


def test_a_central_day_of_sixteen_teams_is_scored_in_four_groups_of_four():
    group, leader, teams = _group_with_leader(16)
    day = _central_day(group, [teams[i : i + 4] for i in range(0, 16, 4)], user=leader)
    for venue in day.venues.all():
        play_venue(venue, seed=venue.number)

    by_venue = [results.venue_result(venue) for venue in day.venues.order_by("number")]
    table = results.group_table(group, published_only=False)

    assert [venue.host_id for venue in day.venues.all()] == [None] * 4
    assert [len(r.teams) for r in by_venue] == [4, 4, 4, 4]
    # Within each group 3, 2, 1, 0 per series, never the 15 of one field of sixteen.
    for result in by_venue:
        assert [_within_group(one) for one in result.series] == [True, True]
        assert [sum(s.team_points for s in one.teams) for one in result.series] == [6, 6]
        assert all(s.team_points + s.team_points_against == 3 for s in result.series[0].teams)
    assert sum(row.team_points for row in table.rows) == 4 * 2 * 6
    assert {row.team: row.team_points for row in table.rows} == {
        score.team: score.team_points for result in by_venue for score in result.teams
    }
    assert {row.team: row.points_pair for row in table.rows} == {
        score.team: results.points_pair(score.team_points, 6 - score.team_points)
        for result in by_venue
        for score in result.teams
    }


def test_a_group_of_five_is_scored_four_three_two_one_nothing():
    group, leader, teams = _group_with_leader(9)
    day = _central_day(group, [teams[:4], teams[4:]], user=leader)
    five = day.venues.get(number=2)
    play_venue(five)

    result = results.venue_result(five)

    assert [_within_group(one) for one in result.series] == [True, True]
    assert [sum(s.team_points for s in one.teams) for one in result.series] == [10, 10]
    assert max(s.team_points + s.team_points_against for s in result.series[0].teams) == 4


def test_a_central_day_must_place_every_team_in_one_group():
    group, leader, teams = _group_with_leader(8)

    with pytest.raises(Rejected) as missing:
        _central_day(group, [teams[:4], teams[4:7]], user=leader)
    with pytest.raises(Rejected) as twice:
        _central_day(group, [teams[:4], teams[3:]], user=leader)

    assert [p.code for p in missing.value.problems] == ["central_needs_everyone"]
    assert [(p.field, p.code) for p in twice.value.problems] == [("venues[1].teams", "team_twice")]


def test_the_central_day_s_groups_follow_the_table_places_one_to_four_five_to_eight():
    group, teams = make_season(match_days=1, venues=2)
    table = results.group_table(group)

    groups = central_days.groups_from_table(group)

    assert [[team.pk for team in one] for one in groups] == [
        [row.team for row in table.rows[:4]],
        [row.team for row in table.rows[4:]],
    ]


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(16, [4, 4, 4, 4]), (14, [4, 5, 5]), (13, [4, 4, 5]), (10, [5, 5]), (4, [4]), (3, [3])],
)
def test_groups_of_four_take_the_odd_teams_in_groups_of_five_at_the_bottom(count, sizes):
    assert central_days.group_sizes(count) == sizes


def test_the_lost_game_money_of_a_central_group_goes_to_the_group_leader():
    group, leader, teams = _group_with_leader(8)
    day = _central_day(group, [teams[:4], teams[4:]], user=leader)
    venue = day.venues.get(number=1)
    Tariff.objects.create(tournament=venue.tournament, lost_game_fee=D("0.50"))
    draw.draw_series(venue.tournament.series.get(number=1), seed=1)
    for table in Table.objects.filter(series__tournament=venue.tournament):
        f.play_out(table)

    money = venue_money.lost_game_money(venue)

    assert venue.tournament.club is None  # no club's cash box
    assert venue.organiser == leader
    assert money.recipient == "group_leader"
    assert money.name == leader.username
    assert money.amount == settle_cash(venue.tournament).lost_game_fees_due > 0


def test_the_lost_game_money_of_a_decentral_venue_goes_to_the_host_club():
    group, teams = make_season(match_days=1, venues=1, publish=False)
    venue = group.match_days.get().venues.get()

    money = venue_money.lost_game_money(venue)

    assert (money.recipient, money.name) == ("club", teams[0].club.name)
    assert venue.tournament.club == teams[0].club


def test_a_central_group_s_report_is_published_and_counts_in_the_public_table():
    group, leader, teams = _group_with_leader(8)
    day = _central_day(group, [teams[:4], teams[4:]], user=leader)
    for venue in day.venues.all():
        play_venue(venue)
        publish_report(reports.submit_report(venue), leader)

    table = results.group_table(group)
    pdf = f.pdf_text(report_pdf(MatchReport.objects.get(venue__number=1)))

    assert table.match_days == [1]
    assert sum(row.team_points for row in table.rows) == 2 * 2 * 6
    assert "Gruppe 1" in pdf


def test_a_decentral_match_day_still_needs_a_host():
    group = make_group()
    teams = [make_league_team(group) for _ in range(4)]

    with pytest.raises(Rejected) as refused:
        fixtures.create_match_day(
            group,
            {"number": 1, "date": "2027-03-14", "venues": [{"teams": [t.pk for t in teams]}]},
        )

    assert [p.field for p in refused.value.problems] == ["venues[0].host"]
    assert make_match_day(group, [teams]).venues.get().host == teams[0]
