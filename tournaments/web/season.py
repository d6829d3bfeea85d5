"""A club's season ranking (Jahreswertung) as a page: ``/vereine/<id>/jahreswertung/``.

Public like the other rankings: an anonymous reader sees each player as they consented
(services/season_ranking.py ``named_publicly``, by services/public_names.py), a director
the full names. The same ranking as PDF and XLSX is the API's download (linked here with
the same year), so page and files are one computation.
"""

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.models import Club
from tournaments.services import roles, season_ranking
from tournaments.services.errors import Rejected
from tournaments.services.input import ascii_whole_number

YEAR_PARAMETER = "year"


def _year(request):
    """The year asked for (this year if none); a text that is no ASCII whole number is
    passed on as it is, for the service to refuse with its message."""
    text = request.GET.get(YEAR_PARAMETER, "").strip()
    if not text:
        return timezone.localdate().year
    number = ascii_whole_number(text)
    return text[:20] if number is None else number


@require_safe
def season_ranking_page(request, club_id):
    club = get_object_or_404(Club, pk=club_id)
    year = _year(request)
    problems, rows = [], []
    try:
        rows = season_ranking.rank_season(club, year)
    except Rejected as rejected:
        problems = [problem.text(gettext) for problem in rejected.problems]
    if rows and not roles.sees_full_names(request.user):
        rows = season_ranking.named_publicly(rows)
    context = {"club": club, "year": year, "rows": rows, "problems": problems}
    if not problems:
        query = "?" + urlencode({YEAR_PARAMETER: year})
        context |= {
            "previous_year": year - 1,
            "next_year": year + 1,
            "pdf_url": reverse("season-ranking-pdf", args=[club.pk]) + query,
            "xlsx_url": reverse("season-ranking-xlsx", args=[club.pk]) + query,
            "directs": roles.directs_club(request.user, club.pk),
        }
    return render(request, "public/season_ranking.html", context, status=400 if problems else 200)
