"""A club's privacy notice and imprint, for its directors (services/legal_texts.py):
``/leitung/vereine/<id>/rechtliches/``; a director of another club is refused (403)."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Club
from tournaments.services import legal_texts, roles
from tournaments.services.errors import Rejected
from tournaments.web.director.auth import director_required
from tournaments.web.forms import AccessibleForm, add_problems

PLAIN_TEXT_HELP = _(
    "Plain text, shown as written: an empty line starts a new paragraph; HTML is not interpreted."
)


class LegalTextsForm(AccessibleForm, forms.Form):
    # No length here: services/legal_texts.py refuses with its own message.
    privacy_notice = forms.CharField(
        label=_("Privacy notice"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 14}),
        help_text=PLAIN_TEXT_HELP,
    )
    imprint = forms.CharField(
        label=_("Imprint"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=PLAIN_TEXT_HELP,
    )
    runs_site = forms.BooleanField(
        label=_("This club runs this site: its texts are the site's"),
        required=False,
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_legal_texts(request, club_id):
    """GET: the club's two texts; POST: save them."""
    club = get_object_or_404(Club, pk=club_id)
    if not roles.directs_club(request.user, club.pk):
        raise PermissionDenied
    initial = {field: getattr(club, field) for field in ("privacy_notice", "imprint", "runs_site")}
    form = LegalTextsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            legal_texts.save_texts(club, **form.cleaned_data, user=request.user)
        except Rejected as rejected:
            if rejected.forbidden:
                raise PermissionDenied from None
            add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("%(club)s: the privacy notice and imprint are saved.") % {"club": club},
            )
            return redirect("web:director-club-legal-texts", club.pk)
    context = {"club": club, "form": form, "site_club": legal_texts.site_club()}
    status = 400 if form.errors else 200
    return render(request, "director/club_legal_texts.html", context, status=status)
