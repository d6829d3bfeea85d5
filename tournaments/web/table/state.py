"""``/tisch/<id>/stand/``: the list's state for an open table device, polled every few
seconds (docs/table-device.md, "Changes reach an open device").

The answer is the state document of ``services/lists/table_device.list_state`` (the one
the page embeds and a save's answer carries) and the page's parts that show the list (the
status line, the game list, the undo box and the two-list differences), rendered as the
page renders them. Its ETag is the list's fingerprint (``list_fingerprint``: status,
games, seats, differences, one query): while the list stands still, also while other
tables enter games, a poll costs the session, one read of the table and that query, and
is answered ``304 Not Modified``. A re-issued code is a 403 here too, so the device
learns it without sending a game.
"""

import hashlib

from django.http import HttpResponseNotModified, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from tournaments.services.lists.table_device import list_fingerprint
from tournaments.web.table.access import table_view
from tournaments.web.table.page_context import page_context

# The page's parts the answer renders again: element id → template.
PARTS = {
    "table-status": "table/_status.html",
    "game-list": "table/_list.html",
    "undo-area": "table/_undo.html",
    "differences-area": "table/_differences.html",
}
MODES = ("touch", "keyboard")


def state_etag(access, mode: str, fingerprint: str) -> str:
    digest = hashlib.sha256(fingerprint.encode()).hexdigest()[:16]
    return f'"list-t{access.table.pk}-{access.kept_list}-{mode}-{get_language()}-{digest}"'


@require_safe
@table_view
def list_state_view(request, access):
    """The state and the list's parts; ``?mode=keyboard`` renders the keyboard's list."""
    mode = request.GET.get("mode") if request.GET.get("mode") in MODES else "touch"
    etag = state_etag(access, mode, list_fingerprint(access.table))
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = _answer(request, access, mode)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0, private=True)
    return response


def _answer(request, access, mode: str) -> JsonResponse:
    context = page_context(request, access)
    context["mode"] = mode
    parts = {
        element: render_to_string(template, context, request)
        for element, template in PARTS.items()
        if element != "differences-area" or context.get("two_lists")
    }
    return JsonResponse({"state": context["list_state"], "parts": parts})
