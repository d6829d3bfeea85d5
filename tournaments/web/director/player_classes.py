"""Prize classes on one page: gender and age class for all, one save, instead of a select
and a reload per player (services/participants/classes.py).

- ``/leitung/turniere/<id>/wertungsklassen/``: every participant of a tournament; the
  service keeps the classes on each player for the next evening.
- ``/leitung/vereine/<id>/wertungsklassen/``: every player of a club, what their next
  registrations start from (the club's directors only).
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Club, Tournament
from tournaments.services import roles
from tournaments.services.errors import Rejected
from tournaments.services.participants import classes
from tournaments.web.director.auth import director_required

LABELS = (("gender", _("Gender")), ("category", _("Age class")))


def _posted(request, ids) -> dict[int, dict[str, str]]:
    """What the form gives per row; a field the form did not send stays."""
    values = {}
    for pk in ids:
        given = {
            field: request.POST[classes.field_name(field, pk)]
            for field in classes.FIELDS
            if classes.field_name(field, pk) in request.POST
        }
        if given:
            values[pk] = given
    return values


def _classes_page(request, *, rows, save, done, context):
    """GET: the rows with their classes; POST: ``save(values)``, then ``done`` (a redirect).

    ``rows`` are ``(pk, number, name, club, muted, classes)``; a refusal shows what was
    typed, each problem at its field, and nothing is saved.
    """
    errors: dict[str, str] = {}
    values = {}
    if request.method == "POST":
        values = _posted(request, [row[0] for row in rows])
        try:
            changed = save(values)
        except Rejected as rejected:
            if rejected.forbidden:
                raise PermissionDenied from None
            errors = {problem.field: problem.text(gettext) for problem in rejected.problems}
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
            return done
    shown = []
    for pk, number, name, club, muted, stored in rows:
        fields = []
        for field, label in LABELS:
            field_name = classes.field_name(field, pk)
            fields.append(
                {
                    "name": field_name,
                    "value": values.get(pk, {}).get(field, stored[field]),
                    "choices": classes.CHOICES[field].choices,
                    "error": errors.get(field_name, ""),
                    "label": label,
                }
            )
        shown.append(
            {"number": number, "name": name, "club": club, "muted": muted, "fields": fields}
        )
    context = {**context, "rows": shown, "errors": list(errors.values())}
    return render(request, "director/player_classes.html", context, status=400 if errors else 200)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_classes(request, tournament_id):
    """Every participant of the tournament."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    people = tournament.participants.select_related("player__club").order_by("start_number")
    rows = [
        (
            person.pk,
            person.start_number,
            person.player.full_name,
            person.player.club.name if person.player.club_id else "",
            person.withdrawn,
            classes.classes_of(person),
        )
        for person in people
    ]
    return _classes_page(
        request,
        rows=rows,
        save=lambda values: classes.save_classes(tournament, values, user=request.user),
        done=redirect("web:director-player-classes", tournament.pk),
        context={"tournament": tournament},
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_player_classes(request, club_id):
    """Every player of the club, for their next registrations."""
    club = get_object_or_404(Club, pk=club_id)
    if not roles.directs_club(request.user, club.pk):
        raise PermissionDenied
    rows = [
        (
            player.pk,
            player.member_number,
            player.full_name,
            club.name,
            False,
            classes.classes_of(player),
        )
        for player in club.players.order_by("sort_name", "id")
    ]
    return _classes_page(
        request,
        rows=rows,
        save=lambda values: classes.save_player_classes(club, values, user=request.user),
        done=redirect("web:director-club-classes", club.pk),
        context={"club": club},
    )
