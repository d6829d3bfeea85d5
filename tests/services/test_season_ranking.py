"""Season ranking (Jahreswertung) of a club across its tournaments and club evenings."""

import datetime

import pytest

from tests import factories as f
from tournaments.models import Club, ExtraPoints
from tournaments.services import participants
from tournaments.services.errors import Rejected
from tournaments.services.lists.summary import save_summary
from tournaments.services.season_ranking import rank_season

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def play(tournament, people):
    """Register ``people`` (players) and seat them at one new table of a new series."""
    registered = {p.id: p for p in tournament.participants.select_related("player")}
    by_player = {p.player_id: p for p in registered.values()}
    seats = [by_player.get(p.id) or participants.register(tournament, p) for p in people]
    return f.make_table(f.make_series(tournament), seats)


def summarise(table, lines):
    """A paper list: ``lines`` = [(game_points, won, lost)] for seats 1, 2, …"""
    save_summary(
        table,
        [
            {"seat": seat, "game_points": gp, "won": won, "lost": lost}
            for seat, (gp, won, lost) in enumerate(lines, start=1)
        ],
    )


@pytest.fixture
def season(_season_club_id, db):
    """Club K (see ``_season_club_id``), built once for the module (module_db)."""
    return Club.objects.get(pk=_season_club_id)


@pytest.fixture(scope="module")
def _season_club_id(module_db):
    """Club K's 2026, with P in three of its events, and two events that do not count.

    Series totals (hand-computed, SkWO unless said otherwise):
      T1 series 1 [P Q R S]: g1 Q Karo mit 1 won 68; g2 P Kreuz mit 1 won 24 +50 = 74
      T1 series 2 [P Q R S]: g1 R Karo mit 1 lost −36 −50 = −86; P, Q, S +30
      T2 (game points only, paper list) [P Q R S]: P 100 (won 2), Q 0, R −40 (lost 1), S 0
      T3 (club evening, 3-table) [P U V]: g1 U Karo mit 1 won 68
    P: 74, 30, 100, 0 → 204, best 2: 174 (won 3)     Q: 68, 30, 0 → 98
    R: 0, −86, −40 → −126, best 2: −40 (lost 1)      S: 0, 30, 0 → 30
    U: 68 (1 series)    V: 0 (1 series)
    Not counted: another club's evening in 2026 and K's tournament of 2025 (P wins there).
    """
    club = f.make_club("K")
    p, q, r, s, u, v = (f.make_player(club, last_name=name) for name in "PQRSUV")
    t1 = f.make_tournament(rounds_per_series=1, club=club, date=datetime.date(2026, 2, 10))
    first = play(t1, [p, q, r, s])
    f.enter(first, declarer_seat=2, won=True, **KARO)
    f.enter(first, declarer_seat=1, game="clubs", matadors=1, won=True)
    f.enter(play(t1, [p, q, r, s]), declarer_seat=3, won=False, **KARO)
    t2 = f.make_tournament(
        rounds_per_series=1,
        club=club,
        date=datetime.date(2026, 5, 5),
        extra_points=ExtraPoints.NONE,
    )
    summarise(play(t2, [p, q, r, s]), [(100, 2, 0), (0, 0, 0), (-40, 0, 1), (0, 0, 0)])
    t3 = f.make_tournament(rounds_per_series=1, club=club, date=datetime.date(2026, 12, 31))
    f.enter(play(t3, [p, u, v]), declarer_seat=2, won=True, **KARO)
    for other, date in (
        (f.make_club(), datetime.date(2026, 6, 1)),
        (club, datetime.date(2025, 12, 31)),
    ):
        elsewhere = f.make_tournament(rounds_per_series=1, club=other, date=date)
        f.enter(play(elsewhere, [p, q, r]), declarer_seat=1, game="grand", matadors=4, won=True)
    return club.pk


def table_of(rows):
    """(rank, last name, total, won, lost, series played, series counted) per row."""
    return [
        (
            row.rank,
            row.name.split()[-1],
            row.total,
            row.won,
            row.lost,
            row.series_played,
            row.series_counted,
        )
        for row in rows
    ]


def test_season_ranking_sums_all_series_of_the_year(season):
    rows = rank_season(season, 2026)

    assert table_of(rows) == [
        (1, "P", 204, 3, 0, 4, 4),
        (2, "Q", 98, 1, 0, 3, 3),
        (3, "U", 68, 1, 0, 1, 1),
        (4, "S", 30, 0, 0, 3, 3),
        (5, "V", 0, 0, 0, 1, 1),
        (6, "R", -126, 0, 2, 3, 3),
    ]
    assert [row.tournaments for row in rows] == [3, 2, 1, 2, 1, 2]


def test_season_ranking_puts_players_sharing_a_place_in_german_alphabetical_order():
    """Ö sorts with O (the player's stored sort name), not after Z as its code point would."""
    club = f.make_club()
    people = [f.make_player(club, last_name=name) for name in ("Zander", "Özil", "Ott")]
    tournament = f.make_tournament(rounds_per_series=1, club=club, date=datetime.date(2026, 5, 1))
    play(tournament, people)

    rows = rank_season(club, 2026)

    assert [(row.rank, row.name.split()[-1], row.total) for row in rows] == [
        (1, "Ott", 0),
        (1, "Özil", 0),
        (1, "Zander", 0),
    ]


def test_season_ranking_counts_only_the_best_series(season):
    rows = rank_season(season, 2026, best=2, min_series=2)

    assert table_of(rows) == [
        (1, "P", 174, 3, 0, 4, 2),
        (2, "Q", 98, 1, 0, 3, 2),
        (3, "S", 30, 0, 0, 3, 2),
        (4, "R", -40, 0, 1, 3, 2),
    ]


def test_season_ranking_leaves_out_players_below_the_minimum(season):
    rows = rank_season(season, 2026, min_series=4)

    assert table_of(rows) == [(1, "P", 204, 3, 0, 4, 4)]


def test_season_ranking_uses_the_club_settings_by_default(season):
    season.season_best_series, season.season_min_series = 2, 3
    season.save()

    rows = rank_season(season, 2026)

    assert [(row.name.split()[-1], row.total) for row in rows] == [
        ("P", 174),
        ("Q", 98),
        ("S", 30),
        ("R", -40),
    ]


def test_season_ranking_parameters_override_the_club_settings(season):
    season.season_best_series, season.season_min_series = 1, 4
    season.save()

    rows = rank_season(season, 2026, best=1000, min_series=0)

    assert len(rows) == 6
    assert rows[0].total == 204


@pytest.mark.parametrize("year", [2025, 2027])
def test_season_ranking_of_another_year_has_only_that_year(season, year):
    rows = rank_season(season, year)

    # 2025, 3-table [P Q R]: P Grand mit 4 won 24 × 5 = 120 +50 = 170
    expected = [(1, "P", 170, 1, 0, 1, 1), (2, "Q", 0, 0, 0, 1, 1), (2, "R", 0, 0, 0, 1, 1)]
    assert table_of(rows) == (expected if year == 2025 else [])


def test_season_ranking_shares_places_on_equal_total_won_and_lost():
    club = f.make_club()
    tournament = f.make_tournament(rounds_per_series=1, club=club, date=datetime.date(2026, 4, 1))
    people = f.make_participants(tournament, 4)
    table = f.make_table(f.make_series(tournament), people)
    f.enter(table, declarer_seat=2, won=True, **KARO)  # seat 2: 68
    f.enter(table, declarer_seat=3, won=True, **KARO)  # seat 3: 68

    rows = rank_season(club, 2026)

    assert [(row.rank, row.player, row.total) for row in rows] == [
        (1, people[1].player_id, 68),
        (1, people[2].player_id, 68),
        (3, people[0].player_id, 0),
        (3, people[3].player_id, 0),
    ]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"year": 1899}, "year"),
        ({"year": 2101}, "year"),
        ({"year": "2026"}, "year"),
        ({"year": 2026, "best": 0}, "best"),
        ({"year": 2026, "best": True}, "best"),
        ({"year": 2026, "min_series": -1}, "min_series"),
        ({"year": 2026, "min_series": 1001}, "min_series"),
    ],
)
def test_season_ranking_refuses_values_out_of_range(arguments, field):
    club = f.make_club()
    year = arguments.pop("year")

    with pytest.raises(Rejected) as refused:
        rank_season(club, year, **arguments)

    assert [problem.field for problem in refused.value.problems] == [field]


@pytest.mark.parametrize("tournaments", [1, 3])
def test_season_ranking_takes_the_same_queries_whatever_the_number_of_tournaments(
    tournaments, django_assert_num_queries
):
    club = f.make_club()
    players = [f.make_player(club) for _ in range(4)]
    for day in range(1, tournaments + 1):
        tournament = f.make_tournament(
            rounds_per_series=1, club=club, date=datetime.date(2026, 1, day)
        )
        for _ in range(2):
            f.enter(play(tournament, players), declarer_seat=2, won=True, **KARO)
        summarise(play(tournament, players), [(10, 1, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)])

    # The tournaments with their roster stamps, the seats, the sums; then the seats are
    # kept under the stamps (services/roster_cache.py): the stamps and the sums.
    with django_assert_num_queries(3):
        rows = rank_season(club, 2026)
    with django_assert_num_queries(2):
        again = rank_season(club, 2026)

    assert rows == again
    assert [row.series_played for row in rows] == [3 * tournaments] * 4
