"""DRF permission classes: thin adapters over :mod:`tournaments.services.roles`.

The rules of who may do what live in the roles module, shared with the web pages; these
classes only turn a request into its question (user, read or write, the object the
address names) and DRF's answer. The object is what the view's ``{id}`` names: a model of
``scope_model`` or of the view's queryset (a tournament, series, table, club, player); the
roles module finds the event it belongs to and whether the user directs it.
"""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments.services import roles
from tournaments.services.errors import is_id
from tournaments.services.roles import is_director

__all__ = [
    "AssociationAdminWrites",
    "DirectorWritesOthersRead",
    "MaySeeMoney",
    "event_of",
    "is_director",
    "scoped_object",
]

_SCOPE_ATTRIBUTE = "_scoped_object"


def scoped_object(request, view):
    """The object the request's address names (``{id}``), read once per request; None for
    a collection (``tournaments/``), an unknown id or a view without a model."""
    if view is None:
        return None
    cached = getattr(request, _SCOPE_ATTRIBUTE, _SCOPE_ATTRIBUTE)
    if cached is not _SCOPE_ATTRIBUTE:
        return cached
    found = None
    kwargs = getattr(view, "kwargs", None) or {}
    model = getattr(view, "scope_model", None)
    if model is None and getattr(view, "queryset", None) is not None:
        model = view.queryset.model
    pk = kwargs.get("pk")
    pk = int(pk) if isinstance(pk, str) and pk.isascii() and pk.isdigit() else pk
    if model is not None and is_id(pk):
        found = model._default_manager.filter(pk=pk).first()
    setattr(request, _SCOPE_ATTRIBUTE, found)
    return found


def event_of(request, view):
    """:func:`scoped_object` as a function to call when needed: the roles module asks for it
    only when the user's roles do not already answer (an admin directs everything)."""
    return lambda: scoped_object(request, view)


class DirectorWritesOthersRead(BasePermission):
    """Reading is public (rankings, finished lists); changing is for the event's directors."""

    message = "Only a director of this event may change it; please log in."

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return roles.may_write(request.user, read_only=False, obj=event_of(request, view))


class AssociationAdminWrites(BasePermission):
    """Reading is public; changing is for the association's administrator."""

    message = "Only the association's administrator may change this."

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or roles.is_association_admin(request.user)


class MaySeeMoney(BasePermission):
    """Money of an event: directors and treasurers read it, only directors change it."""

    message = "Only the tournament director or the club's treasurer may see the money."

    def has_permission(self, request, view) -> bool:
        event = event_of(request, view)
        if request.method in SAFE_METHODS:
            return roles.may_see_money(request.user, event)
        return roles.may_set_tariff_and_prizes(request.user, event)
