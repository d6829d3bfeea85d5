"""Team ranking (Mannschaftswertung): a team's total is the sum of its members' totals."""

from operator import itemgetter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import factories as f
from tournaments.services.ranking import sort_and_rank
from tournaments.services.team_ranking import rank_teams

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


@pytest.fixture
def tournament(db):
    return f.make_tournament(rounds_per_series=1)


def summary(rows):
    """(rank, team name, total, won, lost, [(member name, total), ...]) per row."""
    return [
        (r.rank, r.name, r.total, r.won, r.lost, [(m.name, m.total) for m in r.members])
        for r in rows
    ]


def test_team_ranking_sums_members_and_lists_teams_without_games(tournament):
    a, b, c = (f.make_team(tournament, name) for name in ("A", "B", "C"))
    a0, a1 = f.make_team_members(a, 2)
    b0, b1 = f.make_team_members(b, 2)  # b1 is not seated: counts 0
    f.make_team_members(c, 2)  # nobody of C plays
    (loner,) = f.make_participants(tournament, 1)  # no team: in no row
    table = f.make_table(f.make_series(tournament), [a0, b0, a1, loner])
    f.enter(table, declarer_seat=2, won=True, **KARO)  # g1: b0 Karo mit 1 won 18 +50 = 68
    f.enter(table, declarer_seat=3, game="clubs", matadors=1, won=True)  # g2: a1 24 +50 = 74
    f.enter(table, declarer_seat=1, won=False, **KARO)  # g3: a0 −36 −50 = −86; b0, a1, loner +30
    # a0 −86, a1 104, b0 98, b1 0: A = 18 (won 1, lost 1), B = 98 (won 1), C = 0

    rows = rank_teams(tournament)

    name = {p.id: p.player.full_name for p in (a0, a1, b0, b1)}
    assert [(r.rank, r.name, r.total, r.won, r.lost) for r in rows] == [
        (1, "B", 98, 1, 0),
        (2, "A", 18, 1, 1),
        (3, "C", 0, 0, 0),
    ]
    assert [(m.participant, m.total) for m in rows[0].members] == [(b0.id, 98), (b1.id, 0)]
    assert [(m.name, m.total) for m in rows[1].members] == [(name[a1.id], 104), (name[a0.id], -86)]
    assert len(rows[2].members) == 2
    assert rows[1].game_points + rows[1].bonus_won_lost + rows[1].bonus_opponents_lost == 18


def test_team_ranking_ties_more_won_first_then_shared_places(tournament):
    a, b, c, d, e = (f.make_team(tournament, name) for name in "ABCDE")
    (a2,) = f.make_team_members(a, 1)
    b1, b2 = f.make_team_members(b, 2)
    c1, c2, c3, c4 = f.make_team_members(c, 4)
    (loner,) = f.make_participants(tournament, 1)
    f.make_team_members(d, 2)
    f.make_team_members(e, 1)
    series = f.make_series(tournament)
    first = f.make_table(series, [c1, b1, b2, c2])
    second = f.make_table(series, [c3, c4, a2, loner])
    f.enter(first, declarer_seat=2, won=True, **KARO)  # b1 Karo mit 1 won 68
    f.enter(first, declarer_seat=3, game="spades", matadors=1, won=True)  # b2 22 +50 = 72
    f.enter(second, declarer_seat=2, won=False, **KARO)  # c4 −86; c3, a2, loner +30
    f.enter(second, declarer_seat=3, game="clubs", matadors=4, won=True)  # a2 60 +50 = 110
    # B = 68 + 72 = 140 (won 2); A = 30 + 110 = 140 (won 1); D = E = 0; C = 30 −86 = −56

    rows = rank_teams(tournament)

    assert [(r.rank, r.name, r.total, r.won, r.lost) for r in rows] == [
        (1, "B", 140, 2, 0),
        (2, "A", 140, 1, 0),
        (3, "D", 0, 0, 0),
        (3, "E", 0, 0, 0),
        (5, "C", -56, 0, 1),
    ]


def test_team_ranking_of_tournament_without_teams_is_empty(tournament):
    f.make_participants(tournament, 4)

    assert rank_teams(tournament) == []


def test_team_ranking_counts_only_this_tournament(tournament):
    team = f.make_team(tournament, "A")
    members = f.make_team_members(team, 3)
    other = f.make_tournament(rounds_per_series=1)
    f.enter(
        f.make_table(f.make_series(other), f.make_participants(other, 3)),
        declarer_seat=2,
        won=True,
        **KARO,
    )
    f.make_table(f.make_series(tournament), members)

    assert summary(rank_teams(tournament))[0][:5] == (1, "A", 0, 0, 0)


@pytest.mark.parametrize("teams", [1, 3])
def test_team_ranking_takes_the_same_queries_whatever_the_number_of_teams(
    tournament, teams, django_assert_num_queries
):
    series = f.make_series(tournament)
    for number in range(teams):
        members = f.make_team_members(f.make_team(tournament, f"T{number}"), 4)
        table = f.make_table(series, members)
        f.enter(table, declarer_seat=2, won=True, **KARO)
        f.enter(table, declarer_seat=3, won=False, **KARO)

    # The roster stamp, the teams, their members and the sums; then, with the teams and
    # members kept under the stamp (services/roster_cache.py), the stamp and the sums.
    with django_assert_num_queries(4):
        rows = rank_teams(tournament)
    with django_assert_num_queries(2):
        again = rank_teams(tournament)

    assert rows == again
    assert len(rows) == teams
    assert all(len(row.members) == 4 for row in rows)


results = st.lists(
    st.tuples(st.integers(-300, 300), st.integers(0, 3), st.integers(0, 3)), max_size=12
)


@given(results)
def test_places_follow_the_tie_rule_for_any_rows(lines):
    rows = [
        {"name": f"T{n}", "total": total, "won": won, "lost": lost}
        for n, (total, won, lost) in enumerate(lines)
    ]

    ranked = sort_and_rank(rows, order=itemgetter("name"))

    def better(a, b):
        return (-a["total"], -a["won"], a["lost"]) < (-b["total"], -b["won"], b["lost"])

    for row in ranked:
        assert row["rank"] == 1 + sum(better(other, row) for other in ranked)
