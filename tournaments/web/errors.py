"""The security-check (CSRF) failure page; 404 and 500 are the templates of the same names.

A table device whose page stayed open all evening may post with a token that no longer
matches (a new login elsewhere, cleared cookies). The players must not lose the game they
just typed: the failure sends them back to their list with the entry kept and a fresh
token, so one more tap saves it.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext

# Where the touch entry finds an entry kept after a failed check (see ``table_page``).
KEPT_ENTRY = "table_entry_kept"
KEPT_FIELDS = 40
KEPT_LENGTH = 200


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``: back to the table's list with the entry kept, else a 403 page."""
    message = gettext(
        "The security check of this page had expired. What you typed is still here: check "
        "it and save it once more."
    )
    target = _table_target(request)
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(
            {"ok": False, "code": "security_check_failed", "message": message}, status=403
        )
    if target is not None:
        messages.warning(request, message)
        return HttpResponseRedirect(target, status=303)
    return render(request, "403_csrf.html", status=403)


def _table_target(request) -> str | None:
    """The page a failed table post returns to, with what was typed kept."""
    if request.method != "POST":
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    pk = match.kwargs.get("pk")
    if match.view_name == "web:table-keyboard":
        line = request.POST.get("line", "")[:KEPT_LENGTH]
        url = reverse("web:table-keyboard", args=[pk])
        return f"{url}?{urlencode({'zeile': line})}" if line else url
    if match.view_name == "web:table":
        typed = {
            key: value[:KEPT_LENGTH]
            for key, value in list(request.POST.items())[:KEPT_FIELDS]
            if key != "csrfmiddlewaretoken"
        }
        request.session[KEPT_ENTRY] = {"table": pk, "post": typed}
        return reverse("web:table", args=[pk]) + "#entry"
    return None


def kept_entry(request, table_id: int) -> dict | None:
    """The entry :func:`csrf_failure` kept for this table, once (it is then forgotten)."""
    kept = request.session.pop(KEPT_ENTRY, None)
    if kept and kept.get("table") == table_id:
        return kept.get("post") or {}
    return None
