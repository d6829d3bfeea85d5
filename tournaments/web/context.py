"""What every page's template may ask about the user: the answer of services/roles.py."""

from tournaments.services import roles


def user_roles(request) -> dict:
    """``is_director``: whether the menu offers the director's pages; ``keeps_money``:
    the treasurer's cash boxes (each asked only when a template reads it)."""
    return {
        "is_director": lambda: roles.is_director(request.user),
        "keeps_money": lambda: roles.may_keep_money(request.user),
    }
