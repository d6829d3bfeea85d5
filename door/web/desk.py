"""The director's desk at the door: ``/leitung/turniere/<id>/einlass/``.

Arrivals newest first, large; one tap ("bezahlt und da") accepts one and books the entry
fee; players registered earlier are checked in the same way. Search by name or waiting
number; reject one or several at once; open and close the door. Every button posts a
form and comes back here (no script needed at the desk).
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from door.exports.poster import poster_pdf
from door.services import desk
from door.services.matching import folded_name
from skatverein.site_address import site_url
from tournaments.models import Tournament
from tournaments.services.input import ascii_whole_number
from tournaments.web.director.auth import director_required
from tournaments.web.forms import problems_as_messages

from .qr import qr_svg

SEARCH_LENGTH = 100
# Waiting rows shown at once: a laptop shows about six; the rest are found by the search.
# Drawing 100 rows on every tap made the desk slower as the queue grew.
DESK_ROWS = 20


def phone_link(request, tournament: Tournament) -> str:
    """The address the QR code at the door opens, as phones in the hall reach it."""
    return site_url(request) + reverse("door:phone", kwargs={"tournament_id": tournament.pk})


@director_required
@require_http_methods(["GET", "POST"])
def desk_page(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        _act(request, tournament)
        query = request.POST.get("q", "")[:SEARCH_LENGTH]
        target = reverse("door:desk", kwargs={"tournament_id": tournament.pk})
        return redirect(f"{target}?{urlencode({'q': query})}" if query.strip() else target)
    query = request.GET.get("q", "")[:SEARCH_LENGTH]
    link = phone_link(request, tournament)
    context = {
        "tournament": tournament,
        "query": query,
        **_queue(desk.waiting_arrivals(tournament, query)),
        # After a draw an arrival accepted now plays from the next series ("ab Serie 2").
        "late_from": _late_from(tournament),
        "expected": _expected(tournament, query),
        "present_count": tournament.participants.filter(present=True).count(),
        "phone_link": link,
        "qr": qr_svg(link),
        # After the draw the desk prints what goes on the tables (api/downloads/plans.py).
        "drawn_series": tournament.series.filter(drawn_at__isnull=False).order_by("number"),
    }
    return render(request, "door/desk.html", context)


def _queue(arrivals) -> dict:
    """The newest ``DESK_ROWS`` waiting arrivals and how many more wait."""
    total = len(arrivals) if isinstance(arrivals, list) else arrivals.count()
    return {"arrivals": list(arrivals[:DESK_ROWS]), "more_waiting": max(0, total - DESK_ROWS)}


def _late_from(tournament) -> int | None:
    """The series a player accepted now starts in, when that is not the first."""
    number = desk.next_series(tournament)
    return number if number > 1 else None


def _expected(tournament, query):
    """Participants registered earlier and not yet checked in, filtered like the arrivals."""
    people = (
        tournament.participants.filter(present=False, withdrawn=False)
        .select_related("player", "player__club")
        .order_by("player__sort_name")
    )
    words = folded_name(query).split()
    number = ascii_whole_number(query.strip())
    if number is not None:
        return [p for p in people if p.start_number == number]
    return [p for p in people if all(w in folded_name(p.player.full_name) for w in words)]


def _act(request, tournament) -> None:
    action = request.POST.get("action", "")
    user = request.user
    with problems_as_messages(request):
        chosen = request.POST.get("accept") or request.POST.get("accept_new")
        if chosen:
            arrival = desk.arrival_of(tournament, ascii_whole_number(chosen))
            # "bezahlt und da" takes the recognised player; "neu" a new one.
            player = arrival.match if request.POST.get("accept") else None
            participant = desk.accept(arrival, player=player, paid=True, user=user)
            arrival.refresh_from_db(fields=["from_series"])
            done = _("%(name)s: start number %(number)d, entry fee booked.") % {
                "name": participant.player.full_name,
                "number": participant.start_number,
            }
            if (arrival.from_series or 1) > 1:
                done += " " + _("Plays from series %(series)d.") % {"series": arrival.from_series}
            messages.success(request, done)
        elif action == "check_in":
            participant = tournament.participants.filter(
                pk=ascii_whole_number(request.POST.get("participant"))
            ).first()
            if participant is not None:
                desk.check_in(participant, paid=True, user=user)
                messages.success(
                    request,
                    _("%(name)s is present, entry fee booked.")
                    % {"name": participant.player.full_name},
                )
        elif action == "reject":
            ids = [ascii_whole_number(pk) for pk in request.POST.getlist("arrival")]
            count = desk.reject(tournament, [pk for pk in ids if pk is not None], user=user)
            messages.success(request, _("Registrations rejected: %(count)d.") % {"count": count})
        elif action in ("open", "close"):
            desk.set_door(tournament, self_registration=action == "open", user=user)
        elif action in ("check_in_on", "check_in_off"):
            desk.set_check_in(tournament, required=action == "check_in_on", user=user)


@require_GET
def projector(request, tournament_id):
    """The QR code for the hall's projector (public: it only shows the way in)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    link = phone_link(request, tournament)
    context = {
        "tournament": tournament,
        "open": tournament.self_registration,
        "phone_link": link,
        "qr": qr_svg(link) if tournament.self_registration else "",
    }
    return render(request, "door/projector.html", context)


@director_required
def poster(request, tournament_id):
    """The A4 poster for the door: the tournament, the QR code and the address."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    answer = HttpResponse(
        poster_pdf(tournament, phone_link(request, tournament)), content_type="application/pdf"
    )
    answer["Content-Disposition"] = f'inline; filename="anmeldung-{tournament.pk}.pdf"'
    return answer
