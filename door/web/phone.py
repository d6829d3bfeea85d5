"""The player's phone at the door: ``/turniere/<id>/anmelden/``.

Anonymous. The form posts to the same address; the answer is the phone's own page under
its secret token (kept in a cookie too, so the phone finds it again), which polls
``…/stand/`` and shows the waiting number, then the start number, then table and seat.
"""

from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from door.models import Arrival
from door.services.phone_status import phone_status
from door.services.self_registration import DoorClosed, ensure_door_open, self_register
from tournaments.models import Club, Tournament
from tournaments.services import attempts
from tournaments.services.client_address import client_address
from tournaments.services.errors import Rejected

COOKIE_DAYS = 2
# Seconds between two polls of the phone's page: fast enough to see the seat as soon as
# it is drawn, slow enough that 100 phones ask about 10 times a second.
POLL_SECONDS = 10
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def cookie_name(tournament_id: int) -> str:
    return f"door_{tournament_id}"


def self_registration_limit() -> tuple[int, int]:
    """The API's ``self-registration`` rate as (requests, seconds): page and API count
    together, in the same counter per address."""
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["self-registration"]
    count, period = rate.split("/")
    return int(count), _PERIODS[period[0]]


@never_cache
@require_http_methods(["GET", "POST"])
def register_page(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    token = request.COOKIES.get(cookie_name(tournament.pk), "")
    if request.method == "GET" and tournament.arrivals.filter(token=token).exists():
        return redirect("door:phone-status", tournament_id=tournament.pk, token=token)
    try:
        ensure_door_open(tournament)
    except DoorClosed as closed:
        return _form(request, tournament, {}, closed.problems, status=403, closed=True)
    if request.method != "POST":
        return _form(request, tournament, {"publication": "full"}, ())
    limit, window = self_registration_limit()
    attempt = attempts.hit(
        "api:self-registration", client_address(request.META), limit=limit, window=window
    )
    if not attempt.allowed:
        return _form(request, tournament, request.POST, (), status=429, flooded=True)
    try:
        arrival, _new = self_register(tournament, request.POST)
    except DoorClosed as closed:
        return _form(request, tournament, {}, closed.problems, status=403, closed=True)
    except Rejected as rejected:
        return _form(request, tournament, request.POST, rejected.problems, status=400)
    answer = redirect("door:phone-status", tournament_id=tournament.pk, token=arrival.token)
    answer.set_cookie(
        cookie_name(tournament.pk),
        arrival.token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return answer


def _form(request, tournament, values, problems, *, status=200, closed=False, flooded=False):
    errors = {}
    for problem in problems:
        errors.setdefault(problem.field, problem.text(gettext))
    context = {
        "tournament": tournament,
        "values": values,
        "errors": errors,
        "closed": closed,
        "flooded": flooded,
        "clubs": Club.objects.order_by("name").values_list("name", flat=True),
    }
    return render(request, "door/phone_form.html", context, status=status)


def _arrival(tournament_id, token) -> Arrival:
    arrival = (
        Arrival.objects.filter(tournament_id=tournament_id, token=token)
        .select_related("participant", "tournament")
        .first()
    )
    if arrival is None:
        raise Http404
    return arrival


@never_cache
@require_GET
def status_page(request, tournament_id, token):
    arrival = _arrival(tournament_id, token)
    context = {
        "tournament": arrival.tournament,
        "arrival": arrival,
        "state": phone_status(arrival),
        "poll_url": reverse(
            "door:phone-status-json", kwargs={"tournament_id": tournament_id, "token": token}
        ),
        "poll_seconds": POLL_SECONDS,
    }
    return render(request, "door/phone_status.html", context)


@never_cache
@require_GET
def status_json(request, tournament_id, token):
    return JsonResponse(phone_status(_arrival(tournament_id, token)).as_dict())
