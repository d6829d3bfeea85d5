"""Clubs, for their directors (services/clubs.py): no trip to the admin.

- ``/leitung/vereine/``: the clubs the director directs with their number of players;
  create one (for a typed player whose club does not exist yet).
- ``/leitung/vereine/<id>/``: rename it and see its members, each linked to the player's
  page; a director of another club is refused (403).
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Club
from tournaments.services import clubs, roles
from tournaments.services.errors import Rejected
from tournaments.web.director.auth import director_required
from tournaments.web.forms import AccessibleForm, add_problems


class ClubNameForm(AccessibleForm, forms.Form):
    # Not required and no length here: services/clubs.py refuses with its own messages,
    # the same for the page and whatever else calls it.
    name = forms.CharField(
        label=_("Name"),
        required=False,
        strip=False,
        widget=forms.TextInput(attrs={"maxlength": clubs.NAME_LENGTH, "autocomplete": "off"}),
    )


def _save(request, form, step):
    """Run ``step(name)`` for a valid form; the club, or None with the form's problems."""
    if not form.is_valid():
        return None
    try:
        return step(form.cleaned_data["name"])
    except Rejected as rejected:
        if rejected.forbidden:
            raise PermissionDenied from None
        add_problems(form, rejected)
        return None


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_list(request):
    """GET: the clubs the director directs; POST: create one."""
    form = ClubNameForm(request.POST or None)
    if request.method == "POST":
        club = _save(request, form, lambda name: clubs.create_club(name, user=request.user))
        if club is not None:
            messages.success(request, gettext("The club %(club)s is created.") % {"club": club})
            return redirect("web:director-club", club.pk)
    directed = (
        roles.organisable_clubs(request.user, Club.objects.all())
        .annotate(members=Count("players"))
        .order_by("name")
    )
    status = 400 if form.errors else 200
    return render(request, "director/clubs.html", {"form": form, "clubs": directed}, status=status)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_detail(request, club_id):
    """GET: the club's name and members; POST: rename it."""
    club = get_object_or_404(Club, pk=club_id)
    if not roles.directs_club(request.user, club.pk):
        raise PermissionDenied
    form = ClubNameForm(request.POST or None, initial={"name": club.name})
    if request.method == "POST":
        before = club.name
        renamed = _save(
            request, form, lambda name: clubs.rename_club(club, name, user=request.user)
        )
        if renamed is not None:
            messages.success(
                request,
                gettext("%(before)s is now called %(club)s.") % {"before": before, "club": club},
            )
            return redirect("web:director-club", club.pk)
    status = 400 if form.errors else 200
    context = {"club": club, "form": form, "members": clubs.members(club)}
    return render(request, "director/club.html", context, status=status)
