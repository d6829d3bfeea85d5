"""Views of the server-rendered pages."""

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
