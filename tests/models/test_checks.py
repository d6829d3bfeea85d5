"""The shared check constraints state the bound and keep the names the database knows."""

from django.db.models import Q

from tournaments.models.checks import at_least, within


def test_within_includes_both_bounds_and_is_named_range():
    check = within("seat", "number", 1, 4)

    assert check.name == "seat_number_range"
    assert check.condition == Q(number__gte=1) & Q(number__lte=4)


def test_at_least_starts_at_one_unless_told_and_is_named_min():
    assert at_least("prize", "rank").condition == Q(rank__gte=1)
    assert at_least("prize", "rank").name == "prize_rank_min"
    assert at_least("tariff", "fee", 0).condition == Q(fee__gte=0)
