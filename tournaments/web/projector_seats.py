"""The projector's "Tisch und Platz" (``/turniere/<id>/leinwand/serie/<n>/plaetze/``).

Right after the draw a hundred people look for their seat at once; on the projector each
finds their name in the alphabet with table and seat, instead of queueing at the plan on
the door. The page is public, so names follow the public naming rule
(``services/public_names.py``). Sorted by the player's stored German sort key (last name,
then first name); players who consented to no name are shown as "Teilnehmer 17" and come
last, by start number, so that where they stand in the alphabet tells nothing about them.

The pages turn by themselves with ``static/js/projector.js``, as on the ranking projector:
at most ``PER_PAGE`` names a page (fewer if the screen holds fewer), ``SECONDS_PER_PAGE``
each, and after the last page the view is fetched again, so a new draw shows up.
"""

from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.models import Publication, Seat, Series, Tournament
from tournaments.services.input import query_number
from tournaments.services.public_names import public_name

PER_PAGE = 25
SECONDS_PER_PAGE = 10


def seat_rows(series: Series) -> list[dict]:
    """Everyone seated in ``series`` now, in the order shown: ``name``, ``table``, ``seat``.

    One query. A seat that ended (a player who left during the series) is not shown.
    """
    seats = (
        Seat.objects.filter(series=series, until_game__isnull=True)
        .select_related("participant__player__club", "table")
        .order_by("participant__player__sort_name", "participant__start_number")
    )
    named, unnamed = [], []
    for seat in seats:
        participant = seat.participant
        row = {
            "name": public_name(participant.player, start_number=participant.start_number).name,
            "table": seat.table.number,
            "seat": seat.number,
        }
        if participant.player.publication == Publication.NONE:
            unnamed.append((participant.start_number, row))
        else:
            named.append(row)
    return named + [row for _number, row in sorted(unnamed, key=lambda pair: pair[0])]


@never_cache
@require_safe
def projector_seats(request, tournament_id, number):
    """Table and seat of every participant of series ``number``, in pages for the hall."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    series = get_object_or_404(Series, tournament=tournament, number=number)
    rows = seat_rows(series)
    pages = [rows[start : start + PER_PAGE] for start in range(0, len(rows), PER_PAGE)] or [[]]
    current = query_number(request.GET.get("seite"), default=1, low=1, high=len(pages))
    context = {
        "tournament": tournament,
        "series": series,
        "pages": pages,
        "current": current,
        "seconds": SECONDS_PER_PAGE,
        "rows_asked": PER_PAGE,
        "next_query": f"?seite={current % len(pages) + 1}",
        "updated_at": timezone.localtime(),
    }
    return render(request, "public/projector_seats.html", context)
