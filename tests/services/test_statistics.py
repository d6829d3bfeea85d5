"""A player's statistics and tournament history, against hand-computed numbers."""

import datetime

import pytest

from tests import factories as f
from tournaments.models import ExtraPoints, Player, Tournament
from tournaments.services import participants
from tournaments.services.errors import Rejected
from tournaments.services.lists.summary import save_summary
from tournaments.services.ranking import rank_tournament
from tournaments.services.statistics import BestSeries, player_statistics

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def seat(tournament, players):
    """A new series of ``tournament`` with one table of ``players`` (registered if needed)."""
    known = {p.player_id: p for p in tournament.participants.all()}
    people = [known.get(p.id) or participants.register(tournament, p) for p in players]
    return f.make_table(f.make_series(tournament), people)


@pytest.fixture
def career(_career_ids, db):
    """P, Q, R, S, T1 and T2 of ``_career_ids``, read afresh for each test."""
    players = Player.objects.in_bulk([_career_ids[name] for name in "PQRS"])
    tournaments = Tournament.objects.in_bulk([_career_ids["T1"], _career_ids["T2"]])
    return {
        **{name: players[_career_ids[name]] for name in "PQRS"},
        **{name: tournaments[_career_ids[name]] for name in ("T1", "T2")},
    }


@pytest.fixture(scope="module")
def _career_ids(module_db):
    """P's two events (hand-computed), built once for the module (module_db):

    T1 (2026-03-01, SkWO, 4-table [P Q R S] in series 1, [Q P R S] in series 2)
      series 1: g1 Q Karo mit 1 won 68; g2 P Kreuz mit 1 won 74;
                g3 P Karo mit 1 lost −86, Q R S +30  → P −12 (won 1, lost 1), Q 98, R 30, S 30
      series 2: g1 P (seat 2) Grand mit 1 won 48 +50 = 98
      T1: Q 98 (1.), P 86 (2.), R 30, S 30 (3. shared)
    T2 (2025-11-11, game points only, paper list, 3-table [P X Y]):
      P 50 (won 1, lost 1), X 0, Y 20 (won 1) → P 1. of 3
    """
    club = f.make_club("K")
    p, q, r, s, x, y = (f.make_player(club, last_name=name) for name in "PQRSXY")
    t1 = f.make_tournament(
        rounds_per_series=1, club=club, name="Stadtmeisterschaft", date=datetime.date(2026, 3, 1)
    )
    first = seat(t1, [p, q, r, s])
    f.enter(first, declarer_seat=2, won=True, **KARO)
    f.enter(first, declarer_seat=1, game="clubs", matadors=1, won=True)
    f.enter(first, declarer_seat=1, won=False, **KARO)
    f.enter(seat(t1, [q, p, r, s]), declarer_seat=2, game="grand", matadors=1, won=True)
    t2 = f.make_tournament(
        rounds_per_series=1,
        name="Clubabend",
        date=datetime.date(2025, 11, 11),
        extra_points=ExtraPoints.NONE,
    )
    lines = [(1, 50, 1, 1), (2, 0, 0, 0), (3, 20, 1, 0)]
    keys = ("seat", "game_points", "won", "lost")
    save_summary(seat(t2, [p, x, y]), [dict(zip(keys, line, strict=True)) for line in lines])
    return {"P": p.pk, "Q": q.pk, "R": r.pk, "S": s.pk, "T1": t1.pk, "T2": t2.pk}


def test_statistics_of_all_years(career):
    stats = player_statistics(career["P"])

    assert (stats.tournaments, stats.series_played) == (2, 3)
    assert (stats.declared, stats.won, stats.lost, stats.win_rate) == (5, 3, 2, 0.6)
    assert stats.average_per_series == 45.3  # (−12 + 98 + 50) / 3 = 45.33
    assert stats.best_series == BestSeries(
        tournament=career["T1"].id,
        tournament_name="Stadtmeisterschaft",
        date=datetime.date(2026, 3, 1),
        series=career["T1"].series.get(number=2).id,
        number=2,
        won=1,
        lost=0,
        total=98,
    )
    assert [
        (h.name, h.date, h.rank, h.participants, h.total, h.won, h.lost, h.series_played)
        for h in stats.history
    ] == [
        ("Stadtmeisterschaft", datetime.date(2026, 3, 1), 2, 4, 86, 2, 1, 2),
        ("Clubabend", datetime.date(2025, 11, 11), 1, 3, 50, 1, 1, 1),
    ]


def test_statistics_of_one_year(career):
    stats = player_statistics(career["P"], year=2025)

    assert (stats.year, stats.tournaments, stats.series_played) == (2025, 1, 1)
    assert (stats.declared, stats.won, stats.lost, stats.win_rate) == (2, 1, 1, 0.5)
    assert stats.average_per_series == 50.0
    assert (stats.best_series.tournament_name, stats.best_series.total) == ("Clubabend", 50)
    assert [h.name for h in stats.history] == ["Clubabend"]


def test_statistics_without_games_have_no_rates(career):
    stats = player_statistics(career["P"], year=2024)

    assert (stats.tournaments, stats.series_played, stats.declared) == (0, 0, 0)
    assert (stats.win_rate, stats.average_per_series, stats.best_series) == (None, None, None)
    assert stats.history == ()


def test_statistics_of_a_player_who_never_declared(career):
    stats = player_statistics(career["S"])

    assert (stats.series_played, stats.declared, stats.win_rate) == (2, 0, None)
    assert stats.average_per_series == 15.0  # 30 + 0


@pytest.mark.parametrize("name", ["P", "Q", "R", "S"])
def test_statistics_rank_is_the_tournament_ranking_place(career, name):
    player = career[name]
    ranked = {row.participant: row.rank for row in rank_tournament(career["T1"])}
    participant = career["T1"].participants.get(player=player)

    (result,) = [h for h in player_statistics(player).history if h.name == "Stadtmeisterschaft"]

    assert result.rank == ranked[participant.id]
    assert result.rank == {"P": 2, "Q": 1, "R": 3, "S": 3}[name]


@pytest.mark.parametrize("year", [1899, 2101, "2026", True])
def test_statistics_refuse_a_year_out_of_range(year):
    with pytest.raises(Rejected) as refused:
        player_statistics(f.make_player(), year=year)

    assert [problem.field for problem in refused.value.problems] == ["year"]


@pytest.mark.parametrize("tournaments", [1, 3])
def test_statistics_take_the_same_queries_whatever_the_number_of_tournaments(
    tournaments, django_assert_num_queries
):
    players = [f.make_player(f.make_club()) for _ in range(4)]
    for day in range(1, tournaments + 1):
        tournament = f.make_tournament(rounds_per_series=1, date=datetime.date(2026, 1, day))
        for _ in range(2):
            f.enter(seat(tournament, players), declarer_seat=2, won=True, **KARO)
    player = Player.objects.select_related("club").get(pk=players[1].pk)

    with django_assert_num_queries(2):
        stats = player_statistics(player)

    assert (stats.tournaments, stats.series_played, stats.won) == (
        tournaments,
        2 * tournaments,
        2 * tournaments,
    )
