"""Line-ups per series, the draw seating them with team mates apart, and no-shows."""

from collections import Counter

import pytest

from league.services import lineups
from tests.league.factories import make_group, make_league_team, make_match_day
from tournaments.models import AuditEntry, Seat
from tournaments.services import draw
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue():
    group = make_group(series=2)
    teams = [make_league_team(group, substitutes=1)] + [make_league_team(group) for _ in range(3)]
    return make_match_day(group, [teams]).venues.get()


def _first_series(venue):
    return venue.tournament.series.get(number=1)


def _team(venue, index=0):
    return venue.venue_teams.order_by("id")[index].team


def test_the_draw_seats_one_player_of_each_team_at_every_table(venue):
    series = _first_series(venue)

    drawn = draw.draw_series(series, seed=7)

    teams = {p.pk: p.team_id for p in venue.tournament.participants.all()}
    assert [len(t.seats) for t in drawn.tables] == [4, 4, 4, 4]
    assert all(len({teams[p] for p in t.seats}) == 4 for t in drawn.tables)
    assert drawn.conflicts == ()


def test_a_substitute_comes_in_through_the_line_up_and_the_audit_trail_says_so(venue):
    team = _team(venue)
    roster = [entry.player for entry in team.roster.order_by("position")]

    lineups.set_lineup(venue, {"series": 1, "team": team.pk, "players": [p.pk for p in roster[1:]]})

    series = _first_series(venue)
    drawn = draw.draw_series(series, seed=3)
    seated = {
        s.participant.player_id
        for s in Seat.objects.filter(series=series).select_related("participant")
    }
    assert roster[4].pk in seated and roster[0].pk not in seated
    assert sum(len(t.seats) for t in drawn.tables) == 16
    entry = AuditEntry.objects.get(action="lineup_set")
    assert entry.before == {"players": sorted(p.pk for p in roster[:4])}
    assert entry.after["players"] == [p.pk for p in roster[1:]]


def test_a_team_of_three_is_seated_four_four_four_three():
    group = make_group()
    teams = [make_league_team(group, players=3)] + [make_league_team(group) for _ in range(3)]
    venue = make_match_day(group, [teams]).venues.get()

    drawn = draw.draw_series(_first_series(venue), seed=11)

    teams_of = {p.pk: p.team_id for p in venue.tournament.participants.all()}
    assert sorted(len(t.seats) for t in drawn.tables) == [3, 4, 4, 4]
    assert all(max(Counter(teams_of[p] for p in t.seats).values()) == 1 for t in drawn.tables)


@pytest.mark.parametrize(
    ("players", "code"),
    [
        (lambda r: [p.pk for p in r[:2]], "invalid_list"),
        (lambda r: [999_999, *[p.pk for p in r[:3]]], "unknown_id"),
    ],
)
def test_a_line_up_takes_three_or_four_players_of_the_roster(venue, players, code):
    team = _team(venue)
    roster = [entry.player for entry in team.roster.order_by("position")]

    with pytest.raises(Rejected) as refused:
        lineups.set_lineup(venue, {"series": 1, "team": team.pk, "players": players(roster)})

    assert [(p.field, p.code) for p in refused.value.problems] == [("players", code)]


def test_a_line_up_is_fixed_once_the_series_is_drawn(venue):
    team = _team(venue)
    draw.draw_series(_first_series(venue), seed=1)
    roster = [entry.player.pk for entry in team.roster.order_by("position")]

    with pytest.raises(Rejected) as refused:
        lineups.set_lineup(venue, {"series": 1, "team": team.pk, "players": roster[1:]})

    assert refused.value.conflict
    assert refused.value.problems[0].code == "series_drawn"


def test_a_team_that_did_not_come_leaves_every_line_up(venue):
    absent = _team(venue, 3)

    lineups.mark_no_show(venue, {"team": absent.pk})

    for series in venue.tournament.series.all():
        assert series.players.count() == 12
        assert not series.players.filter(team__league_entry__team=absent).exists()
    assert venue.venue_teams.get(team=absent).no_show


def test_a_team_with_players_at_a_table_did_come(venue):
    draw.draw_series(_first_series(venue), seed=1)

    with pytest.raises(Rejected) as refused:
        lineups.mark_no_show(venue, {"team": _team(venue).pk})

    assert refused.value.problems[0].code == "team_has_played"


def test_a_team_of_another_venue_is_refused(venue):
    stranger = make_league_team(venue.match_day.group)

    with pytest.raises(Rejected) as refused:
        lineups.mark_no_show(venue, {"team": stranger.pk})

    assert [(p.field, p.code) for p in refused.value.problems] == [("team", "unknown_id")]


def test_a_substitute_during_a_series_comes_from_the_team_s_own_roster_only():
    """Anlage 10: a player of another team — even of the team that did not turn up — never
    takes over a seat; the team's own substitute does."""
    from django.utils import translation

    from tournaments.models import Participant, Table
    from tournaments.services import seating

    group = make_group(series=1, rounds=2)
    teams = [make_league_team(group, substitutes=1) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    lineups.mark_no_show(venue, {"team": teams[3].pk})
    series = _first_series(venue)
    draw.draw_series(series, seed=3)
    seat = (
        Seat.objects.filter(
            series=series,
            participant__player__in=[
                entry.player_id for entry in teams[0].roster.filter(substitute=False)
            ],
        )
        .select_related("table")
        .first()
    )
    absent = Participant.objects.get(
        tournament=venue.tournament, player=teams[3].roster.first().player
    )
    own = Participant.objects.get(
        tournament=venue.tournament, player=teams[0].roster.get(substitute=True).player
    )
    table = Table.objects.get(pk=seat.table_id)

    with pytest.raises(Rejected) as refused:
        seating.replace_player(table, seat.number, absent.pk, 5)
    replaced = seating.replace_player(Table.objects.get(pk=table.pk), seat.number, own.pk, 5)

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("participant", "participant_of_other_team")
    with translation.override("de"):
        said = problem.text(translation.gettext)
    assert absent.player.full_name in said and teams[0].name in said
    assert replaced.participant == own


def test_a_no_show_is_taken_back_before_the_first_draw_only():
    """Anlage 10: a team recorded as not turned up that arrives before the first series is
    drawn plays after all, with its first four regular players in every series."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from tests.league.play import API

    group = make_group(series=2, rounds=1)
    teams = [make_league_team(group, substitutes=1) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    client = APIClient()
    client.force_authenticate(leader)
    regulars = {entry.player_id for entry in teams[2].roster.filter(substitute=False)}

    lineups.mark_no_show(venue, {"team": teams[2].pk})
    taken_back = client.delete(API + f"venues/{venue.pk}/no-show/{teams[2].pk}/")
    entry = venue.venue_teams.get(team=teams[2])
    in_series = [
        {p.player_id for p in one.players.filter(team=entry.tournament_team)}
        for one in venue.tournament.series.order_by("number")
    ]
    lineups.mark_no_show(venue, {"team": teams[2].pk})
    draw.draw_series(_first_series(venue), seed=1)
    too_late = client.delete(API + f"venues/{venue.pk}/no-show/{teams[2].pk}/")

    assert taken_back.status_code == 200 and entry.no_show is False
    assert in_series == [regulars, regulars]
    assert AuditEntry.objects.filter(action="team_no_show_withdrawn").count() == 1
    assert too_late.status_code == 409
    assert too_late.json()["errors"][0]["code"] == "series_drawn"
    assert venue.venue_teams.get(team=teams[2]).no_show is True


def test_three_teams_of_four_play_at_four_three_tables_one_of_each_team_a_table(venue):
    """Anlage 10 (4-4-4-0): three 4-tables would seat team-mates together; four 3-tables
    seat one player of each team at every table."""
    lineups.mark_no_show(venue, {"team": _team(venue, 3).pk})
    series = _first_series(venue)

    drawn = draw.draw_series(series, seed=7)

    teams = {p.pk: p.team_id for p in venue.tournament.participants.all()}
    assert [len(t.seats) for t in drawn.tables] == [3, 3, 3, 3]
    assert all(len({teams[p] for p in t.seats}) == 3 for t in drawn.tables)
    assert drawn.conflicts == ()


def test_only_two_teams_present_play_only_with_four_players_each():
    """Anlage 10: with two teams present both need four players, in every series."""
    group = make_group(series=1, rounds=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    three = [entry.player_id for entry in teams[0].roster.filter(substitute=False)][:3]
    lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": three})
    lineups.mark_no_show(venue, {"team": teams[3].pk})

    with pytest.raises(Rejected) as no_show_refused:
        lineups.mark_no_show(venue, {"team": teams[2].pk})
    four = [entry.player_id for entry in teams[0].roster.filter(substitute=False)][:4]
    lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": four})
    lineups.mark_no_show(venue, {"team": teams[2].pk})
    with pytest.raises(Rejected) as lineup_refused:
        lineups.set_lineup(venue, {"series": 1, "team": teams[0].pk, "players": three})

    problem = no_show_refused.value.problems[0]
    assert (problem.field, problem.code) == ("team", "two_teams_need_four")
    assert teams[0].name in problem.text()
    problem = lineup_refused.value.problems[0]
    assert (problem.field, problem.code) == ("players", "two_teams_need_four")
