"""The prize classes of every participant on one page (``/leitung/turniere/<id>/
wertungsklassen/``): gender and age class for all, one save, instead of a select and a
reload per player. The service keeps them on the player for the next evening
(services/participants/classes.py)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from tournaments.models import Participant, Tournament
from tournaments.services.errors import Rejected
from tournaments.services.participants import classes
from tournaments.web.director.auth import director_required


def _posted(request, people) -> dict[int, dict[str, str]]:
    """What the form gives per participant; a field the form did not send stays."""
    values = {}
    for participant in people:
        given = {
            field: request.POST[classes.field_name(field, participant.pk)]
            for field in classes.FIELDS
            if classes.field_name(field, participant.pk) in request.POST
        }
        if given:
            values[participant.pk] = given
    return values


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_classes(request, tournament_id):
    """GET: every participant with their gender and age class; POST: save them all."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    people = list(tournament.participants.select_related("player__club").order_by("start_number"))
    errors: dict[str, str] = {}
    if request.method == "POST":
        values = _posted(request, people)
        try:
            changed = classes.save_classes(tournament, values, user=request.user)
        except Rejected as rejected:
            errors = {problem.field: problem.text(gettext) for problem in rejected.problems}
            for participant in people:  # show what was typed, not what is stored
                for field, value in values.get(participant.pk, {}).items():
                    setattr(participant, field, value)
        else:
            messages.success(
                request,
                ngettext(
                    "The prize classes of %(count)d participant are saved.",
                    "The prize classes of %(count)d participants are saved.",
                    changed,
                )
                % {"count": changed},
            )
            return redirect("web:director-player-classes", tournament.pk)
    rows = [
        {
            "participant": participant,
            "fields": [
                {
                    "name": classes.field_name(field, participant.pk),
                    "value": getattr(participant, field),
                    "choices": classes.CHOICES[field].choices,
                    "error": errors.get(classes.field_name(field, participant.pk), ""),
                    "label": label,
                }
                for field, label in (
                    ("gender", gettext("Gender")),
                    ("category", gettext("Age class")),
                )
            ],
        }
        for participant in people
    ]
    context = {
        "tournament": tournament,
        "rows": rows,
        "errors": list(errors.values()),
        "genders": Participant.Gender.choices,
    }
    return render(request, "director/player_classes.html", context, status=400 if errors else 200)
