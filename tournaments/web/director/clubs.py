"""Clubs, for their directors (services/clubs.py): no trip to the admin.

- ``/leitung/vereine/``: the clubs the director directs with their number of players;
  create one (for a typed player whose club does not exist yet).
- ``/leitung/vereine/<id>/``: rename it and see its members, each linked to the player's
  page, and its directors; a director of another club is refused (403).
- ``/leitung/vereine/<id>/leitung/`` and ``…/leitung/entfernen/``: add a director (an
  existing director's login by name) and remove one, never the last
  (services/club_directors.py; who may is ``roles.may_name_directors``, as in the API).
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Club
from tournaments.services import club_directors, clubs, roles
from tournaments.services.errors import Rejected
from tournaments.web.director.auth import director_required
from tournaments.web.forms import AccessibleForm, add_problems, problems_as_messages


class ClubNameForm(AccessibleForm, forms.Form):
    # Not required and no length here: services/clubs.py refuses with its own messages,
    # the same for the page and whatever else calls it.
    name = forms.CharField(
        label=_("Name"),
        required=False,
        strip=False,
        widget=forms.TextInput(attrs={"maxlength": clubs.NAME_LENGTH, "autocomplete": "off"}),
    )


class DirectorNameForm(AccessibleForm, forms.Form):
    # Not required here: services/club_directors.py refuses an empty name with its message.
    username = forms.CharField(
        label=_("Login name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": 150, "autocomplete": "off"}),
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


def _directed_club(request, club_id) -> Club:
    club = get_object_or_404(Club, pk=club_id)
    if not roles.directs_club(request.user, club.pk):
        raise PermissionDenied
    return club


def _render_club(request, club, *, form=None, director_form=None, status=200):
    context = {
        "club": club,
        "form": form or ClubNameForm(initial={"name": club.name}),
        "members": clubs.members(club),
        "directors": club_directors.directors_of(club),
        "may_name_directors": roles.may_name_directors(request.user, club),
        "director_form": director_form or DirectorNameForm(),
    }
    return render(request, "director/club.html", context, status=status)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_detail(request, club_id):
    """GET: the club's name, members and directors; POST: rename it."""
    club = _directed_club(request, club_id)
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
    return _render_club(request, club, form=form, status=400 if form.errors else 200)


@director_required
@require_POST
def club_director_add(request, club_id):
    """Name an existing director's login a director of the club."""
    club = _directed_club(request, club_id)
    form = DirectorNameForm(request.POST)
    form.is_valid()
    try:
        director = club_directors.add_director_by_name(
            club, form.cleaned_data.get("username", ""), user=request.user
        )
    except Rejected as rejected:
        if rejected.forbidden:
            raise PermissionDenied from None
        add_problems(form, rejected)
        return _render_club(request, club, director_form=form, status=400)
    messages.success(
        request,
        gettext("%(name)s now directs %(club)s.")
        % {"name": director.get_username(), "club": club.name},
    )
    return redirect("web:director-club", club.pk)


@director_required
@require_POST
def club_director_remove(request, club_id):
    """Remove one of the club's directors (never the last)."""
    club = _directed_club(request, club_id)
    if not roles.may_name_directors(request.user, club):
        raise PermissionDenied
    with problems_as_messages(request):
        club_directors.remove_director(club, request.POST.get("director", ""), user=request.user)
        messages.success(
            request, gettext("The login no longer directs %(club)s.") % {"club": club.name}
        )
    return redirect("web:director-club", club.pk)
