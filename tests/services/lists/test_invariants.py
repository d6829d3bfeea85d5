"""Invariants of random valid lists at 3- and 4-tables (docs/rules.md 2 and 3)."""

import pytest
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories as f
from tournaments.models import Game, GamePoints, Table
from tournaments.services.lists.settlement import settle_table
from tournaments.services.seating import deal_for_next_game

CREDIT = {3: 40, 4: 30}
BIDS = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48]

invariant_settings = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@st.composite
def declared_games(draw, active_seats):
    """A valid declared game for one of the active seats, won or lost, maybe overbid."""
    game = draw(st.sampled_from(["diamonds", "hearts", "spades", "clubs", "grand", "null"]))
    fields = {
        "declarer_seat": draw(st.sampled_from(active_seats)),
        "game": game,
        "hand": draw(st.booleans()),
        "won": draw(st.booleans()),
    }
    if game == "null":
        fields["ouvert"] = draw(st.booleans())
        return fields
    fields["matadors"] = draw(st.integers(1, 4 if game == "grand" else 11))
    fields["with_matadors"] = draw(st.booleans())
    fields["schneider"] = draw(st.booleans())
    if draw(st.booleans()):
        fields["bid"] = draw(st.sampled_from(BIDS))
    return fields


def fill_random_list(data, players, rounds):
    table = f.make_seated_table(players, rounds)
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    count = data.draw(st.integers(0, players * rounds), label="games")
    for _ in range(count):
        active = list(deal_for_next_game(table).active)
        passed = st.just({"passed": True})
        f.enter(table, **data.draw(st.one_of(passed, declared_games(active)), label="game"))
    return table


@pytest.mark.django_db
@invariant_settings
@given(data=st.data(), players=st.sampled_from([3, 4]), rounds=st.integers(1, 3))
def test_every_random_list_keeps_the_invariants(data, players, rounds):
    """Each random list is checked for all four invariants: filling it through the services
    is nearly all of the time, so one list serves the four checks."""
    table = fill_random_list(data, players, rounds)

    lost_game_credits_every_other_player(table, players)
    settlement_total_is_sum_of_list_points(table)
    dealer_rotates_clockwise_from_seat_1(table, players)
    sum_of_totals_is_declarer_points_plus_credits(table, players)


def lost_game_credits_every_other_player(table, players):
    for game in Game.objects.filter(table=table, passed=False, won=False):
        credits = game.points.exclude(seat=game.declarer_seat).values_list("credit", flat=True)
        assert sorted(credits) == [CREDIT[players]] * (players - 1)


def settlement_total_is_sum_of_list_points(table):
    sums = dict(
        GamePoints.objects.filter(table=table)
        .values("participant")
        .annotate(sum=Sum("points"))
        .values_list("participant", "sum")
    )
    for line in settle_table(table):
        assert line.total == sums.get(line.participant, 0)
        assert line.total == line.game_points + line.bonus_won_lost + line.bonus_opponents_lost


def dealer_rotates_clockwise_from_seat_1(table, players):
    for number, dealer, size in table.games.values_list("number", "dealer_seat", "table_size"):
        assert (dealer, size) == ((number - 1) % players + 1, players)


def sum_of_totals_is_declarer_points_plus_credits(table, players):
    played = list(Game.objects.filter(table=table, passed=False))

    declarer_points = sum(g.score + (50 if g.won else -50) for g in played)
    credits = sum((players - 1) * CREDIT[players] for g in played if not g.won)
    assert sum(line.total for line in settle_table(table)) == declarer_points + credits
