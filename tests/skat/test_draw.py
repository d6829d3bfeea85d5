"""The table draw of a series (docs/rules.md 3, docs/api.md 3.3): sizes, fairness, separation."""

import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.skat.draw import (
    Conflict,
    ConflictKind,
    Draw,
    DrawImpossible,
    DrawPlayer,
    count_meetings,
    draw_tables,
    seeding_overrides_clubs,
    table_sizes,
)

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
DRAWABLE_COUNTS = [count for count in range(3, 201) if count != 5]


def plain_players(count):
    return [DrawPlayer(id=number) for number in range(1, count + 1)]


def same_pairs(draw, players, attribute):
    """Pairs at one table that share a team or club, counted from the tables themselves."""
    key = {player.id: getattr(player, attribute) for player in players}
    return [
        pair
        for table in draw.tables
        for pair in combinations(table, 2)
        if key[pair[0]] is not None and key[pair[0]] == key[pair[1]]
    ]


def re_meetings(draw, met):
    return sum(
        met.get(frozenset(pair), 0) for table in draw.tables for pair in combinations(table, 2)
    )


def kinds(draw):
    return Counter(conflict.kind for conflict in draw.conflicts)


# --- table sizes ------------------------------------------------------------------------


def best_split(count, prefer_three):
    """Brute force: all (fours, threes) with 4a + 3b = count, the most of the preferred size."""
    splits = [(a, (count - 4 * a) // 3) for a in range(count // 4 + 1) if (count - 4 * a) % 3 == 0]
    return min(splits) if prefer_three else max(splits)


@pytest.mark.parametrize("prefer_three", [False, True], ids=["fours", "threes"])
@pytest.mark.parametrize("count", DRAWABLE_COUNTS)
def test_table_sizes_cover_every_player_at_3_and_4_tables(count, prefer_three):
    fours, threes = best_split(count, prefer_three)

    sizes = table_sizes(count, prefer_three)

    assert set(sizes) <= {3, 4}
    assert sum(sizes) == count
    assert sizes == [4] * fours + [3] * threes


@pytest.mark.parametrize(
    ("count", "prefer_three", "sizes"),
    [
        (3, False, [3]),
        (4, False, [4]),
        (6, False, [3, 3]),
        (7, False, [4, 3]),
        (8, False, [4, 4]),
        (9, False, [3, 3, 3]),
        (10, False, [4, 3, 3]),
        (11, False, [4, 4, 3]),
        (12, False, [4, 4, 4]),
        (13, False, [4, 3, 3, 3]),
        (4, True, [4]),
        (8, True, [4, 4]),
        (10, True, [4, 3, 3]),
        (11, True, [4, 4, 3]),
        (12, True, [3, 3, 3, 3]),
    ],
)
def test_table_sizes_when_count_is_small(count, prefer_three, sizes):
    assert table_sizes(count, prefer_three) == sizes


@pytest.mark.parametrize("prefer_three", [False, True], ids=["fours", "threes"])
@pytest.mark.parametrize(
    ("count", "code"),
    [
        (0, "too_few_players"),
        (1, "too_few_players"),
        (2, "too_few_players"),
        (5, "five_players"),
    ],
)
def test_table_sizes_refuse_counts_without_seating(count, code, prefer_three):
    with pytest.raises(DrawImpossible) as refused:
        table_sizes(count, prefer_three)

    assert refused.value.code == code
    assert str(count) in refused.value.text()


@pytest.mark.parametrize(("count", "code"), [(2, "too_few_players"), (5, "five_players")])
def test_draw_tables_refuses_counts_without_seating(count, code):
    with pytest.raises(DrawImpossible) as refused:
        draw_tables(plain_players(count), seed=1)

    assert refused.value.code == code


def test_draw_impossible_message_is_translated_by_the_caller():
    with pytest.raises(DrawImpossible) as refused:
        table_sizes(5)

    assert refused.value.text(str.upper).startswith("5 PLAYERS CANNOT BE SEATED")
    assert isinstance(refused.value, ValueError)


# --- everyone seated, reproducible ---------------------------------------------------------


@pytest.mark.parametrize("count", DRAWABLE_COUNTS)
def test_draw_seats_everyone_exactly_once(count):
    players = [DrawPlayer(id=100 + number, team=number // 4) for number in range(count)]

    draw = draw_tables(players, seed=count)

    assert [len(table) for table in draw.tables] == table_sizes(count)
    assert sorted(pid for table in draw.tables for pid in table) == [p.id for p in players]


@pytest.mark.parametrize("mode", ["random", "seeded"])
def test_draw_with_prefer_three_uses_most_3_tables(mode):
    players = [DrawPlayer(id=number, rank=number) for number in range(1, 13)]

    draw = draw_tables(players, seed=3, mode=mode, prefer_three=True)

    assert [len(table) for table in draw.tables] == [3, 3, 3, 3]


@SETTINGS
@given(
    players=st.lists(
        st.builds(
            DrawPlayer,
            id=st.integers(1, 10_000),
            team=st.none() | st.integers(1, 4),
            club=st.none() | st.integers(1, 3),
            rank=st.none() | st.integers(1, 10),
        ),
        min_size=3,
        max_size=40,
        unique_by=lambda player: player.id,
    ).filter(lambda players: len(players) != 5),
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["random", "seeded"]),
    separate_clubs=st.booleans(),
    data=st.data(),
)
def test_draw_is_reproducible_from_seed_in_any_input_order(
    players, seed, mode, separate_clubs, data
):
    shuffled = data.draw(st.permutations(players))
    met = count_meetings([draw_tables(players, seed=seed + 1).tables])
    options = {"seed": seed, "mode": mode, "separate_clubs": separate_clubs, "met": met}

    first = draw_tables(players, **options)
    again = draw_tables(shuffled, **options)

    assert again == first
    assert first.seed == seed


def test_draw_differs_with_the_seed():
    players = plain_players(16)

    draws = {draw_tables(players, seed=seed).tables for seed in range(30)}

    assert len(draws) == 30


def test_draw_shuffles_seat_order_inside_tables():
    players = [DrawPlayer(id=number, rank=number) for number in range(1, 9)]

    first_tables = {draw_tables(players, seed=s, mode="seeded").tables[0] for s in range(30)}

    assert {frozenset(table) for table in first_tables} == {frozenset({1, 2, 3, 4})}
    assert len(first_tables) > 5


@pytest.mark.parametrize(
    "kwargs",
    [{"mode": "alphabetical"}, {"mode": ""}],
)
def test_draw_tables_rejects_unknown_mode(kwargs):
    with pytest.raises(ValueError):
        draw_tables(plain_players(8), seed=1, **kwargs)


def test_draw_tables_rejects_a_player_twice():
    players = [*plain_players(7), DrawPlayer(id=7)]

    with pytest.raises(ValueError):
        draw_tables(players, seed=1)


# --- teams and clubs ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_draw_seats_team_mates_apart_16_players_in_4_teams(seed):
    players = [DrawPlayer(id=number, team=number % 4) for number in range(16)]

    draw = draw_tables(players, seed=seed)

    assert same_pairs(draw, players, "team") == []
    assert draw.conflicts == ()


@st.composite
def separable_teams(draw):
    """Player counts with team sizes of at most the table count: separation is possible.

    Seat players team by team across the tables row by row (seat 1 of every table, then
    seat 2, …): any run of as many players as there are tables lands at different tables.
    """
    count = draw(st.sampled_from([c for c in range(3, 49) if c != 5]))
    table_count = len(table_sizes(count))
    team_sizes, left = [], count
    while left > 1 and table_count > 1 and draw(st.booleans()):
        size = draw(st.integers(2, min(table_count, left)))
        team_sizes.append(size)
        left -= size
    teams = [team for team, size in enumerate(team_sizes, start=1) for _ in range(size)]
    teams += [None] * (count - len(teams))
    order = draw(st.permutations(range(count)))
    return [DrawPlayer(id=order[i] + 1, team=team) for i, team in enumerate(teams)]


@SETTINGS
@given(players=separable_teams(), seed=st.integers(0, 2**32))
def test_draw_seats_team_mates_apart_when_possible(players, seed):
    draw = draw_tables(players, seed=seed)

    assert same_pairs(draw, players, "team") == []
    assert kinds(draw)[ConflictKind.SAME_TEAM] == 0


@pytest.mark.parametrize("seed", range(5))
def test_draw_separates_clubs_only_when_asked(seed):
    players = [DrawPlayer(id=number, club=number // 4) for number in range(16)]

    ignored = [draw_tables(players, seed=seed * 10 + s) for s in range(10)]
    asked = draw_tables(players, seed=seed, separate_clubs=True)

    assert any(same_pairs(draw, players, "club") for draw in ignored)
    assert all(kinds(draw)[ConflictKind.SAME_CLUB] == 0 for draw in ignored)
    assert same_pairs(asked, players, "club") == []


def seatings(ids, sizes):
    """Every way to split ``ids`` into tables of ``sizes`` (seat order aside)."""
    if not sizes:
        yield []
        return
    if len(set(sizes)) == 1:  # equal tables: the first player's table comes first
        tables = ((ids[0], *others) for others in combinations(ids[1:], sizes[0] - 1))
    else:
        tables = combinations(ids, sizes[0])
    for table in tables:
        left = [pid for pid in ids if pid not in table]
        for tail in seatings(left, sizes[1:]):
            yield [table, *tail]


def cost(tables, players, met):
    """Team pairs, then club pairs, then re-meetings: the order the director cares about."""
    draw = Draw(seed=0, tables=tuple(tables))
    return (
        len(same_pairs(draw, players, "team")),
        len(same_pairs(draw, players, "club")),
        re_meetings(draw, met),
    )


@pytest.mark.parametrize(
    ("mate", "kind"),
    [({"team": 1}, ConflictKind.SAME_TEAM), ({"club": 1}, ConflictKind.SAME_CLUB)],
    ids=["team", "club"],
)
@pytest.mark.parametrize("seed", range(3))
def test_draw_prefers_meeting_again_to_mates_together(mate, kind, seed):
    # player 1 met everyone but their mate 2: apart from 2, they meet two players again
    players = [DrawPlayer(id=1, **mate), DrawPlayer(id=2, **mate), *plain_players(6)[2:]]
    met = {frozenset({1, other}): 1 for other in range(3, 7)}

    draw = draw_tables(players, seed=seed, separate_clubs=True, met=met)

    assert kinds(draw) == Counter({ConflictKind.MET_BEFORE: 2})
    assert kind not in kinds(draw)


@SETTINGS
@given(
    count=st.sampled_from([6, 7, 8, 9, 10]),
    labels=st.lists(st.tuples(st.none() | st.integers(0, 2), st.integers(0, 2)), min_size=10),
    met_pairs=st.lists(st.tuples(st.integers(1, 10), st.integers(1, 10)), max_size=12),
    seed=st.integers(0, 2**32),
)
def test_draw_finds_the_best_seating_of_small_fields(count, labels, met_pairs, seed):
    players = [DrawPlayer(id=n, team=t, club=c) for n, (t, c) in enumerate(labels[:count], start=1)]
    met = Counter(frozenset(pair) for pair in met_pairs if len(set(pair)) == 2)
    best = min(
        cost(t, players, met) for t in seatings(list(range(1, count + 1)), table_sizes(count))
    )

    draw = draw_tables(players, seed=seed, separate_clubs=True, met=met)

    assert cost(draw.tables, players, met) == best


def test_draw_finds_the_best_seating_where_no_single_swap_leads_to_it():
    """A field hypothesis found: from every shuffle of seed 184 the swaps stopped at one
    pair meeting again (players 4 and 6), although a seating without it exists."""
    labels = [(None, 0), (1, 2), (None, 2), (None, 1), (1, 0), (None, 2), (None, 0)]
    players = [DrawPlayer(id=n, team=t, club=c) for n, (t, c) in enumerate(labels, start=1)]
    met = Counter({frozenset({1, 2}): 1, frozenset({3, 5}): 2, frozenset({4, 6}): 1})

    draw = draw_tables(players, seed=184, separate_clubs=True, met=met)

    assert cost(draw.tables, players, met) == (0, 2, 0)


# --- players who met before -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_draw_second_series_of_12_meets_again_minimum_3_times(seed):
    # every new 4-table takes 4 players from 3 old tables: at least one pair met before
    players = plain_players(12)
    met = count_meetings([draw_tables(players, seed=seed).tables])

    second = draw_tables(players, seed=seed + 100, met=met)

    assert re_meetings(second, met) == 3
    assert kinds(second) == Counter({ConflictKind.MET_BEFORE: 3})


@pytest.mark.parametrize("seed", range(5))
def test_draw_three_series_of_16_never_meet_again(seed):
    # 16 players fit in 5 series without a re-meeting (affine plane of order 4)
    players, history = plain_players(16), []
    for series in range(3):
        met = count_meetings(history)
        draw = draw_tables(players, seed=seed * 10 + series, met=met)
        history.append(draw.tables)

        assert re_meetings(draw, met) == 0


def test_draw_meets_again_far_less_than_chance_200_players():
    players = plain_players(200)
    history = [draw_tables(players, seed=series).tables for series in range(4)]
    met = count_meetings(history)
    chance = sum(
        re_meetings(draw_tables(players, seed=s, attempts=1, met={}), met) for s in range(5)
    )

    draw = draw_tables(players, seed=99, met=met)

    assert chance > 20
    assert re_meetings(draw, met) == 0


def test_draw_accepts_met_as_a_set_of_pairs():
    players = plain_players(12)
    first = draw_tables(players, seed=1)
    pairs = frozenset(frozenset(p) for table in first.tables for p in combinations(table, 2))

    as_set = draw_tables(players, seed=2, met=pairs)
    as_counts = draw_tables(players, seed=2, met=count_meetings([first.tables]))

    assert as_set == as_counts


def test_count_meetings_counts_every_pair_per_series():
    met = count_meetings([[(1, 2, 3), (4, 5, 6, 7)], [(1, 2, 4), (3, 5, 6)]])

    assert met[frozenset({1, 2})] == 2
    assert met[frozenset({5, 6})] == 2
    assert met[frozenset({4, 7})] == 1
    assert frozenset({1, 7}) not in met
    assert sum(met.values()) == 3 + 6 + 3 + 3


# --- seeded by ranking ------------------------------------------------------------------------


def test_seeded_draw_puts_best_players_together():
    players = [DrawPlayer(id=100 - place, rank=place) for place in range(1, 17)]
    id_of = {player.rank: player.id for player in players}

    draw = draw_tables(players, seed=5, mode="seeded")

    assert [set(table) for table in draw.tables] == [
        {id_of[place] for place in range(first, first + 4)} for first in (1, 5, 9, 13)
    ]


def test_seeded_draw_puts_unranked_players_last():
    players = [DrawPlayer(id=n, rank=None if n <= 3 else 20 - n) for n in range(1, 12)]

    draw = draw_tables(players, seed=1, mode="seeded")

    assert set(draw.tables[-1]) == {1, 2, 3}
    assert set(draw.tables[0]) == {11, 10, 9, 8}


@pytest.mark.parametrize("seed", range(5))
def test_seeded_draw_moves_team_mates_by_one_table_only(seed):
    # places 1 and 2 share a team; so do places 5 and 6
    teams = {1: 1, 2: 1, 5: 2, 6: 2}
    players = [DrawPlayer(id=p, rank=p, team=teams.get(p)) for p in range(1, 17)]

    draw = draw_tables(players, seed=seed, mode="seeded")

    assert draw.conflicts == ()
    for number, table in enumerate(draw.tables):
        assert all(abs((p - 1) // 4 - number) <= 1 for p in table)


def test_seeded_draw_ignores_met_but_reports_it():
    players = [DrawPlayer(id=p, rank=p) for p in range(1, 9)]
    met = {frozenset({1, 2}): 1}

    draw = draw_tables(players, seed=1, mode="seeded", met=met)

    assert set(draw.tables[0]) == {1, 2, 3, 4}
    assert draw.conflicts == (Conflict(ConflictKind.MET_BEFORE, 1, (1, 2)),)


# --- conflicts that cannot be avoided -----------------------------------------------------------


@pytest.mark.parametrize("mode", ["random", "seeded"])
def test_draw_lists_conflicts_of_8_players_of_one_team(mode):
    players = [DrawPlayer(id=p, team=1, rank=p) for p in range(1, 9)]

    draw = draw_tables(players, seed=1, mode=mode)

    expected = {
        Conflict(ConflictKind.SAME_TEAM, number, pair)
        for number, table in enumerate(draw.tables, start=1)
        for pair in combinations(sorted(table), 2)
    }
    assert set(draw.conflicts) == expected
    assert len(draw.conflicts) == 12


@pytest.mark.parametrize("seed", range(5))
def test_draw_lists_the_one_unavoidable_team_pair(seed):
    # 7 players sit at 2 tables: a team of 3 has two members at one table
    players = [DrawPlayer(id=p, team=1 if p <= 3 else None) for p in range(1, 8)]

    draw = draw_tables(players, seed=seed)

    assert kinds(draw) == Counter({ConflictKind.SAME_TEAM: 1})
    assert len(same_pairs(draw, players, "team")) == 1


# --- speed and purity -----------------------------------------------------------------------------


def test_draw_of_200_players_with_teams_clubs_and_history_keeps_team_mates_apart():
    # How fast this is belongs to `manage.py bench`, not to an assertion here.
    players = [DrawPlayer(id=n, team=n % 50, club=n % 13, rank=n) for n in range(200)]
    met = count_meetings([draw_tables(players, seed=s).tables for s in range(5)])

    random_draw = draw_tables(players, seed=1, separate_clubs=True, met=met)
    seeded_draw = draw_tables(players, seed=1, mode="seeded", separate_clubs=True, met=met)

    assert kinds(random_draw)[ConflictKind.SAME_TEAM] == 0
    assert kinds(seeded_draw)[ConflictKind.SAME_TEAM] == 0


def test_draw_module_imports_no_django():
    check = (
        "import sys, tournaments.skat.draw; "
        "assert not any(m.startswith('django') for m in sys.modules)"
    )

    result = subprocess.run(
        [sys.executable, "-c", check],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=False,
    )

    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize("seed", range(5))
def test_seeded_draw_keeps_the_ranking_tables_when_club_mates_should_be_apart(seed):
    # places 1-3 are members of one club: the seeding wins, the pairs are reported
    players = [DrawPlayer(id=p, rank=p, club=1 if p <= 3 else None) for p in range(1, 9)]

    draw = draw_tables(players, seed=seed, mode="seeded", separate_clubs=True)

    assert [set(table) for table in draw.tables] == [{1, 2, 3, 4}, {5, 6, 7, 8}]
    assert {c.kind for c in draw.conflicts} == {ConflictKind.SAME_CLUB}
    assert seeding_overrides_clubs(draw, "seeded", separate_clubs=True)
    assert not seeding_overrides_clubs(draw, "seeded", separate_clubs=False)
