"""The results portal's pages of a tournament, for the links the hall prints.

The portal's address is the setting ``SKATVEREIN_PORTAL_URL`` (empty: none; the hall's
own pages stay the printed ones). The portal finds a tournament by its document id (the
UUID of ``skat-results/1``), which is the same on every server that holds it, so the
link is known before the tournament was ever sent: ``/ergebnisse/<uuid>/`` and, for one
list, ``/ergebnisse/<uuid>/serie/<n>/tisch/<t>/`` (publishing/web/portal_pages.py).
"""

from django.conf import settings

from publishing.models import TournamentIdentity


def portal_address() -> str:
    return (getattr(settings, "SKATVEREIN_PORTAL_URL", "") or "").strip().rstrip("/")


def _tournament_page(tournament_id: int) -> str | None:
    portal = portal_address()
    if not portal:
        return None
    identity, _made = TournamentIdentity.objects.get_or_create(tournament_id=tournament_id)
    return f"{portal}/ergebnisse/{identity.uuid}/"


class PortalAddresses:
    """The provider registered with the core's tournaments.services.public_address."""

    def tournament_url(self, tournament_id: int) -> str | None:
        return _tournament_page(tournament_id)

    def list_url(self, tournament_id: int, series_number: int, table_number: int) -> str | None:
        page = _tournament_page(tournament_id)
        return page and f"{page}serie/{series_number}/tisch/{table_number}/"


PROVIDER = PortalAddresses()
