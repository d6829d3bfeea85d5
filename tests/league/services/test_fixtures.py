"""Match days: each venue's play is a tournament of the host's club, its teams registered,
its series created with the first four regular players of each team in the line-up."""

import pytest

from league.models import VenueTeam
from tests.league.factories import make_group, make_league_team, make_match_day
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


def test_a_venue_is_a_tournament_of_the_host_club_with_every_roster_registered():
    group = make_group(series=3, rounds=2)
    host = make_league_team(group, substitutes=1)
    guests = [make_league_team(group) for _ in range(3)]

    day = make_match_day(group, [[host, *guests]])

    venue = day.venues.get()
    tournament = venue.tournament
    assert tournament.club == host.club
    assert (tournament.planned_series, tournament.rounds_per_series) == (3, 2)
    assert tournament.participants.count() == 17
    assert sorted(tournament.teams.values_list("name", flat=True)) == sorted(
        t.name for t in [host, *guests]
    )
    lineups = [series.players.count() for series in tournament.series.order_by("number")]
    assert lineups == [16, 16, 16]
    substitute = host.roster.get(substitute=True).player
    assert not tournament.series.filter(players__player=substitute).exists()


def test_venues_of_one_match_day_name_their_number_and_keep_a_team_to_one_venue():
    group = make_group()
    teams = [make_league_team(group) for _ in range(8)]

    day = make_match_day(group, [teams[:4], teams[4:]])

    names = [venue.tournament.name for venue in day.venues.order_by("number")]
    assert names[0].endswith("Spielort 1") and names[1].endswith("Spielort 2")
    assert VenueTeam.objects.filter(match_day=day).count() == 8


@pytest.mark.parametrize(
    ("venues", "code"),
    [
        (lambda t: [[t[0], t[1]], [t[1], t[2]]], "team_twice"),
        (lambda t: [], "venues_required"),
    ],
)
def test_a_bad_fixture_is_refused(venues, code):
    group = make_group()
    teams = [make_league_team(group) for _ in range(4)]

    with pytest.raises(Rejected) as refused:
        make_match_day(group, venues(teams))

    assert [p.code for p in refused.value.problems] == [code]


def test_the_host_plays_at_its_own_venue():
    from league.services import fixtures

    group = make_group()
    teams = [make_league_team(group) for _ in range(3)]
    body = {
        "number": 1,
        "date": "2027-03-14",
        "venues": [{"host": teams[0].pk, "teams": [t.pk for t in teams[1:]]}],
    }

    with pytest.raises(Rejected) as refused:
        fixtures.create_match_day(group, body)

    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("venues[0].teams", "host_not_playing")
    ]


def test_a_central_match_day_has_every_team_at_one_venue():
    group = make_group()
    teams = [make_league_team(group) for _ in range(4)]

    with pytest.raises(Rejected) as refused:
        make_match_day(group, [teams[:3]], central=True)
    day = make_match_day(group, [teams], central=True)

    assert [p.code for p in refused.value.problems] == ["central_needs_everyone"]
    assert day.venues.get().tournament.series.first().players.count() == 16


def test_a_match_day_number_is_taken_once_per_group():
    group = make_group()
    teams = [make_league_team(group) for _ in range(2)]
    make_match_day(group, [teams], number=1)

    with pytest.raises(Rejected) as refused:
        make_match_day(group, [teams], number=1)

    assert refused.value.conflict
