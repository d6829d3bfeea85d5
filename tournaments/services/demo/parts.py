"""The demo parts of the apps built on this one (the league's demo league).

The club evening and the cup are the core's demo (:mod:`.evening`); an app adds its own
part from its ``AppConfig.ready()`` with :func:`register`, and the demo loads, shows and
deletes it with the rest: ``manage.py demo`` loads every part and prints its logins, the
director's "Delete the demo data" page names what each part holds (in the part's own
template) and deletes it in the same transaction.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DemoPart:
    """An app's share of the demo."""

    load: Callable  # (director) -> None: ``manage.py demo`` loads it after the evening
    introduce: Callable  # () -> list[str]: lines ``manage.py demo`` prints (its logins)
    tournaments: Callable  # () -> queryset of the ids of the tournaments the part owns
    listing: Callable  # () -> dict: what deleting would delete, for the part's template
    template: str  # the delete page's section of the part, rendered with ``listing``
    delete: Callable  # () -> dict[str, list[str]]: deletes, before the demo's tournaments
    delete_leftovers: Callable  # () -> None: after them (clubs and players no one uses)
    # The names of the clubs the part creates: whoever deletes the demo must direct them.
    clubs: tuple[str, ...] = ()


PARTS: dict[str, DemoPart] = {}


def register(name: str, part: DemoPart) -> None:
    """Add an app's demo part under ``name`` (registering it again replaces it)."""
    PARTS[name] = part


def parts() -> list[DemoPart]:
    return list(PARTS.values())
