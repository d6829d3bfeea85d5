"""Finishing and reopening a series and a tournament on the director pages.

"Serie abschließen" on the series page: with lists still open it names them and offers to
close them all with one reason, then finishes; "Turnier abschließen" on the dashboard.
Every step goes through :func:`tournaments.services.states.apply`.
"""

from functools import partial

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.models import Series, Tournament
from tournaments.services import states
from tournaments.web import forms
from tournaments.web.director.auth import director_required


@director_required
@require_POST
def series_finish(request, series_id):
    """Finish the series; with ``close_open`` the open lists are closed with the reason first."""
    series = _series(series_id)
    reason = request.POST.get("reason", "")
    if request.POST.get("close_open"):
        step = partial(states.finish_series_closing_lists, series, request.user, reason)
    else:
        step = partial(states.apply, series, "finish", request.user)
    done = gettext("Series %(number)d is finished.") % {"number": series.number}
    _carry_out(request, step, done)
    return redirect("web:director-series", series.id)


@director_required
@require_POST
def series_reopen(request, series_id):
    series = _series(series_id)
    _reopen(
        request, series, gettext("Series %(number)d is open again.") % {"number": series.number}
    )
    return redirect("web:director-series", series.id)


@director_required
@require_POST
def tournament_finish(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    confirmed = request.POST.get("open_money_ok") == "1"
    step = partial(states.apply, tournament, "finish", request.user, open_money_ok=confirmed)
    _carry_out(request, step, gettext("The tournament is finished. Final standings are shown."))
    return redirect("web:director-tournament", tournament.id)


@director_required
@require_POST
def tournament_reopen(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    _reopen(request, tournament, gettext("The tournament is running again."))
    return redirect("web:director-tournament", tournament.id)


def _series(series_id) -> Series:
    return get_object_or_404(Series.objects.select_related("tournament"), pk=series_id)


def _reopen(request, obj, done: str) -> None:
    form = forms.ReasonForm(request.POST, prefix="reopen")
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return
    _carry_out(
        request,
        partial(states.apply, obj, "reopen", request.user, form.cleaned_data["reason"]),
        done,
    )


def _carry_out(request, step, done: str) -> None:
    """Take the step; say it was done, or name what stood in its way."""
    with forms.problems_as_messages(request):
        step()
        messages.success(request, done)
