"""Seasons, leagues, groups and teams: the rules a season's structure keeps."""

import pytest

from league.models import RosterEntry
from league.services import structure
from tests import factories as f
from tests.league.factories import make_group, make_league, make_league_team
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


def _codes(refused):
    return [(p.field, p.code) for p in refused.value.problems]


def test_a_league_keeps_its_settings_and_defaults_to_the_rules_figures():
    league = make_league()
    default = structure.create_league(league.season, {"name": "Oberliga"})

    assert (default.series_per_match_day, default.rounds_per_series) == (3, 12)
    assert (default.protest_days, default.min_games) == (14, 0)


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("series_per_match_day", 0, "invalid_number"),
        ("series_per_match_day", 9, "invalid_number"),
        ("protest_days", -1, "invalid_number"),
        ("rounds_per_series", "zwölf", "invalid_number"),
        ("name", "", "required"),
        ("name", "x" * 101, "too_long"),
    ],
)
def test_a_league_with_a_bad_setting_is_refused_naming_the_field(field, value, code):
    league = make_league()

    with pytest.raises(Rejected) as refused:
        structure.create_league(league.season, {"name": "Verbandsliga", field: value})

    assert _codes(refused) == [(field, code)]


def test_a_player_plays_for_one_team_per_league_and_season():
    group = make_group()
    team = make_league_team(group)
    taken = team.roster.first().player
    club = f.make_club()
    others = [f.make_player(club) for _ in range(3)]

    with pytest.raises(Rejected) as refused:
        structure.create_team(
            group,
            {"club": club.pk, "name": "Zweite", "players": [taken.pk] + [p.pk for p in others]},
        )

    assert _codes(refused) == [("players", "player_in_other_team")]
    assert refused.value.conflict
    assert taken.full_name in refused.value.problems[0].text()


def test_the_same_player_may_play_in_another_league():
    first, second = make_group(), make_group()
    player = make_league_team(first).roster.first().player
    club = f.make_club()

    team = structure.create_team(
        second,
        {
            "club": club.pk,
            "name": "Andere Liga",
            "players": [player.pk] + [f.make_player(club).pk for _ in range(3)],
        },
    )

    assert RosterEntry.objects.filter(player=player).count() == 2
    assert team.roster.count() == 4


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"players": []}, ("players", "invalid_list")),
        ({"players": "1,2,3"}, ("players", "invalid_list")),
        ({"captain": 999_999}, ("captain", "unknown_id")),
        ({"club": None}, ("club", "unknown_id")),
    ],
)
def test_a_team_with_a_bad_roster_is_refused_naming_the_field(change, problem):
    group = make_group()
    club = f.make_club()
    players = [f.make_player(club).pk for _ in range(4)]
    body = {"club": club.pk, "name": "Herzbuben", "players": players, "captain": players[0]}

    with pytest.raises(Rejected) as refused:
        structure.create_team(group, {**body, **change})

    assert _codes(refused) == [problem]


def test_a_team_may_start_with_three_players_and_keeps_substitutes_apart():
    team = make_league_team(make_group(), players=3, substitutes=2)

    roster = structure.roster_of(team)

    assert [entry.substitute for entry in roster] == [False, False, False, True, True]
    assert len(structure.regular_players(team, roster)) == 3


def test_a_group_leader_is_named_by_user_id():
    group = make_group()
    leader = f.make_staff_user()

    structure.add_leader(group, leader.pk)

    assert list(group.leaders.all()) == [leader]
    with pytest.raises(Rejected) as refused:
        structure.add_leader(group, "nobody")
    assert _codes(refused) == [("user", "unknown_id")]
