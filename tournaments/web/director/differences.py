"""The two lists of a table on the director's table page (docs/rules.md 4.1).

The second code (list B) with its QR code, every difference with both versions in the
players' words, and per open difference one form that settles it: by the Skat Court's
rule (one tap), or by choosing list A or list B, always with a reason. Settling is the
table's *settle* step of ``services/states.py``.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_POST

from skatverein.site_address import table_site_url
from tournaments.models import Table
from tournaments.services import states, table_access
from tournaments.web import forms
from tournaments.web.director.auth import director_required
from tournaments.web.director.qr import qr_svg
from tournaments.web.table.two_lists import differences_context

SETTLED = gettext_noop("The difference in game %(number)d of table %(table)d is settled.")
# What the court's rule would decide, said on the button's page before the tap.
RULINGS = {
    "a": gettext_noop("The court's rule counts list A's version (the lower result)."),
    "b": gettext_noop("The court's rule counts list B's version (the lower result)."),
    "passed": gettext_noop(
        "The court's rule counts the game as passed in (the lists name different declarers)."
    ),
}


def two_lists_context(request, table, seats) -> dict:
    """The second code and the differences for the director's table page; empty where one
    list is kept."""
    if not table.series.tournament.two_lists:
        return {"two_lists": False}
    context = differences_context(table, seats)
    for shown in context["differences"]:
        shown["ruling"] = gettext(RULINGS[shown["ruling_key"]])
        shown["settle_url"] = reverse("web:director-table-settle", args=[table.id, shown["number"]])
    link = ""
    if table.second_code:
        link = table_site_url(request) + reverse("web:table-code", args=[table.second_code])
    return {
        **context,
        "second_code": table_access.format_code(table.second_code) if table.second_code else "",
        "second_code_link": link,
        "second_qr_svg": qr_svg(link) if link else "",
    }


def _table(table_id) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"), pk=table_id)


@director_required
@require_POST
def table_settle(request, table_id, number):
    """Settle the difference in game ``number``: ``take`` "rule", "a" or "b", a reason."""
    table = _table(table_id)
    with forms.problems_as_messages(request):
        states.apply(
            table,
            "settle",
            request.user,
            request.POST.get("reason", ""),
            number=number,
            take=request.POST.get("take"),
        )
        messages.success(request, gettext(SETTLED) % {"number": number, "table": table.number})
    return redirect(reverse("web:director-table", args=[table.id]) + "#differences")


@director_required
@require_POST
def table_second_code(request, table_id):
    """Issue the code of list B (the old one, if any, stops working at once)."""
    table = _table(table_id)
    with forms.problems_as_messages(request):
        code = table_access.issue_code(table, request.user, kept_list=table_access.LIST_B)
        messages.success(
            request,
            gettext("Table %(table)d has the new code %(code)s for list B.")
            % {"table": table.number, "code": table_access.format_code(code)},
        )
    return redirect(reverse("web:director-table", args=[table.id]) + "#second-code")
