"""Registering players for a tournament, finding them by name, marking withdrawals."""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import (
    Participant,
    Player,
    Seat,
    Series,
    Table,
    Tournament,
)
from tournaments.services import (
    participants,
)
from tournaments.services.errors import Rejected
from tournaments.web import forms
from tournaments.web.director.auth import director_required


@director_required
@require_http_methods(["GET", "HEAD"])
def participant_list(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _participants_page(request, tournament)


def _participants_page(request, tournament, *, new_player_form=None, existing=None):
    search_form = forms.PlayerSearchForm(request.GET or None)
    query = search_form.cleaned_data["q"] if search_form.is_valid() else ""
    matches = participants.search_players(tournament, query) if query else []
    if new_player_form is None:
        new_player_form = forms.NewPlayerForm(initial=_name_guess(query, matches))
    context = {
        "tournament": tournament,
        "search_form": search_form,
        "query": query,
        "matches": matches,
        "existing": existing,
        "new_player_form": new_player_form,
        "participants": _with_open_seats(
            tournament.participants.select_related("player__club", "team").order_by("start_number")
        ),
        "registration_problem": registration_text(tournament),
        "genders": Participant.Gender.choices,
        "categories": Participant.Category.choices,
    }
    return render(request, "director/participants.html", context)


def _with_open_seats(participants_) -> list[Participant]:
    """The participants, each withdrawn one with ``open_seat``: the seat they still hold at
    an open list (withdrawing keeps them out of later draws, not off a table drawn already)."""
    rows = list(participants_)
    withdrawn = [p.id for p in rows if p.withdrawn]
    seats = {
        seat.participant_id: seat
        for seat in Seat.objects.filter(
            participant__in=withdrawn,
            until_game__isnull=True,
            table__status=Table.Status.OPEN,
        )
        .exclude(series__status=Series.Status.FINISHED)
        .select_related("table", "series")
    }
    for participant in rows:
        participant.open_seat = seats.get(participant.id)
    return rows


def _name_guess(query: str, matches) -> dict:
    """A search without a match prefills the new-player form: "Erika Muster" → first, last."""
    words = query.split()
    if matches or not words:
        return {}
    if len(words) == 1:
        return {"last_name": words[0]}
    return {"first_name": " ".join(words[:-1]), "last_name": words[-1]}


def _participants_url(tournament, query="") -> str:
    url = reverse("web:director-participants", args=[tournament.id])
    if query:
        url += "?" + urlencode({"q": query})
    return url


@director_required
@require_POST
def participant_register(request, tournament_id):
    """Register a player found by the search (a button per search result)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    query = request.POST.get("q", "")[:100]
    player = _player(request.POST.get("player"))
    if player is None:
        messages.error(request, gettext("This player no longer exists; search again."))
        return HttpResponseRedirect(_participants_url(tournament, query))
    try:
        participant = participants.register(tournament, player, user=request.user)
    except Rejected as rejected:
        forms.message_problems(request, rejected)
        return HttpResponseRedirect(_participants_url(tournament, query))
    messages.success(request, _registered_message(participant))
    return HttpResponseRedirect(_participants_url(tournament, query))


def _player(value):
    try:
        player_id = int(value)
    except (TypeError, ValueError):
        return None
    if not 1 <= player_id <= 2**63 - 1:
        return None
    return Player.objects.filter(pk=player_id).first()


def _registered_message(participant) -> str:
    return gettext("%(name)s is registered with start number %(number)d.") % {
        "name": participant.player.full_name,
        "number": participant.start_number,
    }


@director_required
@require_POST
def participant_register_new(request, tournament_id):
    """Create a player who is not in the list yet and register them in the same step."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = forms.NewPlayerForm(request.POST)
    existing = None
    if form.is_valid():
        try:
            participant = participants.register_new_player(
                tournament, **form.cleaned_data, user=request.user
            )
        except Rejected as rejected:
            forms.add_problems(form, rejected, _NEW_PLAYER_FIELDS)
            existing = _existing_player(rejected)
        else:
            messages.success(request, _registered_message(participant))
            return redirect("web:director-participants", tournament.id)
    return _participants_page(request, tournament, new_player_form=form, existing=existing)


_NEW_PLAYER_FIELDS = {
    "new_player.first_name": "first_name",
    "new_player.last_name": "last_name",
    "new_player.member_number": "member_number",
    "new_player": None,
}


def _existing_player(rejected: Rejected):
    """The stored player a duplicate refusal names, so the page can offer to register them."""
    for problem in rejected.problems:
        if problem.code == "player_exists" and "player" in problem.params:
            return Player.objects.select_related("club").filter(pk=problem.params["player"]).first()
    return None


@director_required
@require_POST
def participant_withdrawn(request, participant_id):
    """Withdraw a participant (no further draws) or take them back."""
    participant = get_object_or_404(
        Participant.objects.select_related("player", "tournament"), pk=participant_id
    )
    withdrawn = request.POST.get("withdrawn") == "1"
    with forms.problems_as_messages(request):
        participants.update_participant(participant, withdrawn=withdrawn, user=request.user)
        template = (
            gettext("%(name)s is withdrawn and will not be drawn for further series.")
            if withdrawn
            else gettext("%(name)s takes part again.")
        )
        messages.success(request, template % {"name": participant.player.full_name})
    return redirect("web:director-participants", participant.tournament_id)


@director_required
@require_POST
def participant_classes(request, participant_id):
    """Mark a participant for the prizes of women, juniors and seniors (Wertungsklassen)."""
    participant = get_object_or_404(
        Participant.objects.select_related("player", "tournament"), pk=participant_id
    )
    with forms.problems_as_messages(request):
        participants.update_participant(
            participant,
            gender=request.POST.get("gender", ""),
            category=request.POST.get("category", ""),
            user=request.user,
        )
        messages.success(
            request,
            gettext("%(name)s: the prize classes are saved.")
            % {"name": participant.player.full_name},
        )
    return redirect("web:director-participants", participant.tournament_id)


def registration_text(tournament: Tournament) -> str:
    problem = participants.registration_problem(tournament)
    return problem.text(gettext) if problem is not None else ""
