"""``X-Table-Code``: a device without an account keeps one table's list through the API.

A table tablet sends the table's code in the ``X-Table-Code`` header; it may then write
the list-keeping endpoints of that one table (enter, correct and delete games, sign), and
nothing else. Wire it next to the director's permission on the table viewset::

    permission_classes = [DirectorWritesOthersRead | TableCodeWrites]

and pass ``actor=table_code_actor(request)`` to the services, so the audit trail says a
table device acted. Wrong codes count towards the same per-address limit as the code
form of the web pages; once an address has sent too many, its further wrong codes get 429
with ``Retry-After``, while the right code keeps working (services/table_access.py).
"""

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import PermissionDenied, Throttled
from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments.models import Table
from tournaments.services import table_access
from tournaments.services.client_address import client_address as client_address_from
from tournaments.services.errors import Rejected, is_id
from tournaments.services.input import ascii_whole_number
from tournaments.services.prepared_reads import PreparedRead

HEADER = "X-Table-Code"
# The table viewset's actions a table code may write: the games of the list and signing.
TABLE_CODE_ACTIONS = frozenset({"games", "game", "signatures", "take"})
_TABLE_ATTRIBUTE = "_table_code_table"
# The table a code names, with its series and tournament, compiled once per process: every
# game a device enters is checked here (services/prepared_reads.py).
TABLE_WITH_EVENT = PreparedRead(
    lambda pk: Table.objects.select_related("series__tournament").filter(pk=pk).order_by("pk")[:1]
)


def client_address(request) -> str:
    """The address wrong codes are counted for, behind ``TRUSTED_PROXY_COUNT`` proxies."""
    return client_address_from(request.META)


class TableCodeWrites(BasePermission):
    """Writes to one table's list with that table's code in the ``X-Table-Code`` header.

    A code that is wrong for this table or has expired is refused with 403 and a message
    saying which (rather than DRF's "not authenticated"), so a tablet can tell its user.
    """

    def has_permission(self, request, view) -> bool:
        code = request.headers.get(HEADER)
        if not code or request.method in SAFE_METHODS:
            return False
        if getattr(view, "action", None) not in TABLE_CODE_ACTIONS:
            return False
        pk = view.kwargs.get("pk")
        if checked_table(request, pk) is not None:
            # DRF asks again for the object permission (``A | B`` repeats has_permission);
            # this request's code was checked against this table already.
            return True
        number = ascii_whole_number(str(pk))
        table = TABLE_WITH_EVENT.first(number) if is_id(number) else None
        try:
            kept_list = table is not None and table_access.code_opens(
                table, code, client_address(request)
            )
        except table_access.TooManyAttempts as blocked:
            raise Throttled(
                wait=blocked.retry_after,
                detail=" ".join(p.text(gettext) for p in blocked.problems),
            ) from blocked
        if not kept_list:
            raise PermissionDenied(
                gettext(
                    "The table code does not open this table's list. Check the code on the "
                    "table card."
                )
            )
        try:
            table_access.ensure_code_usable(table)
        except Rejected as expired:
            raise PermissionDenied(" ".join(p.text(gettext) for p in expired.problems)) from None
        setattr(request, _TABLE_ATTRIBUTE, (table, kept_list))
        return True


def _opened(request):
    """(table, list) a request was let in for by :class:`TableCodeWrites`, else None."""
    opened = getattr(request, _TABLE_ATTRIBUTE, None)
    if opened is None and hasattr(request, "_request"):
        opened = getattr(request._request, _TABLE_ATTRIBUTE, None)
    return opened


def table_code_actor(request) -> str:
    """The audit trail's "who" for a request let in by :class:`TableCodeWrites`, else ""."""
    opened = _opened(request)
    return table_access.device_actor(*opened) if opened is not None else ""


def table_code_list(request) -> str:
    """The list a table device keeps ("A", or "B" with the second code); "A" for others."""
    opened = _opened(request)
    return opened[1] if opened is not None else table_access.LIST_A


def checked_table(request, pk) -> Table | None:
    """The table ``pk`` as :class:`TableCodeWrites` read it for this request (with its
    series and tournament), or None when no code let the request in for that table."""
    opened = _opened(request)
    table = opened[0] if opened is not None else None
    return table if table is not None and str(table.pk) == str(pk) else None


class TableCodeSchemeMarker(BaseAuthentication):
    """Never authenticates: only documents the ``X-Table-Code`` header in the OpenAPI schema.

    Add it last to a view's ``authentication_classes`` to show the header as a security
    scheme in ``/api/docs/``; the permission above does the checking.
    """

    def authenticate(self, request):
        return None


class TableCodeScheme(OpenApiAuthenticationExtension):
    target_class = "tournaments.api.table_code.TableCodeSchemeMarker"
    name = "tableCode"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": HEADER}
