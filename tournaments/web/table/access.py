"""Who may use a table page: a director, or a device that opened the table with its code.

The device's session keeps a fingerprint of the code per table (``services.table_access``),
so a re-issued code locks the old devices out. Refusals share one shape here: the code page
with 403, a 409 for a list that can no longer change, and the JSON error entries.
"""

from dataclasses import dataclass
from functools import cached_property, wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from skatverein.site_address import table_site_url
from tournaments.models import ListLocked, Table
from tournaments.services import states, table_access
from tournaments.services.client_address import client_address as client_address_from
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping
from tournaments.services.roles import Role, may_direct
from tournaments.skat import Problem
from tournaments.web.table.device_texts import offline_texts
from tournaments.web.table.offline import catalogue

SESSION_KEY = "table_access"


def client_address(request) -> str:
    """The address wrong codes are counted for, behind ``TRUSTED_PROXY_COUNT`` proxies."""
    return client_address_from(request.META)


def table_code_url(table: Table, request) -> str | None:
    """The absolute link a QR code on the table plan points to, or None without a code."""
    if not table.access_code:
        return None
    return table_site_url(request) + reverse("web:table-code", args=[table.access_code])


@dataclass(frozen=True)
class Access:
    """Who is at the table page: a director, or a device holding the table's code."""

    table: Table
    director: bool
    user: object = None
    # Which list the page keeps: "A" (the official one), or "B" on the second keeper's
    # device where a tournament keeps two lists per table (docs/rules.md 4.1).
    kept_list: str = table_access.LIST_A

    @property
    def second(self) -> bool:
        return self.kept_list == table_access.LIST_B

    @cached_property
    def may_edit(self) -> bool:
        return self.table.is_open and (self.director or _code_still_usable(self.table))

    def actor(self) -> str:
        return "" if self.director else table_access.device_actor(self.table, self.kept_list)

    def roles(self) -> frozenset:
        """The role the page acts in for ``states.apply``: the director or the table device
        (who may open the page was decided when it was opened)."""
        return frozenset({Role.DIRECTOR if self.director else Role.TABLE_DEVICE})

    def apply(self, action: str, **details):
        """Take the list's step ``action`` through ``states.apply`` as this page's user, role
        and actor (services/states.py); ``details`` are the step's own inputs."""
        return states.apply(
            self.table, action, self.user, roles=self.roles(), actor=self.actor(), **details
        )

    def enter(self, data: dict):
        """Take the list's *enter* step with the game ``data``."""
        return self.apply("enter", game=data, kept_list=self.kept_list)


def _code_still_usable(table: Table) -> bool:
    try:
        table_access.ensure_code_usable(table)
    except Rejected:
        return False
    return True


def granted_list(request, table: Table) -> str | None:
    """The list of ``table`` this device was given a code for, if any (still valid)."""
    grants = request.session.get(SESSION_KEY) or {}
    tag = grants.get(str(table.pk)) if isinstance(grants, dict) else None
    return table_access.tag_matches(table, tag) if tag else None


def grant(request, table: Table, kept_list=table_access.LIST_A) -> None:
    """This device keeps ``kept_list`` of ``table`` from now on (one list per table)."""
    grants = dict(request.session.get(SESSION_KEY) or {})
    grants[str(table.pk)] = table_access.grant_tag(table, kept_list)
    request.session[SESSION_KEY] = grants
    request.session.cycle_key()


def resolve_access(request, pk) -> Access:
    table = get_object_or_404(Table.objects.select_related("series__tournament__tariff"), pk=pk)
    if may_direct(request.user, table):
        return Access(table, director=True, user=request.user)
    kept_list = granted_list(request, table)
    if kept_list:
        return Access(table, director=False, user=request.user, kept_list=kept_list)
    raise PermissionDenied


def ensure_may_write(access: Access) -> None:
    if not access.director:
        table_access.ensure_code_usable(access.table)


def ensure_may_enter(access: Access) -> None:
    """Games are entered and undone until the list is complete or the director ended it."""
    ensure_may_write(access)
    listkeeping.ensure_not_ended(access.table)


def _denied(request):
    """A device without the table's code: the code form, with a 403."""
    return code_page(
        request,
        status=403,
        errors=[gettext("This table's list needs its table code. Type it in or scan the QR code.")],
    )


def table_view(view):
    """Resolve the table and the access for ``view(request, access)``; 403 without it."""

    @wraps(view)
    def wrapped(request, pk, **kwargs):
        try:
            access = resolve_access(request, pk)
        except PermissionDenied:
            return _denied(request)
        return view(request, access, **kwargs)

    return wrapped


def table_entry_view(*, methods=("GET", "HEAD", "POST"), refused_to="web:table"):
    """A table page that changes the list: never cached, opened through ``table_view``.

    A POST from someone who may no longer change the list (a closed table, a re-issued code)
    gets ``read_only_refusal`` before the view runs, sent back to ``refused_to``: a URL name,
    or a function of the request for a page that returns to where the user came from.
    """

    def decorate(view):
        @wraps(view)
        def writable_only(request, access, **kwargs):
            if request.method == "POST" and not access.may_edit:
                target = refused_to(request) if callable(refused_to) else refused_to
                return read_only_refusal(request, access, target=target)
            return view(request, access, **kwargs)

        return never_cache(require_http_methods(list(methods))(table_view(writable_only)))

    return decorate


def code_page(request, *, status=200, errors=(), code="", retry_after=0):
    response = render(
        request,
        "table/code.html",
        {
            "errors": list(errors),
            "code": code[:40],
            "offline_texts": {"texts": offline_texts(), "catalogue": catalogue(), "people": {}},
        },
        status=status,
    )
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def http_status(rejected: Rejected) -> int:
    if rejected.forbidden:
        return 403
    return 404 if rejected.missing else 409 if rejected.conflict else 400


def problems_and_status(error) -> tuple[list[Problem], int]:
    if isinstance(error, ListLocked):
        return [error.problem], 409
    return list(error.problems), http_status(error)


def read_only_refusal(request, access, target="web:table"):
    message = gettext("This list can no longer be changed here.")
    try:
        table_access.ensure_code_usable(access.table)
    except Rejected as rejected:
        message = " ".join(p.text(gettext) for p in rejected.problems)
    if wants_json(request):
        return JsonResponse({"ok": False, "errors": [error_entry("table", message)]}, status=409)
    messages.error(request, message)
    return redirect(target, access.table.pk)


def error_entry(field: str, message: str, tokens=()) -> dict:
    return {"field": field, "message": message, "tokens": list(tokens)}


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")
