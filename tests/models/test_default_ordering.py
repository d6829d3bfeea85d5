"""A model's default order reads its own columns: listing a table's games, a series'
tables or a tournament's participants joins no parent table just to sort."""

import pytest
from django.apps import apps

ORDERED_BY_PARENT = [
    "Game",
    "Series",
    "Table",
    "Seat",
    "SummaryEntry",
    "Signature",
    "Participant",
    "Payment",
    "PrizeRule",
]


@pytest.mark.parametrize("name", ORDERED_BY_PARENT)
def test_default_order_joins_no_parent_table(name):
    model = apps.get_model("tournaments", name)

    sql = str(model.objects.all().query)

    assert "JOIN" not in sql
    assert "ORDER BY" in sql
