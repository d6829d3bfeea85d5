"""URLs of the publishing API, mounted under ``/api/v1/`` before the tournaments' API."""

from django.urls import path

from .results import ClubKeysView, ResultsDocumentView, ResultsSchemaView
from .site import StaticSiteView

urlpatterns = [
    path(
        "tournaments/<int:pk>/results.json",
        ResultsDocumentView.as_view(),
        name="publishing-results",
    ),
    path("tournaments/<int:pk>/site.zip", StaticSiteView.as_view(), name="publishing-site"),
    path("schemas/skat-results-1.json", ResultsSchemaView.as_view(), name="publishing-schema"),
    path("clubs/<int:pk>/keys/", ClubKeysView.as_view(), name="publishing-club-keys"),
]
