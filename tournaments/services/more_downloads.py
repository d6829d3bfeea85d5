"""Files another app offers on the director's tournament page, beside the core's own.

The publishing app offers the tournament's static website there; the core lists what a
registered provider names without importing the app that serves it.
"""

from collections.abc import Callable

# A provider: tournament → [{"label": ..., "url": ...}] for the director's page.
Provider = Callable[[object], list[dict]]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Called once by an app's ``ready()``; a second registration of the same is ignored."""
    if provider not in _providers:
        _providers.append(provider)


def downloads_of(tournament) -> list[dict]:
    return [item for provider in _providers for item in provider(tournament)]
