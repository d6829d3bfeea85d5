"""The projector mode of the tournament ranking (``/turniere/<id>/leinwand/``) for the hall.

Large type, no menu, and it pages through all ranks by itself: the server renders every
page of the ranking at once, ``static/js/projector.js`` pages the rows again by what the
screen holds (a long name takes two lines), shows one page after the other and, after
the last, fetches the page again for fresh results. Without JavaScript a meta
refresh (allowed by the Content-Security-Policy, which governs scripts, not navigation)
opens the next page, ``?seite=2``, with fresh results each time.
"""

from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.models import Tournament
from tournaments.services import ranking
from tournaments.services.input import query_number
from tournaments.services.result_access import Access, refuse_withheld

ROWS_PER_PAGE = 12
SECONDS_PER_PAGE = 15
LIMITS = {"zeilen": (ROWS_PER_PAGE, 5, 40), "sekunden": (SECONDS_PER_PAGE, 5, 120)}


def _whole_number(request, name: str) -> int:
    """The ``name`` parameter within its limits; its default when missing or not a number."""
    default, low, high = LIMITS[name]
    return query_number(request.GET.get(name), default=default, low=low, high=high)


@never_cache
@require_safe
def projector(request, tournament_id):
    """All ranks of the tournament in pages of ``zeilen`` rows, ``sekunden`` seconds each."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    access = refuse_withheld(request.user, tournament.pk)
    rows = ranking.rank_tournament(tournament)
    size = _whole_number(request, "zeilen")
    pages = [rows[start : start + size] for start in range(0, len(rows), size)] or [[]]
    current = query_number(request.GET.get("seite"), default=1, low=1, high=len(pages))
    seconds = _whole_number(request, "sekunden")
    following = current % len(pages) + 1
    context = {
        "tournament": tournament,
        # "Endstand" over the hall once the tournament is finished, as on the ranking page.
        "finished": tournament.status == Tournament.Status.FINISHED
        and tournament.finished_at is not None,
        "pages": pages,
        "current": current,
        "seconds": seconds,
        # Asked for in the address: then a page holds no more rows, even if more would fit.
        "rows_asked": size if "zeilen" in request.GET else None,
        "next_query": f"?seite={following}&zeilen={size}&sekunden={seconds}",
        "updated_at": timezone.localtime(),
        "results_provisional": access is Access.PROVISIONAL,
    }
    return render(request, "public/projector.html", context)
