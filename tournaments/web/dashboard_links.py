"""Links other apps add to the director's dashboard (e.g. the league's "Meine Liga").

The core never imports those apps: they register a function here from their
``AppConfig.ready``, which returns ``(label, address)`` for a user or ``None``. A director
lands on the dashboard after the login, so a page no link there leads to is a page the
director must know the address of.
"""

from collections.abc import Callable

DASHBOARD_LINKS: list[Callable] = []


def register_dashboard_link(link: Callable) -> Callable:
    """Register ``link(user) -> (label, address) | None`` (usable as a decorator)."""
    if link not in DASHBOARD_LINKS:
        DASHBOARD_LINKS.append(link)
    return link


def dashboard_links(user) -> list[tuple[str, str]]:
    return [found for link in DASHBOARD_LINKS if (found := link(user))]
