"""Who may do what: directors (staff users) write, everybody reads what is public."""

from rest_framework.permissions import SAFE_METHODS, BasePermission


def is_director(user) -> bool:
    return bool(user and user.is_authenticated and user.is_staff)


class DirectorWritesOthersRead(BasePermission):
    """Reading is public (rankings, finished lists); nothing is writable anonymously."""

    message = "Only a tournament director may change this; please log in."

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or is_director(request.user)
