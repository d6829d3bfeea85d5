"""What every page's template may ask about the user: the answer of services/roles.py."""

from tournaments.services import roles


def user_roles(request) -> dict:
    """``is_director``: whether the menu offers the director's pages; ``keeps_money``:
    the treasurer's cash boxes (each asked only when a template reads it)."""
    # A request refused before the authentication middleware ran (skatverein/middleware.py:
    # a NUL character) has no user; its 400 page offers neither.
    user = getattr(request, "user", None)
    return {
        "is_director": lambda: user is not None and roles.is_director(user),
        "keeps_money": lambda: user is not None and roles.may_keep_money(user),
    }
