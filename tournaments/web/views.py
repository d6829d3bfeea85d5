"""Views of the server-rendered pages."""

from django.views.generic import TemplateView


class HomeView(TemplateView):
    """Start page: says what Skatverein does and links to the main entry points."""

    template_name = "home.html"
