"""One player, for a director of the player's club: the consent to publication."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from tournaments.models import Player
from tournaments.web import forms
from tournaments.web.director.auth import director_required


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
    registrations = player.participations.select_related("tournament").order_by("-tournament__date")
    return render(
        request,
        "director/player.html",
        {"player": player, "form": form, "registrations": registrations},
    )
