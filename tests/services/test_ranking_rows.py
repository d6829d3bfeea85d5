"""How the rankings build their rows and read their sums: the same rows as the dataclasses
would make, from one query over games and paper lists."""

import dataclasses
from collections import Counter

import pytest
from django.db.models import Q

from tests import factories as f
from tournaments.models import Participant, Seat
from tournaments.services import ranking, season_ranking, team_ranking
from tournaments.services.lists.settlement import Totals
from tournaments.services.lists.summary import save_summary

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def _fields(row) -> set[str]:
    return {field.name for field in dataclasses.fields(row)}


def test_a_frozen_row_is_the_row_its_dataclass_makes():
    values = {
        "game_points": 48,
        "won": 2,
        "lost": 1,
        "bonus_won_lost": 50,
        "bonus_opponents_lost": 0,
        "total": 98,
        "rank": 1,
        "participant": 7,
        "start_number": 3,
        "name": "Anna Özdemir",
        "club": "Skatfreunde",
        "team": "",
        "series_played": 2,
    }

    made = ranking.frozen_row(ranking.RankingRow, dict(values))
    expected = ranking.RankingRow(**values)

    assert made == expected
    assert hash(made) == hash(expected)
    assert repr(made) == repr(expected)
    assert dataclasses.asdict(made) == dataclasses.asdict(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.total = 0


@pytest.fixture
def tournament_with_a_paper_list():
    """Team A played a list game by game in series 1 and on paper in series 2."""
    tournament = f.make_tournament(rounds_per_series=1, club=f.make_club())
    members = f.make_team_members(f.make_team(tournament, "A"), 4)
    table = f.make_table(f.make_series(tournament), members)
    f.enter(table, declarer_seat=2, won=True, **KARO)
    paper = f.make_table(f.make_series(tournament), members)
    save_summary(
        paper,
        [
            {"seat": seat, "game_points": points, "won": won, "lost": lost}
            for seat, (points, won, lost) in enumerate(
                [(10, 1, 0), (0, 0, 0), (-40, 0, 1), (0, 0, 0)], start=1
            )
        ],
    )
    return tournament, members


def test_every_ranking_row_holds_exactly_its_fields(tournament_with_a_paper_list):
    tournament, _members = tournament_with_a_paper_list
    rows = [
        *ranking.rank_series(tournament.series.get(number=1)),
        *ranking.rank_tournament(tournament),
        *team_ranking.rank_teams(tournament),
        *season_ranking.rank_season(tournament.club, tournament.date.year),
    ]
    members = [member for row in team_ranking.rank_teams(tournament) for member in row.members]

    assert rows and members
    for row in [*rows, *members]:
        assert set(vars(row)) == _fields(row), type(row).__name__


def test_games_and_paper_lists_are_summed_in_one_query(
    tournament_with_a_paper_list, django_assert_num_queries
):
    tournament, members = tournament_with_a_paper_list
    first, second = tournament.series.order_by("number")

    with django_assert_num_queries(1):
        by_series = ranking.participant_totals(Q(tournament=tournament), "participant", "series")
    with django_assert_num_queries(1):
        whole = ranking.participant_totals(Q(tournament=tournament), "participant")

    declarer = members[1].pk  # seat 2 won the one game of series 1
    assert by_series[(declarer, first.pk)].won == 1
    assert by_series[(members[0].pk, second.pk)][:3] == (10, 1, 0)
    assert by_series[(members[2].pk, second.pk)][:3] == (-40, 0, 1)
    for member in members:
        assert whole[member.pk] == by_series.get((member.pk, first.pk), Totals()) + by_series.get(
            (member.pk, second.pk), Totals()
        )
    assert isinstance(whole[declarer], Totals)


def test_a_series_is_ranked_by_its_sql_built_once_as_by_the_orm_queries(
    tournament_with_a_paper_list, django_assert_num_queries
):
    tournament, members = tournament_with_a_paper_list
    scheme = tournament.scheme
    for series in tournament.series.order_by("number").select_related("tournament"):
        expected = ranking.rank_people(
            list(ranking.people(Participant.objects.filter(seats__series=series))),
            ranking.participant_totals(Q(series=series), "participant"),
            scheme,
            played=1,
        )
        # The roster stamp, the people and the sums; then the people are kept under the
        # stamp (tests/services/test_roster_cache.py).
        with django_assert_num_queries(3):
            ranked = ranking.rank_series(series)
        with django_assert_num_queries(2):
            again = ranking.rank_series(series)  # the SQL built the first time

        assert {row.participant for row in ranked} == {member.pk for member in members}
        assert ranked == expected == again
    assert ranking._by_id_sql.cache_info().hits >= 1


def test_a_tournament_is_ranked_by_its_sql_built_once_as_by_the_orm_queries(
    tournament_with_a_paper_list, django_assert_num_queries
):
    tournament, members = tournament_with_a_paper_list
    seats = Seat.objects.filter(series__tournament=tournament)
    played = Counter(seats.values_list("participant", flat=True))
    expected = ranking.rank_people(
        [
            person
            for person in ranking.people(Participant.objects.filter(tournament=tournament))
            if person[0] in played
        ],
        ranking.participant_totals(Q(tournament=tournament), "participant"),
        tournament.scheme,
        played,
    )
    # The roster stamp, the seats, the people and the sums; then the stamp and the sums.
    with django_assert_num_queries(4):
        ranked = ranking.rank_tournament(tournament)
    with django_assert_num_queries(2):
        again = ranking.rank_tournament(tournament)

    assert [row.series_played for row in ranked] == [2] * len(members)
    assert ranked == expected == again
