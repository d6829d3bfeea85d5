"""Money on pages: ``{{ amount|euro }}`` shows "1.234,50 €" in German, and
``{% table_money table as money %}`` brings a list's lost-game money to any table page."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext

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


@register.filter
def prize_place(line) -> str:
    """A prize line, award or place as the cash box names it: "Gesamt 1", and for a
    series prize its series: "Serienpreis Serie 2, Platz 1" or "… jede Serie, Platz 1"."""
    label = prize_classification(line.classification)
    if line.classification != PrizeRule.Classification.SERIES:
        return f"{label} {line.rank}"
    if line.series:
        return gettext("%(label)s series %(series)d, place %(rank)d") % {
            "label": label,
            "series": line.series,
            "rank": line.rank,
        }
    return gettext("%(label)s every series, place %(rank)d") % {"label": label, "rank": line.rank}


@register.filter
def prize_of(prizes: dict, participant) -> object:
    """The prize of ``participant`` in a participant → amount table; None without one."""
    return prizes.get(participant)


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
