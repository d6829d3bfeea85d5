"""Settlement of hand-made lists (docs/rules.md 2 and 3), worked out by hand in each test."""

import pytest
from django.db import connection
from django.db.models import Sum

from tests import factories as f
from tournaments.models import Game, GamePoints, SummaryEntry, Table
from tournaments.services import seating
from tournaments.services.errors import Rejected
from tournaments.services.lists.settlement import AGGREGATES, SUMMARY_AGGREGATES, settle_table
from tournaments.services.lists.summary import save_summary

pytestmark = pytest.mark.django_db

FIELDS = ("seat", "game_points", "won", "lost", "bonus_won_lost", "bonus_opponents_lost", "total")


def settlement(table):
    """(seat, game_points, won, lost, bonus_won_lost, bonus_opponents_lost, total) per line."""
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    return [tuple(getattr(line, name) for name in FIELDS) for line in settle_table(table)]


def list_points_of(table):
    """Per participant the sum of GamePoints.points on this table's list."""
    rows = GamePoints.objects.filter(table=table).values("participant").annotate(sum=Sum("points"))
    return {row["participant"]: row["sum"] for row in rows}


def assert_totals_are_list_points(table):
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    sums = list_points_of(table)
    for line in settle_table(table):
        assert line.total == sums.get(line.participant, 0)


def game_points_by_seat(game):
    return {row.seat: row.points for row in game.points.all()}


def test_settlement_four_table_with_passed_game(new_table):
    table = new_table(players=4, rounds_per_series=1)
    # g1 dealer 1: seat 2 Kreuz mit 1 won: 12 × 2 = 24 → +24, list +74
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)
    # g2 dealer 2: eingepasst, nobody scores
    passed = f.enter(table, passed=True)
    # g3 dealer 3: seat 1 Grand mit 2 lost: 24 × 3 = 72 → −144, list −194; seats 2, 3, 4 +30
    f.enter(table, declarer_seat=1, game="grand", matadors=2, won=False)
    # g4 dealer 4: seat 3 Herz ohne 2 won: 10 × 3 = 30 → +30, list +80
    f.enter(table, declarer_seat=3, game="hearts", matadors=2, with_matadors=False, won=True)

    dealers = list(table.games.order_by("number").values_list("dealer_seat", flat=True))

    assert dealers == [1, 2, 3, 4]
    assert game_points_by_seat(passed) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert settlement(table) == [
        (1, -144, 0, 1, -50, 0, -194),
        (2, 24, 1, 0, 50, 30, 104),
        (3, 30, 1, 0, 50, 30, 110),
        (4, 0, 0, 0, 0, 30, 30),
    ]
    assert_totals_are_list_points(table)


def test_settlement_lost_null_ouvert_hand_credits_the_dealer_too(new_table):
    table = new_table(players=4)
    # g1 dealer 1 (sits out): seat 2 Null ouvert Hand (59) lost → −118, list −168;
    # seats 1 (dealer), 3, 4 +30 each
    game = f.enter(table, declarer_seat=2, game="null", ouvert=True, hand=True, won=False)

    assert (game.score, game.declarer_points) == (-118, -168)
    assert game_points_by_seat(game) == {1: 30, 2: -168, 3: 30, 4: 30}
    assert game.points.get(seat=1).role == GamePoints.Role.DEALER_OUT
    assert settlement(table) == [
        (1, 0, 0, 0, 0, 30, 30),
        (2, -118, 0, 1, -50, 0, -168),
        (3, 0, 0, 0, 0, 30, 30),
        (4, 0, 0, 0, 0, 30, 30),
    ]
    assert_totals_are_list_points(table)


def test_settlement_overbid_game_is_lost_at_the_bid(new_table):
    table = new_table(players=3)
    # g1 dealer 1 (Hinterhand at a 3-table): bid 48, Kreuz mit 1 won without Schneider is
    # worth 24 < 48 → lost, 4 × 12 = 48 → −96, list −146; seats 2 and 3 +40
    game = f.enter(table, declarer_seat=1, game="clubs", matadors=1, bid=48, won=True)

    assert (game.won, game.overbid, game.game_value, game.score) == (False, True, 48, -96)
    assert settlement(table) == [
        (1, -96, 0, 1, -50, 0, -146),
        (2, 0, 0, 0, 0, 40, 40),
        (3, 0, 0, 0, 0, 40, 40),
    ]
    assert_totals_are_list_points(table)


@pytest.fixture
def departure_table(new_table):
    """Court example: 6 rounds at a 4-table, seat 2 leaves after game 20 (end of round 5)."""
    table = new_table(players=4, rounds_per_series=6)
    for _ in range(18):
        f.enter(table, passed=True)
    # g19 dealer 3: seat 2 Pik mit 1 won: 22 → list +72
    f.enter(table, declarer_seat=2, game="spades", matadors=1, won=True)
    # g20 dealer 4: seat 1 Karo mit 1 lost: 18 → −36, list −86; seats 2, 3, 4 +30
    f.enter(table, declarer_seat=1, game="diamonds", matadors=1, won=False)
    seating.leave_table(table, 2, 20)
    # Round 6 at the 3-table of seats 1, 3, 4: games 21–23.
    # g21 dealer 1: seat 3 Herz mit 1 lost: 20 → −40, list −90; seats 1 and 4 +40
    f.enter(table, declarer_seat=3, game="hearts", matadors=1, won=False)
    # g22 dealer 3: seat 4 Grand mit 1 won: 48 → list +98
    f.enter(table, declarer_seat=4, game="grand", matadors=1, won=True)
    # g23 dealer 4: eingepasst
    f.enter(table, passed=True)
    return table


def test_departure_last_round_is_played_as_three_table(departure_table):
    last_round = departure_table.games.filter(number__gte=21).order_by("number")

    assert [(g.number, g.dealer_seat, g.table_size) for g in last_round] == [
        (21, 1, 3),
        (22, 3, 3),
        (23, 4, 3),
    ]


def test_departure_settlement_credits_30_before_and_40_after(departure_table):
    # seat 1: −36 −50 + 40 (g21)       = −46
    # seat 2: +22 +50 + 30 (g20)       = 102, his results up to game 20 stay
    # seat 3: −40 −50 + 30 (g20)       = −60
    # seat 4: +48 +50 + 30 (g20) + 40 (g21) = 168
    assert settlement(departure_table) == [
        (1, -36, 0, 1, -50, 40, -46),
        (2, 22, 1, 0, 50, 30, 102),
        (3, -40, 0, 1, -50, 30, -60),
        (4, 48, 1, 0, 50, 70, 168),
    ]
    assert_totals_are_list_points(departure_table)


def test_departure_series_ends_after_23_games(departure_table):
    with pytest.raises(Rejected) as refused:
        f.enter(departure_table, passed=True)

    assert refused.value.problems[0].code == "series_complete"
    assert departure_table.games.count() == 23


@pytest.fixture
def joined_table(new_table, newcomer):
    """A 3-table of 2 rounds; a fourth player joins at game 4, the start of round 2."""
    table = new_table(players=3, rounds_per_series=2)
    # g1 dealer 1: seat 2 Karo mit 1 lost: −36, list −86; seats 1 and 3 +40
    f.enter(table, declarer_seat=2, game="diamonds", matadors=1, won=False)
    # g2 dealer 2: eingepasst
    f.enter(table, passed=True)
    # g3 dealer 3: seat 3 Kreuz mit 2 won: 36 → list +86
    f.enter(table, declarer_seat=3, game="clubs", matadors=2, won=True)
    seating.join_table(table, newcomer(table).id, 4)
    # Round 2 at a 4-table: games 4–7.
    # g4 dealer 1: seat 4 (newcomer) Herz mit 1 won: 20 → list +70
    f.enter(table, declarer_seat=4, game="hearts", matadors=1, won=True)
    # g5 dealer 2: seat 1 Pik mit 1 lost: −44, list −94; seats 2 (dealer), 3, 4 +30
    f.enter(table, declarer_seat=1, game="spades", matadors=1, won=False)
    f.enter(table, passed=True)  # g6 dealer 3
    f.enter(table, passed=True)  # g7 dealer 4
    return table


def test_join_newcomer_takes_seat_4_at_the_round_start(joined_table):
    newcomer = joined_table.seats.get(number=4)
    round_two = joined_table.games.filter(number__gte=4).order_by("number")

    assert (newcomer.from_game, newcomer.until_game) == (4, None)
    assert [(g.dealer_seat, g.table_size) for g in round_two] == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_join_settlement_credits_40_before_and_30_after(joined_table):
    # seat 1: −44 −50 + 40 (g1)            = −54
    # seat 2: −36 −50 + 30 (g5)            = −56
    # seat 3: +36 +50 + 40 (g1) + 30 (g5)  = 156
    # seat 4: +20 +50 + 30 (g5), nothing for g1 = 100
    assert settlement(joined_table) == [
        (1, -44, 0, 1, -50, 40, -54),
        (2, -36, 0, 1, -50, 30, -56),
        (3, 36, 1, 0, 50, 70, 156),
        (4, 20, 1, 0, 50, 30, 100),
    ]
    assert_totals_are_list_points(joined_table)


def test_join_series_ends_after_7_games(joined_table):
    with pytest.raises(Rejected) as refused:
        f.enter(joined_table, passed=True)

    assert refused.value.problems[0].code == "series_complete"


def test_three_table_losing_a_player_waits_for_a_replacement(new_table, newcomer):
    table = new_table(players=3, rounds_per_series=2)
    for _ in range(3):
        f.enter(table, passed=True)
    seating.leave_table(table, 3, 3)

    with pytest.raises(Rejected) as refused:
        f.enter(table, passed=True)
    seat = seating.join_table(table, newcomer(table).id, 4)
    game = f.enter(table, passed=True)

    assert refused.value.problems[0].code == "series_complete"
    assert (seat.number, game.number, game.dealer_seat, game.table_size) == (4, 4, 1, 3)


def test_join_after_the_last_round_is_refused(new_table, newcomer):
    table = new_table(players=3, rounds_per_series=1)
    for _ in range(3):
        f.enter(table, passed=True)

    with pytest.raises(Rejected):
        seating.join_table(table, newcomer(table).id, 4)


@pytest.fixture
def replaced_table(new_table, newcomer):
    """A 4-table of 2 rounds; a replacement takes over seat 3 from game 5."""
    table = new_table(players=4, rounds_per_series=2)
    # g1 dealer 1: seat 3 (old) Karo mit 1 won: 18 → list +68
    f.enter(table, declarer_seat=3, game="diamonds", matadors=1, won=True)
    # g2 dealer 2: seat 1 Herz mit 1 lost: −40, list −90; seats 2, 3 (old), 4 +30
    f.enter(table, declarer_seat=1, game="hearts", matadors=1, won=False)
    f.enter(table, passed=True)  # g3
    f.enter(table, passed=True)  # g4
    seating.replace_player(table, 3, newcomer(table).id, 5)
    # g5 dealer 1: seat 3 (new) Kreuz mit 1 lost: −48, list −98; seats 1, 2, 4 +30
    f.enter(table, declarer_seat=3, game="clubs", matadors=1, won=False)
    # g6 dealer 2: seat 4 Grand mit 1 lost: −96, list −146; seats 1, 2, 3 (new) +30
    f.enter(table, declarer_seat=4, game="grand", matadors=1, won=False)
    return table


def test_replacement_gets_a_seat_line_of_his_own(replaced_table):
    seat_three = replaced_table.seats.filter(number=3).order_by("from_game")

    assert [(s.from_game, s.until_game) for s in seat_three] == [(1, 4), (5, None)]


def test_replacement_scores_only_from_his_first_game(replaced_table):
    # seat 1:       −40 −50 + 30 (g5) + 30 (g6)         = −30
    # seat 2:         0   0 + 30 (g2, g5, g6 each)       = 90
    # seat 3 (old): +18 +50 + 30 (g2)                    = 98, stays on the list
    # seat 3 (new): −48 −50 + 30 (g6)                    = −68
    # seat 4:       −96 −50 + 30 (g2) + 30 (g5)          = −86
    assert settlement(replaced_table) == [
        (1, -40, 0, 1, -50, 60, -30),
        (2, 0, 0, 0, 0, 90, 90),
        (3, 18, 1, 0, 50, 30, 98),
        (3, -48, 0, 1, -50, 30, -68),
        (4, -96, 0, 1, -50, 60, -86),
    ]
    assert_totals_are_list_points(replaced_table)


@pytest.mark.parametrize(
    ("players", "rows", "expected"),
    [
        pytest.param(
            4,
            # lost in all: 1 + 2 + 0 + 1 = 4; credits 30 × (4 − own lost)
            [(1, 100, 3, 1), (2, -50, 1, 2), (3, 0, 0, 0), (4, 40, 2, 1)],
            [(1, 90, 290), (2, 60, -40), (3, 120, 120), (4, 90, 180)],
            id="4-table",
        ),
        pytest.param(
            3,
            # lost in all: 0 + 2 + 1 = 3; credits 40 × (3 − own lost)
            [(1, 60, 2, 0), (2, -80, 0, 2), (3, 20, 1, 1)],
            [(1, 120, 280), (2, 40, -140), (3, 80, 100)],
            id="3-table",
        ),
    ],
)
def test_summary_credits_follow_from_the_others_lost_games(new_table, players, rows, expected):
    table = new_table(players=players, rounds_per_series=12)
    data = [dict(zip(("seat", "game_points", "won", "lost"), row, strict=True)) for row in rows]

    save_summary(table, data)

    entries = SummaryEntry.objects.filter(table=table).order_by("seat")
    assert [(e.seat, e.credits, e.total) for e in entries] == expected
    assert [(line[0], line[5], line[6]) for line in settlement(table)] == expected


def test_summary_refused_when_games_were_entered(new_table):
    table = new_table(players=3)
    f.enter(table, passed=True)
    rows = [{"seat": n, "game_points": 0, "won": 0, "lost": 0} for n in (1, 2, 3)]

    with pytest.raises(Rejected) as refused:
        save_summary(table, rows)

    assert (refused.value.problems[0].code, refused.value.conflict) == ("table_kept_by_games", True)


def test_game_entry_refused_on_a_summary_table(new_table):
    table = new_table(players=3)
    save_summary(table, [{"seat": n, "game_points": 0, "won": 0, "lost": 0} for n in (1, 2, 3)])

    with pytest.raises(Rejected) as refused:
        f.enter(table, passed=True)

    assert (refused.value.problems[0].code, refused.value.conflict) == (
        "table_kept_as_summary",
        True,
    )
    assert not Game.objects.filter(table=table).exists()


def test_summed_columns_are_whole_numbers_read_without_a_conversion_per_value(new_table):
    """A ranking sums four columns for each of a championship's 6,000 groups: the sums are
    taken as the database returns them, which must therefore be whole numbers already
    (on PostgreSQL a SUM over a bigint column would come back as a Decimal)."""
    played, on_paper = new_table(players=3), new_table(players=3)
    f.enter(played, declarer_seat=1, game="grand", matadors=1, won=True)
    save_summary(on_paper, [{"seat": n, "game_points": 9, "won": 1, "lost": 0} for n in (1, 2, 3)])

    for model, table, aggregates in (
        (GamePoints, played, AGGREGATES),
        (SummaryEntry, on_paper, SUMMARY_AGGREGATES),
    ):
        sums = model.objects.filter(table=table).values("table").annotate(**aggregates)
        converted = [
            name
            for name in aggregates
            if sums.query.annotations[name].get_db_converters(connection)
        ]
        assert converted == []
        (row,) = sums
        assert {name: type(row[name]) for name in aggregates} == dict.fromkeys(aggregates, int)
