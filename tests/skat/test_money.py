"""Lost-game money and prize distribution, computed by hand."""

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.skat.money import (
    LostGameRates,
    Placed,
    PrizeRule,
    cents,
    distribute,
    lost_game_money,
    prize_amounts,
    split,
    tie_breaks_deciding_money,
)

TIERED = LostGameRates(rate=D("0.50"), higher_from=4, higher=D("1.00"))


@pytest.mark.parametrize(
    ("lost", "expected"),
    [(0, "0.00"), (1, "0.50"), (3, "1.50"), (4, "2.50"), (6, "4.50")],
)
def test_lost_game_money_tiered_from_the_fourth_lost_game(lost, expected):
    assert lost_game_money(lost, TIERED) == D(expected)


def test_lost_game_money_without_higher_rate_is_flat():
    assert lost_game_money(7, LostGameRates(rate=D("0.50"))) == D("3.50")


def test_lost_game_money_adds_passed_games():
    rates = LostGameRates(rate=D("0.50"), passed=D("0.20"))

    assert lost_game_money(2, rates, passed=3) == D("1.60")


def test_cents_round_half_up():
    assert (cents(D("0.005")), cents(D("2.675")), cents(D("0.004"))) == (
        D("0.01"),
        D("2.68"),
        D("0.00"),
    )


def test_prize_amounts_mix_fixed_and_percent_of_entry_fees():
    rules = [PrizeRule(1, amount=D("100")), PrizeRule(2, percent=D("12.5"))]

    assert prize_amounts(rules, D("333.30")) == {1: D("100.00"), 2: D("41.66")}


def test_prize_rule_needs_exactly_one_of_amount_and_percent():
    with pytest.raises(ValueError):
        PrizeRule(1, amount=D("1"), percent=D("1"))


def test_shared_second_place_splits_prizes_two_and_three():
    placed = [Placed("a", 1, 900), Placed("b", 2, 800), Placed("c", 2, 800), Placed("d", 4, 700)]
    amounts = {1: D("100"), 2: D("50"), 3: D("25.01")}

    awards = distribute(placed, amounts)

    assert [(a.key, a.amount, a.shared_with) for a in awards] == [
        ("a", D("100.00"), 1),
        ("b", D("37.51"), 2),
        ("c", D("37.50"), 2),
    ]


def test_tie_break_alone_deciding_money_is_reported():
    # b and c have the same total; b won more games, so b is 2nd and c 3rd.
    placed = [Placed("a", 1, 900), Placed("b", 2, 800), Placed("c", 3, 800)]
    awards = distribute(placed, {1: D("100"), 2: D("50"), 3: D("20")})

    found = tie_breaks_deciding_money(placed, awards)

    assert [(f.total, f.keys, f.amounts) for f in found] == [(800, ("b", "c"), (D("50"), D("20")))]


def test_tie_break_with_equal_money_is_not_reported():
    placed = [Placed("a", 1, 900), Placed("b", 2, 800), Placed("c", 3, 800)]

    assert tie_breaks_deciding_money(placed, distribute(placed, {1: D("100")})) == []


@given(
    amount=st.decimals(min_value=0, max_value=10_000, places=2),
    ways=st.integers(min_value=1, max_value=40),
)
def test_split_adds_up_exactly_and_differs_by_at_most_a_cent(amount, ways):
    shares = split(amount, ways)

    assert sum(shares) == amount
    assert {share.as_tuple().exponent for share in shares} == {-2}
    assert max(shares) - min(shares) <= D("0.01")


@given(
    totals=st.lists(st.integers(min_value=-500, max_value=500), min_size=1, max_size=30),
    prizes=st.lists(st.decimals(min_value=0, max_value=500, places=2), max_size=10),
)
def test_distribute_pays_out_exactly_the_prizes_of_occupied_places(totals, prizes):
    totals.sort(reverse=True)
    placed = [
        Placed(i, next(j for j, t in enumerate(totals, 1) if t == total), total)
        for i, total in enumerate(totals)
    ]
    amounts = dict(enumerate(prizes, start=1))

    awards = distribute(placed, amounts)

    paid = sum(a.amount for a in awards)
    assert paid == sum(v for rank, v in amounts.items() if rank <= len(placed))
