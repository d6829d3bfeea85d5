"""The table code page at ``/tisch/``: typing or scanning a code opens that table's list."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from tournaments.services import table_access
from tournaments.services.errors import Rejected
from tournaments.web.table.access import (
    client_address,
    code_page,
    grant,
    granted_list,
    http_status,
)


def _open_with_code(request, code):
    try:
        table = table_access.table_for_code(code, client_address(request))
    except table_access.TooManyAttempts as blocked:
        return code_page(
            request,
            status=429,
            errors=[p.text(gettext) for p in blocked.problems],
            code=code,
            retry_after=blocked.retry_after,
        )
    except Rejected as rejected:
        return code_page(
            request,
            status=http_status(rejected),
            errors=[p.text(gettext) for p in rejected.problems],
            code=code,
        )
    kept_list = table_access.list_of_code(table, table_access.normalize_code(code))
    before = granted_list(request, table)
    grant(request, table, kept_list)
    if table.series.tournament.two_lists:
        _say_which_list(request, table, kept_list, before)
    return redirect("web:table", table.pk)


def _say_which_list(request, table, kept_list, before) -> None:
    """Where two lists are kept, the device is told which one its code keeps, and warned
    when it kept the other list of the table until now (a code handed out by mistake)."""
    if kept_list == table_access.LIST_B:
        text = gettext(
            "This is the code of list B of table %(table)d — the second device. The first "
            "device keeps list A with the other code."
        )
    else:
        text = gettext(
            "This is the code of list A of table %(table)d — the first device. The second "
            "device keeps list B with the other code."
        )
    if before and before != kept_list:
        warning = gettext(
            "Careful: until now this device kept list %(before)s of table %(table)d; it now "
            "keeps list %(list)s. If both devices keep the same list, ask the tournament "
            "director for the other code."
        )
        messages.warning(
            request, warning % {"before": before, "list": kept_list, "table": table.number}
        )
    messages.info(request, text % {"table": table.number})


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def code_form(request):
    """``/tisch/``: type the table code; it opens that one table's list on this device."""
    if request.method == "POST":
        return _open_with_code(request, request.POST.get("code", ""))
    return code_page(request)


@never_cache
@require_safe
def code_link(request, code):
    """``/tisch/code/<code>/``: the link of the QR code on the table plan."""
    return _open_with_code(request, code)
