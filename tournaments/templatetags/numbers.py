"""Points on pages: ``{{ total|points }}`` shows "1.234" and "−56" with a real minus sign.

Every page that shows a score, a total or a credit writes it this way, as the printed lists
and the PDFs do (exports/formatting.py); the API and the spreadsheets keep plain integers.
"""

from django import template
from django.utils.formats import number_format

from tournaments.services.lists.running_list import stand_meaning as meaning_of_stand
from tournaments.skat.explanation import MINUS
from tournaments.web.table.display import plain, signed

register = template.Library()


@register.filter
def points(value, decimals=0) -> str:
    """1.234 / −56 (``|points:1`` for an average: −12,5): grouped the way of the page's
    language, with a real minus sign."""
    if value in (None, ""):
        return ""
    if not decimals:
        return plain(int(value))
    sign = MINUS if value < 0 else ""
    return sign + number_format(abs(value), int(decimals), force_grouping=True)


@register.filter
def signed_points(value) -> str:
    """+150 / −50 / 0: a bonus always shows its sign."""
    if value in (None, ""):
        return ""
    return signed(int(value))


@register.simple_tag
def stand_meaning(tournament) -> str:
    """The one sentence that says what a list's running total (Stand) is; the PDF prints it
    too (services/lists/running_list.py)."""
    return meaning_of_stand(tournament)
