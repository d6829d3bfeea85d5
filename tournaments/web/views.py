"""Views of the server-rendered pages."""

from django.conf import settings
from django.http import FileResponse
from django.views.decorators.http import require_safe
from django.views.generic import TemplateView

from tournaments.models import Tournament


class HomeView(TemplateView):
    """Start page: says what Skatverein does and links to the main entry points.

    Tournaments being played right now come first, because most visitors are players at
    the hall who want to see the live ranking.
    """

    template_name = "home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["running"] = list(
            Tournament.objects.filter(status=Tournament.Status.RUNNING)
            .select_related("club")
            .order_by("-date", "name")
        )
        return context


FAVICON = settings.BASE_DIR / "static" / "favicon.ico"
FAVICON_CACHE_SECONDS = 7 * 24 * 60 * 60


@require_safe
def favicon(request):
    """``/favicon.ico``, which browsers and phones ask for whatever the page links to (the
    pages link the SVG icon): the same green club symbol, 16 to 64 pixels."""
    response = FileResponse(FAVICON.open("rb"), content_type="image/x-icon")
    response["Cache-Control"] = f"public, max-age={FAVICON_CACHE_SECONDS}"
    return response
