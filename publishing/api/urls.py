"""URLs of the publishing API, mounted under ``/api/v1/`` before the tournaments' API."""

from django.urls import path

from .outbox import PublishingStatusView, PublishingTargetView, PublishTournamentView
from .portal import PublishedResultsView, PublishingClubsView, PublishResultsView
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
    path("publishing/", PublishingStatusView.as_view(), name="publishing-status"),
    path("publishing/target/", PublishingTargetView.as_view(), name="publishing-target"),
    path(
        "tournaments/<int:pk>/publish/",
        PublishTournamentView.as_view(),
        name="publishing-publish-tournament",
    ),
    path("publishing/clubs/", PublishingClubsView.as_view(), name="publishing-clubs"),
    path("results/", PublishResultsView.as_view(), name="publishing-publish"),
    path(
        "results/<uuid:document_id>/",
        PublishedResultsView.as_view(),
        name="publishing-published",
    ),
]
