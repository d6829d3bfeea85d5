"""What a table device needs to keep working without the hall's Wi-Fi (docs/table-device.md).

The service worker (``static/js/table-sw.js``) is served from ``/tisch/sw.js`` so that its
scope covers every table page; its cache is named after
``settings.TABLE_DEVICE_CACHE_VERSION``, passed in the script's URL, so a new release
replaces the cache on the next online load. ``static/js/offline.js`` keeps games entered
without a connection in the browser (IndexedDB) and sends them to the API when the
server answers again, each with its own ``Idempotency-Key`` and the number it showed.
The values of a kept game come from the server when it is sent: the device shows
"value follows" until then, because the rules engine lives on the server only.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

SCRIPT = "js/table-sw.js"


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


def offline_context(access, seat_columns=()) -> dict:
    """The data attributes and texts of the offline queue for one table page."""
    table = access.table
    query = urlencode(
        {"v": settings.TABLE_DEVICE_CACHE_VERSION, "static": settings.STATIC_URL},
    )
    return {
        "sw_url": reverse("web:table-sw") + "?" + query,
        "sw_scope": reverse("web:table-code-form"),
        "api_games_url": f"/api/v1/tables/{table.pk}/games/",
        "table_code": "" if access.director else (table.access_code or ""),
        "data": {
            "texts": offline_texts(),
            "seats": {str(column["seat"]): column["names"] for column in seat_columns},
        },
    }


def offline_texts() -> dict:
    """Every sentence the queue script shows, translated here (the script has no catalogue)."""
    return {
        "waiting_one": gettext("offline — 1 game waiting"),
        "waiting_many": gettext("offline — %(count)s games waiting"),
        "sending": gettext("Sending the waiting games …"),
        "not_sent": gettext("not yet sent"),
        "on_its_way": gettext("being sent"),
        "value_follows": gettext("value follows"),
        "passed": gettext("passed in"),
        "seat": gettext("Seat %(seat)s"),
        "take_back": gettext("Take back waiting game %(number)s"),
        "confirm_take_back": gettext("Yes, delete waiting game %(number)s"),
        "keep": gettext("No, keep it"),
        "edit": gettext("Change"),
        "editing": gettext("Changing waiting game %(number)s: save to replace it."),
        "clash": gettext("Game %(number)s clashes with the list on the server: %(message)s"),
        "refused": gettext("The server refused game %(number)s: %(message)s"),
        "renumber": gettext("Enter the waiting games after the server's games"),
        "discard": gettext("Discard game %(number)s"),
        "access_ended": gettext(
            "This device's table code is no longer valid (the director issued a new one). "
            "The games below were not sent: show them to the tournament director to enter."
        ),
        "leftovers": gettext("Games on this device that were not sent"),
        "clear_leftovers": gettext(
            "Delete these games from this device (the director has entered them)"
        ),
        "table": gettext("Table %(table)s"),
        "sign_offline": gettext(
            "Signing and locking need the server: the signatures seal the list as the "
            "server stores it. Wait until the connection is back and all games are sent."
        ),
        "unsent_before_signing": gettext(
            "Games are still waiting to be sent; sign when they are on the server."
        ),
    }
