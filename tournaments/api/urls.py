"""URLs of the public API, version 1 (API.md); mounted under ``/api/v1/``."""

from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from .game_value import GameValueView
from .rankings import PlayerStatisticsView, SeasonRankingView, TeamRankingView
from .signing import (
    CloseListView,
    EndListView,
    ReopenListView,
    TableSignaturesView,
    VerifySealView,
)
from .views import ClubViewSet, PlayerViewSet, SeriesViewSet, TableViewSet, TournamentViewSet

router = DefaultRouter()
router.register("clubs", ClubViewSet)
router.register("players", PlayerViewSet)
router.register("tournaments", TournamentViewSet)
router.register("series", SeriesViewSet)
router.register("tables", TableViewSet)

urlpatterns = [
    path("game-value/", GameValueView.as_view(), name="game-value"),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("tournaments/<int:pk>/teams/ranking/", TeamRankingView.as_view(), name="team-ranking"),
    path("clubs/<int:pk>/season-ranking/", SeasonRankingView.as_view(), name="season-ranking"),
    path("players/<int:pk>/statistics/", PlayerStatisticsView.as_view(), name="player-statistics"),
    path("tables/<int:pk>/signatures/", TableSignaturesView.as_view(), name="table-signatures"),
    path("tables/<int:pk>/end/", EndListView.as_view(), name="table-end"),
    path("tables/<int:pk>/close/", CloseListView.as_view(), name="table-close"),
    path("tables/<int:pk>/reopen/", ReopenListView.as_view(), name="table-reopen"),
    path("verify/<str:seal>/", VerifySealView.as_view(), name="verify-seal"),
    *router.urls,
]
