"""The public prize list (Preisliste) of a finished tournament: a page and its PDF for the
notice board (docs/money.md, "Prize list").

Both read :func:`tournaments.services.money.prize_list.prize_list`, the settlement's
awards named by each winner's consent, so they show what the prizes API and the cash box
show. Before the finish there is no list, only a sentence saying when it comes.
"""

import io

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from tournaments.exports.pdf_prize_list import prize_list_pdf
from tournaments.models import Tournament
from tournaments.services.money.prize_list import prize_groups, prize_list, prize_list_published
from tournaments.services.result_access import Access, refuse_withheld


@require_safe
def prize_list_page(request, tournament_id):
    tournament, provisional = _tournament(request, tournament_id)
    published = prize_list_published(tournament)
    lines = prize_list(tournament, public=True) if published else []
    context = {
        "tournament": tournament,
        "published": published,
        "groups": prize_groups(lines),
        "results_provisional": provisional,
    }
    return render(request, "public/prize_list.html", context)


@require_safe
def prize_list_file(request, tournament_id):
    tournament, _provisional = _tournament(request, tournament_id)
    if not prize_list_published(tournament):
        raise Http404("The prize list is published once the tournament is finished.")
    out = io.BytesIO()
    prize_list_pdf(tournament, prize_list(tournament, public=True), out)
    response = HttpResponse(out.getvalue(), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="preisliste-{tournament.id}.pdf"'
    return response


def _tournament(request, tournament_id) -> tuple[Tournament, bool]:
    """The tournament, unless its results are withheld from the visitor (403), and whether
    they are shown before they are final (a league venue before its report)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    access = refuse_withheld(request.user, tournament.pk)
    return tournament, access is Access.PROVISIONAL
