"""The demo data on a hall server: shown as such, and deleted by the director in one step."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from tournaments.services.demo import evening
from tournaments.web.director.auth import director_required


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def demo_delete(request):
    """GET asks (naming what goes), POST deletes the demo: tournaments, players and clubs,
    and the demo league with its logins; only for a director of every club of the demo
    (403 naming the clubs otherwise)."""
    refused = evening.undirected_demo_clubs(request.user)
    if refused:
        return render(
            request,
            "director/demo_delete.html",
            {"demo": evening.demo_data(), "refused": refused},
            status=403,
        )
    if request.method == "POST":
        names = evening.delete_demo(request.user)
        if names:
            messages.success(
                request,
                gettext("The demo data has been deleted: %(names)s.") % {"names": ", ".join(names)},
            )
        return redirect("web:director-home")
    return render(request, "director/demo_delete.html", {"demo": evening.demo_data()})
