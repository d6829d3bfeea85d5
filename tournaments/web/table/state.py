"""``/tisch/<id>/stand/``: the list's state for an open table device, polled every few
seconds (docs/table-device.md, "Changes reach an open device").

The answer is the state document of ``services/lists/table_device.list_state`` (the one
the page embeds and a save's answer carries) and the page's parts that show the list (the
status line, the game list, the undo box and the two-list differences), rendered as the
page renders them. Its ETag holds the tournament's version, read after the access check,
and a digest of the state: while nothing changed, a poll costs the session, one read of
the table and one of the version, and is answered ``304 Not Modified``; when only another
table changed, the state is read again (not rendered) and the answer is a 304 with the
new ETag. A re-issued code is a 403 here too, so the device learns it without sending a
game.
"""

import hashlib
import json
import re

from django.http import HttpResponseNotModified, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from tournaments.services.lists.table_device import list_state
from tournaments.services.versions import current_version
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
ETAG_PARTS = re.compile(r'-v(\d+)-([0-9a-f]{16})"')


def state_etag(access, version: int, mode: str, digest: str) -> str:
    table = access.table
    return f'"list-t{table.pk}-{access.kept_list}-{mode}-{get_language()}-v{version}-{digest}"'


def state_digest(state: dict) -> str:
    """What the list's state says, without its version: the same for another table's game."""
    facts = {key: value for key, value in state.items() if key != "version"}
    text = json.dumps(facts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _asked(request) -> tuple[str, str]:
    """(version, digest) of the ETag the device sent, empty when none."""
    found = ETAG_PARTS.search(request.headers.get("If-None-Match", ""))
    return (found.group(1), found.group(2)) if found else ("", "")


@require_safe
@table_view
def list_state_view(request, access):
    """The state and the list's parts; ``?mode=keyboard`` renders the keyboard's list.

    The version is the tournament's, so another table's game changes it too: then the
    list's state is read (without rendering anything) and, when it says what the device
    has, answered 304 with the new ETag. Only a change of this list renders its parts.
    """
    mode = request.GET.get("mode") if request.GET.get("mode") in MODES else "touch"
    version = str(current_version(access.table.series.tournament_id)[0])
    asked_version, asked_digest = _asked(request)
    if asked_version == version:
        response = HttpResponseNotModified()
        response["ETag"] = request.headers["If-None-Match"]
    else:
        state = list_state(access.table, access.kept_list)
        digest = state_digest(state)
        etag = state_etag(access, state["version"], mode, digest)
        if asked_digest == digest:
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
