"""The results portal's pages of a tournament, for the links the hall prints.

The portal's address is the one the director stored on the page "Veröffentlichen"
(:class:`~publishing.models.PublishingTarget`, where the hall publishes to). The setting
``SKATVEREIN_PORTAL_URL``, when not empty, wins over it: for a portal whose public address
differs from the one the hall uploads to (an internal address, a proxy), or a hall that
prints links to a portal it does not publish to itself. Neither: the hall's own pages stay
the printed ones. The portal finds a tournament by its document id (the
UUID of ``skat-results/1``), which is the same on every server that holds it, so the
link is known before the tournament was ever sent: ``/ergebnisse/<uuid>/`` and, for one
list, ``/ergebnisse/<uuid>/serie/<n>/tisch/<t>/`` (publishing/web/portal_pages.py).
"""

from asgiref.local import Local
from django.conf import settings
from django.core.signals import request_finished, request_started

from publishing.models import PublishingTarget, TournamentIdentity

# What one request has looked up already: a PDF of 100 lists or start cards asks for
# every sheet, and must not read the stored target and the tournament's id each time.
# Kept for one request only (the director may store another portal at any moment, in
# another process); outside a request nothing is kept.
_request = Local()


def _remembered() -> dict | None:
    return getattr(_request, "found", None)


def _request_started(**kwargs) -> None:
    _request.found = {}


def _request_finished(**kwargs) -> None:
    _request.found = None


def connect() -> None:
    request_started.connect(_request_started, dispatch_uid="publishing-portal-links-start")
    request_finished.connect(_request_finished, dispatch_uid="publishing-portal-links-end")


def portal_address() -> str:
    """The portal's address printed on paper: the setting, else the stored target."""
    configured = (getattr(settings, "SKATVEREIN_PORTAL_URL", "") or "").strip().rstrip("/")
    if configured:
        return configured
    found = _remembered()
    if found is not None and "portal" in found:
        return found["portal"]
    stored = PublishingTarget.objects.order_by("pk").values_list("url", flat=True).first()
    address = (stored or "").rstrip("/")
    if found is not None:
        found["portal"] = address
    return address


def _tournament_page(tournament_id: int) -> str | None:
    portal = portal_address()
    if not portal:
        return None
    found = _remembered()
    key = (portal, tournament_id)
    if found is not None and key in found:
        return found[key]
    identity, _made = TournamentIdentity.objects.get_or_create(tournament_id=tournament_id)
    page = f"{portal}/ergebnisse/{identity.uuid}/"
    if found is not None:
        found[key] = page
    return page


class PortalAddresses:
    """The provider registered with the core's tournaments.services.public_address."""

    def tournament_url(self, tournament_id: int) -> str | None:
        return _tournament_page(tournament_id)

    def list_url(self, tournament_id: int, series_number: int, table_number: int) -> str | None:
        page = _tournament_page(tournament_id)
        return page and f"{page}serie/{series_number}/tisch/{table_number}/"


PROVIDER = PortalAddresses()
