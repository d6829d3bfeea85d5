"""Public pages of the publishing app, mounted at the site's root."""

from django.urls import path

from . import portal_pages

app_name = "publishing"

urlpatterns = [
    path("ergebnisse/<uuid:uuid>/", portal_pages.tournament_page, name="results-tournament"),
    path(
        "ergebnisse/<uuid:uuid>/serie/<int:series>/tisch/<int:table>/",
        portal_pages.list_page,
        name="results-list",
    ),
]
