"""Money on pages: ``{{ amount|euro }}`` shows "1.234,50 €" in German, and
``{% table_money table as money %}`` brings a list's lost-game money to any table page."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

from tournaments.models import PrizeRule
from tournaments.services import money
from tournaments.skat.explanation import MINUS

register = template.Library()

NBSP = "\u00a0"


@register.filter
def euro(value) -> str:
    """An amount the way the page's language writes money: "0,50 €", "−10,00 €" in German
    (a real minus sign, as every number on the pages)."""
    if value in (None, ""):
        return ""
    amount = Decimal(value)
    sign = MINUS if amount < 0 else ""
    return f"{sign}{number_format(abs(amount), 2, use_l10n=True, force_grouping=True)}{NBSP}€"


@register.simple_tag
def table_money(table):
    """The list's money, or None while the tournament has no tariff."""
    if table is None or money.tariff_of(table.series.tournament).pk is None:
        return None
    return money.table_money(table)


@register.filter
def prize_classification(value) -> str:
    """The readable name of a prize classification ("overall", "women" …)."""
    try:
        return str(PrizeRule.Classification(value).label)
    except ValueError:
        return str(value)
