"""Who may write the league's resources: a thin adapter over league/services/roles.py.

Each view names its roles question (``write_rule``) and the model its ``{id}`` names
(``scope_model``); reading is public, and each view narrows what it shows itself.
"""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from league.services import roles
from tournaments.api.permissions import scoped_object


class LeagueWrites(BasePermission):
    """Reading is public; a write asks ``roles.<write_rule>(user, object)``."""

    message = "Only the association's administrator or the group's leader may change this."

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        target = scoped_object(request, view)
        if target is None and getattr(view, "scope_model", None) is not None:
            # An unknown id: a signed-in user gets the view's 404, as for the lists.
            return bool(request.user and request.user.is_authenticated)
        return getattr(roles, view.write_rule)(request.user, target)
