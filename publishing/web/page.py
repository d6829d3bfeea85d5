"""The director's page "Veröffentlichen" (``/leitung/veroeffentlichen/``): the results
portal's address and token, and how publishing goes (docs/results-format.md)."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from publishing.services import outbox
from tournaments.services.errors import Rejected
from tournaments.web.director.auth import director_required


class TargetForm(forms.Form):
    url = forms.CharField(
        label=_("Portal address"),
        max_length=outbox.MAX_URL,
        help_text=_("For example https://ergebnisse.skatverband.example"),
    )
    # Never shown again once saved: the field starts empty, and empty keeps the saved one.
    token = forms.CharField(
        label=_("Publishing token"),
        max_length=outbox.MAX_TOKEN,
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text=_("The token the portal issued for your club; leave empty to keep it."),
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def publishing_page(request):
    target = outbox.target()
    form = TargetForm(request.POST or None, initial={"url": target.url if target else ""})
    if request.method == "POST" and form.is_valid():
        token = form.cleaned_data["token"] or (target.token if target else "")
        try:
            outbox.set_target(form.cleaned_data["url"], token)
        except Rejected as refused:
            for problem in refused.problems:
                form.add_error(problem.field, problem.text(gettext))
        else:
            messages.success(request, gettext("The results portal is saved."))
            return redirect("publishing-page")
    return render(request, "director/publishing.html", {"form": form, "status": outbox.status()})
