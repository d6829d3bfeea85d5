"""What a table device needs to keep working without the hall's Wi-Fi (docs/table-device.md).

The service worker (``static/js/table-sw.js``) is served from ``/tisch/sw.js`` so that its
scope covers every table page; its cache is named after
``settings.TABLE_DEVICE_CACHE_VERSION``, passed in the script's URL, so a new release
replaces the cache on the next online load. The page sends its scripts, as JSON
(``device_data``), the facts of the list the rules need (the coming deals, the running
totals, the extra points), the addresses it talks to and every sentence it shows, the
rules' messages included: the device values, checks and keeps every game itself and sends
it to the API when the server answers (``static/js/table/sending.js``).
"""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.services.lists.table_device import device_facts
from tournaments.skat.i18n import marked_messages
from tournaments.web.table.device_texts import device_texts, offline_texts, page_messages

SCRIPT = "js/table-sw.js"
# Every module a table page loads, directly or through an import: the pages name them
# (modulepreload), so the service worker keeps them all for an offline reload. A test
# follows the imports and holds this list complete.
DEVICE_MODULES = (
    "js/lib/http.js",
    "js/lib/dom.js",
    "js/rules/games.js",
    "js/rules/problems.js",
    "js/rules/reading.js",
    "js/rules/validation.js",
    "js/rules/values.js",
    "js/rules/explanation.js",
    "js/rules/entry.js",
    "js/rules/close-matches.js",
    "js/rules/notation.js",
    "js/table/game-fields.js",
    "js/table/page-data.js",
    "js/table/storage.js",
    "js/table/valuation.js",
    "js/table/sending.js",
    "js/table/clash-box.js",
    "js/table/list-view.js",
    "js/table/game-form.js",
    "js/table/offline-cache.js",
    "js/table/entry-page.js",
    "js/table/new-totals.js",
    "js/table/leftovers.js",
    "js/table/touch.js",
    "js/table/keyboard.js",
    "js/table/sign.js",
    "js/table/signature-pad.js",
)


@never_cache
@require_safe
def service_worker(request):
    """``/tisch/sw.js``: the table pages' service worker, from the static files."""
    path = finders.find(SCRIPT)
    if not path:
        raise Http404(SCRIPT)
    with open(path, encoding="utf-8") as script:
        response = HttpResponse(script.read(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("web:table-code-form")
    return response


def offline_context(access, seats=(), next_number=None, mode="", state=None) -> dict:
    """The device's data for one table page: facts of the list, addresses, texts.

    ``state``: the list's state document (``services/lists/table_device.list_state``),
    the facts an entry page starts from; without it (the correction page) the deals from
    game ``next_number`` on and list A's totals. The second keeper's device gets list B's
    code."""
    table = access.table
    facts = state if state is not None else device_facts(table, next_number)
    next_number = facts.get("nextNumber", next_number)
    code = table.second_code if getattr(access, "second", False) else table.access_code
    query = urlencode(
        {"v": settings.TABLE_DEVICE_CACHE_VERSION, "static": settings.STATIC_URL},
    )
    return {
        "modules": DEVICE_MODULES,
        "data": {
            "table": table.pk,
            "tableNumber": table.number,
            "mode": mode,
            "nextNumber": next_number,
            "code": "" if access.director else (code or ""),
            "keptList": getattr(access, "kept_list", "A"),
            "urls": {
                "games": f"/api/v1/tables/{table.pk}/games/",
                "state": reverse("web:table-state", args=[table.pk]),
                "touch": reverse("web:table", args=[table.pk]),
                "keyboard": reverse("web:table-keyboard", args=[table.pk]),
                "sign": reverse("web:table-sign", args=[table.pk]),
                "undo": reverse("web:table-undo", args=[table.pk]),
                "sw": reverse("web:table-sw") + "?" + query,
                "swScope": reverse("web:table-code-form"),
            },
            "people": {str(seat.participant_id): seat.name for seat in seats},
            **facts,
            "thousands": get_format("THOUSAND_SEPARATOR"),
            "texts": {**offline_texts(), **device_texts()},
            "catalogue": catalogue(),
        },
    }


def catalogue() -> dict[str, str]:
    """The rules' messages and the words of a game, translated for the device."""
    return {message: gettext(message) for message in (*marked_messages(), *page_messages())}
