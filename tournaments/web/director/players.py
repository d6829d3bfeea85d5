"""One player, for a director of the player's club (``director_required`` checks the
club): the consent to publication, the stored data (Art. 15) and the erasure (Art. 17)."""

from django import forms as django_forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.exports.kept import files
from tournaments.models import Player
from tournaments.services import erasure
from tournaments.services.errors import Rejected
from tournaments.web import forms
from tournaments.web.director.auth import director_required


class ErasureForm(forms.AccessibleForm, django_forms.Form):
    # Not required here: services/erasure.py refuses a blank reason with its own message.
    reason = django_forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=500,
        help_text=_("E.g. the person's request and its date; kept in the audit trail."),
    )
    confirmed = django_forms.BooleanField(required=False, widget=django_forms.HiddenInput)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_detail(request, player_id):
    """The player's record and the consent they gave; a changed consent is saved through
    the model, so the change log records it with before and after."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    form = forms.PlayerConsentForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request,
            gettext("%(name)s: the consent to publication is saved.") % {"name": player.full_name},
        )
        return redirect("web:director-player", player.pk)
    return _player_page(request, player, form, ErasureForm())


@director_required
@require_POST
def player_erase(request, player_id):
    """Erase the person (Art. 17) in two steps, both served by the server: the reason, then
    a page that says whom it erases and asks to confirm; only the confirmed step erases."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    form = ErasureForm(request.POST)
    form.is_valid()  # both fields optional: the service judges the reason
    reason = form.cleaned_data.get("reason", "")
    if not reason.strip():
        form.add_error("reason", gettext(erasure.REASON_MISSING.message))
    elif not form.errors and form.cleaned_data.get("confirmed"):
        try:
            erased = erasure.erase_player(player, reason, user=request.user)
        except Rejected as rejected:
            forms.add_problems(form, rejected)
            return _player_page(request, player, None, form, status=409)
        files.forget_names_of(erased)  # kept files may print the old name: made again
        # The message names only the pseudonym: it waits in the session until shown.
        messages.success(
            request,
            gettext("The person is erased: the name is now %(pseudonym)s.")
            % {"pseudonym": erased.full_name},
        )
        return redirect("web:director-player", player.pk)
    if form.errors:
        return _player_page(request, player, None, form, status=400)
    context = {"player": player, "form": ErasureForm(initial={"reason": reason, "confirmed": True})}
    return render(request, "director/player_erase.html", context)


def _player_page(request, player, consent_form, erasure_form, status=200):
    consent_form = consent_form or forms.PlayerConsentForm(instance=player)
    registrations = player.participations.select_related("tournament").order_by("-tournament__date")
    context = {
        "player": player,
        "form": consent_form,
        "erasure_form": erasure_form,
        "registrations": registrations,
    }
    return render(request, "director/player.html", context, status=status)
