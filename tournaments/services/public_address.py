"""Where printed links for the public lead: the hall itself, or a results portal.

A list's QR code, start cards and table cards are read at home, after the hall's laptop
has gone. Another app (publishing) may know a results portal that holds the tournament's
pages; it registers a provider here, so the core asks without importing it. Without a
provider, or when it knows no portal, everything points to the hall as it always did.
"""

from typing import Protocol


class PublicAddressProvider(Protocol):
    def tournament_url(self, tournament_id: int) -> str | None:
        """The public page of the tournament elsewhere, or None for the hall's own."""

    def list_url(self, tournament_id: int, series_number: int, table_number: int) -> str | None:
        """The public page of one list elsewhere, or None for the hall's own."""


_providers: list[PublicAddressProvider] = []


def register(provider: PublicAddressProvider) -> None:
    """Called once by an app's ``ready()``; a second registration of the same is ignored."""
    if provider not in _providers:
        _providers.append(provider)


def tournament_url(tournament_id: int) -> str | None:
    """The tournament's page away from the hall, if a provider knows one."""
    for provider in _providers:
        found = provider.tournament_url(tournament_id)
        if found:
            return found
    return None


def list_url(tournament_id: int, series_number: int, table_number: int) -> str | None:
    """One list's page away from the hall, if a provider knows one."""
    for provider in _providers:
        found = provider.list_url(tournament_id, series_number, table_number)
        if found:
            return found
    return None


def list_check_url(hall_url: str, seal: str, tournament_id, series_number, table_number) -> str:
    """What a sealed list's QR code and link lead to: the list's page on the portal, else
    the hall's page that checks the seal (``/verify/<seal>/``)."""
    if tournament_id is not None and series_number is not None and table_number is not None:
        elsewhere = list_url(tournament_id, series_number, table_number)
        if elsewhere:
            return elsewhere
    return f"{hall_url.rstrip('/')}/verify/{seal}/"
