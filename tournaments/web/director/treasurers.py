"""Treasurers (Kassenwart): the director names them for their clubs, and a treasurer finds
the cash boxes they keep on one page.

- ``/leitung/kassenwarte/``: the clubs the director directs with their treasurers; name an
  existing login or make a new one, remove one (services/treasurers.py, audited).
- ``/kasse/``: every tournament whose cash box the user may open
  (``roles.money_tournaments``), where a treasurer lands after logging in.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.models import Club, Tournament
from tournaments.services import roles, treasurers
from tournaments.services.errors import Rejected
from tournaments.services.input import ascii_whole_number
from tournaments.web.director.auth import director_required
from tournaments.web.forms import AccessibleForm, add_problems, problems_as_messages


class TreasurerForm(AccessibleForm, forms.Form):
    club = forms.ModelChoiceField(
        queryset=Club.objects.none(), label=_("Club"), empty_label=_("— choose the club —")
    )
    username = forms.CharField(label=_("Login name"), max_length=150)
    password = forms.CharField(
        label=_("Password for a new login"),
        required=False,
        max_length=treasurers.MAX_PASSWORD_LENGTH,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text=_(
            "Only for a new login: the treasurer logs in with it. An existing login keeps "
            "its own password; leave this empty."
        ),
    )

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        if clubs.count() == 1:
            self.fields["club"].initial = clubs.first()


def _clubs(user):
    return roles.organisable_clubs(user, Club.objects.all()).order_by("name")


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def treasurer_list(request):
    """GET: the director's clubs with their treasurers; POST: name one."""
    clubs = _clubs(request.user)
    form = TreasurerForm(request.POST or None, clubs=clubs)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            club = form.cleaned_data["club"]
            try:
                treasurer = treasurers.name_treasurer(club, form.cleaned_data, user=request.user)
            except Rejected as rejected:
                add_problems(form, rejected)
            else:
                messages.success(
                    request,
                    gettext("%(name)s now keeps the cash boxes of %(club)s.")
                    % {"name": treasurer.get_username(), "club": club.name},
                )
                return redirect("web:director-treasurers")
        status = 400
    context = {"form": form, "clubs": treasurers.treasurers_of(clubs)}
    return render(request, "director/treasurers.html", context, status=status)


@director_required
@require_POST
def treasurer_remove(request, club_id):
    club = get_object_or_404(_clubs(request.user), pk=club_id)
    treasurer_id = ascii_whole_number(request.POST.get("treasurer", ""))
    with problems_as_messages(request):
        treasurers.remove_treasurer(club, treasurer_id, user=request.user)
        messages.success(
            request,
            gettext("The treasurer no longer keeps the cash boxes of %(club)s.")
            % {"club": club.name},
        )
    return redirect("web:director-treasurers")


@never_cache
@require_safe
def cash_boxes(request):
    """The cash boxes the user may open, newest first; 403 for whoever keeps none."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("web:login"))
    if not (roles.is_director(request.user) or roles.may_keep_money(request.user)):
        raise PermissionDenied
    tournaments = roles.money_tournaments(
        request.user, Tournament.objects.select_related("club")
    ).order_by("-date", "name")
    return render(
        request,
        "director/cash_boxes.html",
        {"tournaments": tournaments, "directs": roles.is_director(request.user)},
    )
