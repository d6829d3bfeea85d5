"""The table code page at ``/tisch/``: typing or scanning a code opens that table's list."""

from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from tournaments.services import table_access
from tournaments.services.errors import Rejected
from tournaments.web.table.access import client_address, code_page, grant, http_status


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
    grant(request, table)
    return redirect("web:table", table.pk)


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
