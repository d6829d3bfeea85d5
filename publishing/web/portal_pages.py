"""The stable public addresses of a tournament by its document id (``/ergebnisse/<uuid>/``),
which lists, start cards and table cards print when a results portal is set
(publishing/services/portal_links.py). Any server holding the tournament answers them,
the portal as well as the hall, by sending the reader on to its own pages."""

from django.http import Http404
from django.shortcuts import redirect

from publishing.models import TournamentIdentity
from tournaments.models import Table


def _tournament_id(uuid) -> int:
    identity = TournamentIdentity.objects.filter(uuid=uuid).first()
    if identity is None:
        raise Http404
    return identity.tournament_id


def tournament_page(request, uuid):
    """The tournament's public page."""
    return redirect("web:tournament", tournament_id=_tournament_id(uuid))


def list_page(request, uuid, series: int, table: int):
    """A sealed list's verification page; the tournament's page for a list still open."""
    tournament_id = _tournament_id(uuid)
    found = Table.objects.filter(
        series__tournament_id=tournament_id, series__number=series, number=table
    ).first()
    if found is None:
        raise Http404
    if found.seal:
        return redirect("web:verify", seal=found.seal)
    return redirect("web:tournament", tournament_id=tournament_id)
