"""DRF permission classes: thin adapters over :mod:`tournaments.services.roles`.

The rules of who may do what live in the roles module, shared with the web pages; these
classes only turn a request into its question (user, read or write) and DRF's answer.
"""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments.services import roles
from tournaments.services.roles import is_director

__all__ = ["DirectorWritesOthersRead", "MaySeeMoney", "is_director"]


class DirectorWritesOthersRead(BasePermission):
    """Reading is public (rankings, finished lists); nothing is writable anonymously."""

    message = "Only a tournament director may change this; please log in."

    def has_permission(self, request, view) -> bool:
        return roles.may_write(request.user, read_only=request.method in SAFE_METHODS)


class MaySeeMoney(BasePermission):
    """Money of an event: directors and treasurers read it, only directors change it."""

    message = "Only the tournament director or the club's treasurer may see the money."

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return roles.may_see_money(request.user)
        return roles.may_set_tariff_and_prizes(request.user)
