"""The cash box: tariff, the money of a list, payments, prizes and the settlement."""

from decimal import Decimal as D

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories as f
from tournaments.models import AuditEntry, Payment, PrizeRule, Tournament
from tournaments.services import money, seating
from tournaments.services.errors import Rejected
from tournaments.skat.money import LostGameRates, lost_game_money

TARIFF = {
    "entry_fee": "10.00",
    "lost_game_fee": "0.50",
    "lost_game_fee_from": 4,
    "lost_game_fee_higher": "1.00",
    "passed_game_fee": "0.20",
}
RATES = LostGameRates(rate=D("0.50"), higher_from=4, higher=D("1.00"))


def enter_declared(table, declarer_index, won):
    """Enter the next game with the ``declarer_index``-th active seat as declarer."""
    deal = seating.deal_for_next_game(table)
    seat = deal.active[declarer_index % len(deal.active)]
    f.enter(table, declarer_seat=seat, game="grand", matadors=1, won=won)
    return seat


def table_with_results(results, rounds=2, players=4):
    """A table where the game number i is lost (False), won (True) or passed (None)."""
    table = f.make_seated_table(players=players, rounds_per_series=rounds)
    money.set_tariff(table.series.tournament, TARIFF)
    for result in results:
        if result is None:
            f.enter(table, passed=True)
        else:
            enter_declared(table, 0, result)
    return table


@pytest.mark.django_db
def test_table_money_tiered_fee_per_seat_and_total():
    # 3-table: the first active seat declares every game; 5 lost, 1 won, 1 passed.
    table = table_with_results([False] * 5 + [True, None], rounds=3, players=3)

    result = money.table_money(table)

    by_seat = {line.seat: (line.lost, line.passed, line.amount) for line in result.lines}
    lost_total = sum(line.lost for line in result.lines)
    assert lost_total == 5
    # Every seat played the passed game: 0.20 each; the tiers apply per seat.
    expected = {
        seat: (lost, 1, lost_game_money(lost, RATES) + D("0.20"))
        for seat, (lost, _p, _a) in by_seat.items()
    }
    assert by_seat == expected
    assert result.total == sum(amount for _l, _p, amount in by_seat.values())


@pytest.mark.django_db
def test_correcting_a_game_corrects_the_money():
    table = table_with_results([False, False], rounds=1)
    before = money.table_money(table).total
    from tournaments.services.lists import listkeeping

    game = table.games.get(number=1)
    listkeeping.correct_game(
        table, 1, {"declarer_seat": game.declarer_seat, "game": "grand", "matadors": 1, "won": True}
    )

    assert (before, money.table_money(table).total) == (D("1.00"), D("0.50"))


@pytest.mark.django_db
def test_tariff_change_after_play_started_is_audited():
    table = table_with_results([False], rounds=1)
    tournament = table.series.tournament

    money.set_tariff(tournament, {**TARIFF, "lost_game_fee": "0.60"})

    entry = AuditEntry.objects.get(action="tariff_changed")
    assert (entry.before["lost_game_fee"], entry.after["lost_game_fee"]) == ("0.50", "0.60")
    assert money.table_money(table).total == D("0.60")


@pytest.mark.django_db
def test_tariff_before_play_is_not_audited():
    money.set_tariff(f.make_tournament(), TARIFF)

    assert not AuditEntry.objects.filter(action="tariff_changed").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("entry_fee", "-1.00", "amount_negative"),
        ("entry_fee", "zehn", "amount_not_a_number"),
        ("lost_game_fee", "0.505", "amount_too_precise"),
        ("lost_game_fee", True, "amount_not_a_number"),
        ("lost_game_fee_from", 1, "higher_from_out_of_range"),
        ("entry_fee", None, "required"),
    ],
)
def test_bad_tariff_is_refused_naming_the_field_and_nothing_stored(field, value, code):
    tournament = f.make_tournament()

    with pytest.raises(Rejected) as refused:
        money.set_tariff(tournament, {**TARIFF, field: value})

    assert [(p.field, p.code) for p in refused.value.problems] == [(field, code)]
    assert money.tariff_of(tournament).pk is None


@pytest.mark.django_db
def test_higher_fee_needs_its_start():
    with pytest.raises(Rejected) as refused:
        money.set_tariff(f.make_tournament(), {**TARIFF, "lost_game_fee_from": None})

    assert refused.value.problems[0].code == "higher_fee_incomplete"


@pytest.mark.django_db
def test_payment_for_participant_of_another_tournament_is_refused():
    tournament, other = f.make_tournament(), f.make_tournament()
    stranger = f.make_participants(other, 1)[0]

    with pytest.raises(Rejected) as refused:
        money.record_payment(
            tournament, {"participant": stranger.id, "kind": "entry_fee", "amount": "10.00"}
        )

    assert [p.field for p in refused.value.problems] == ["participant"]
    assert not Payment.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "tip", "amount": "1.00"}, "kind"),
        ({"kind": "entry_fee", "amount": "0"}, "amount"),
        ({"kind": "entry_fee", "amount": "-5"}, "amount"),
        ({"kind": "entry_fee", "amount": "1.234"}, "amount"),
    ],
)
def test_bad_payment_is_refused(data, field):
    tournament = f.make_tournament()
    player = f.make_participants(tournament, 1)[0]

    with pytest.raises(Rejected) as refused:
        money.record_payment(tournament, {"participant": player.id, **data})

    assert [p.field for p in refused.value.problems] == [field]


@pytest.mark.django_db
def test_entry_fee_payment_and_refund_in_the_statement():
    tournament = f.make_tournament()
    money.set_tariff(tournament, TARIFF)
    stays, leaves = f.make_participants(tournament, 2)
    money.mark_entry_fee_paid(stays)
    money.mark_entry_fee_paid(leaves)
    leaves.withdrawn = True
    leaves.save()
    money.record_payment(
        tournament, {"participant": leaves.id, "kind": "refund", "amount": "10.00"}
    )

    cash = money.settle_cash(tournament)

    owes = {s.participant: (s.entry_fee, s.paid, s.refunded, s.owes) for s in cash.participants}
    assert owes == {
        stays.id: (D("10.00"), D("10.00"), D("0"), D("0.00")),
        leaves.id: (D("0"), D("10.00"), D("10.00"), D("0.00")),
    }
    assert (cash.entry_fees_paid, cash.refunds, cash.collected) == (
        D("20.00"),
        D("10.00"),
        D("10.00"),
    )
    assert money.mark_entry_fee_paid(stays) is None


@pytest.mark.django_db
def test_whole_table_pays_its_lost_game_money_once():
    table = table_with_results([False, False, False], rounds=1)

    payments = money.mark_table_paid(table)
    again = money.mark_table_paid(table)

    assert sum(p.amount for p in payments) == money.table_money(table).total == D("1.50")
    assert again == []
    cash = money.settle_cash(table.series.tournament)
    assert cash.series[0].lost_game_fees_paid == cash.series[0].lost_game_fees_due


@pytest.mark.django_db
def test_three_players_sharing_first_place_split_prizes_one_to_three():
    # Every game passed in: all three players have 0 points and share place 1.
    table = table_with_results([None, None, None], rounds=1, players=3)
    tournament = table.series.tournament
    for participant in tournament.participants.all():
        money.mark_entry_fee_paid(participant)
    money.set_prizes(
        tournament,
        [
            {"rank": 1, "percent": "50"},
            {"rank": 2, "amount": "10.00"},
            {"rank": 3, "amount": "4.99"},
        ],
        entry_fees=D("30.00"),
    )

    cash = money.settle_cash(tournament)

    # 50 % of 30.00 + 10.00 + 4.99 = 29.99 in three shares; the first two take the odd cents.
    assert sorted(a.amount for a in cash.awards) == [D("9.99"), D("10.00"), D("10.00")]
    assert {(a.rank, a.shared_with) for a in cash.awards} == {(1, 3)}
    assert cash.warnings == ()
    assert (cash.collected, cash.prizes, cash.balance) == (D("30.00"), D("29.99"), D("0.01"))


@pytest.mark.django_db
def test_prizes_over_the_entry_fees_need_confirmation():
    tournament = f.make_tournament()

    with pytest.raises(Rejected) as refused:
        money.set_prizes(tournament, [{"rank": 1, "amount": "100.00"}], entry_fees=D("40"))
    prizes = [{"rank": 1, "amount": "100.00"}]
    money.set_prizes(tournament, prizes, entry_fees=D("40"), confirm=True)

    assert refused.value.problems[0].field == "confirm"
    assert PrizeRule.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rows", "field"),
    [
        ([{"rank": 1, "amount": "5", "percent": "5"}], "prizes[0].amount"),
        ([{"rank": 0, "amount": "5"}], "prizes[0].rank"),
        ([{"rank": 1, "amount": "5"}, {"rank": 1, "amount": "3"}], "prizes[1].rank"),
        ([{"rank": 1, "percent": "101"}], "prizes[0].percent"),
        ([{"rank": 1, "amount": "-1"}], "prizes[0].amount"),
    ],
)
def test_bad_prize_table_is_refused(rows, field):
    tournament = f.make_tournament()

    with pytest.raises(Rejected) as refused:
        money.set_prizes(tournament, rows, entry_fees=D("1000"))

    assert [p.field for p in refused.value.problems] == [field]
    assert not PrizeRule.objects.exists()


@pytest.mark.django_db
def test_finished_tournament_shows_the_frozen_settlement():
    table = table_with_results([False], rounds=1)
    tournament = table.series.tournament
    money.freeze_settlement(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    frozen_before = money.settlement_of(tournament)

    with pytest.raises(Rejected) as refused:
        money.set_tariff(tournament, {**TARIFF, "lost_game_fee": "5.00"})

    assert refused.value.conflict
    assert refused.value.problems[0].code == "tournament_finished"
    after = money.settlement_of(tournament)
    assert after.frozen and after.lost_game_fees_due == frozen_before.lost_game_fees_due
    assert after.lost_game_fees_due == D("0.50")
    assert after.participants == frozen_before.participants


@pytest.mark.django_db
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    results=st.lists(st.sampled_from([True, False, None]), min_size=0, max_size=8),
    payments=st.lists(
        st.tuples(
            st.integers(0, 3),
            st.sampled_from(["entry_fee", "lost_game_fees", "refund"]),
            st.decimals(min_value="0.01", max_value="30", places=2),
        ),
        max_size=6,
    ),
    prizes=st.lists(st.decimals(min_value=0, max_value=30, places=2), max_size=4),
)
def test_settlement_balances_to_the_cent(results, payments, prizes):
    table = table_with_results(results, rounds=2)
    tournament = table.series.tournament
    people = [seat.participant for seat in table.seats.select_related("participant")]
    for index, kind, amount in payments:
        try:
            money.record_payment(
                tournament,
                {"participant": people[index].id, "kind": kind, "amount": str(amount)},
            )
        except Rejected as refused:
            assert refused.problems[0].code == "refund_exceeds_paid"
    rows = [{"rank": rank, "amount": str(v)} for rank, v in enumerate(prizes, start=1)]
    money.set_prizes(tournament, rows, entry_fees=D("0"), confirm=True)

    cash = money.settle_cash(tournament)

    assert cash.collected == cash.prizes + cash.balance
    assert cash.collected == cash.entry_fees_paid + cash.lost_game_fees_paid - cash.refunds
    assert cash.lost_game_fees_due == money.table_money(table).total
    assert cash.lost_game_fees_due == sum(s.lost_game_fees_due for s in cash.series)
    assert cash.prizes == sum(s.prize for s in cash.participants)


@pytest.mark.django_db
def test_finished_tournament_without_snapshot_freezes_on_first_read():
    table = table_with_results([False], rounds=1)
    tournament = table.series.tournament
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()

    first = money.settlement_of(tournament)
    with pytest.raises(Rejected):
        money.set_tariff(tournament, {**TARIFF, "lost_game_fee": "5.00"})

    assert first.frozen
    assert money.settlement_of(tournament).lost_game_fees_due == D("0.50")


@pytest.mark.django_db
def test_reopened_tournament_is_live_again_and_refrozen_when_finished():
    table = table_with_results([False], rounds=1)
    tournament = table.series.tournament
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    money.settlement_of(tournament)

    money.unfreeze_settlement(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    money.set_tariff(tournament, {**TARIFF, "lost_game_fee": "5.00"})
    live = money.settlement_of(tournament)
    tournament.status = Tournament.Status.FINISHED

    assert (live.frozen, live.lost_game_fees_due) == (False, D("5.00"))
    assert money.settlement_of(tournament).lost_game_fees_due == D("5.00")
