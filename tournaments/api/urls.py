"""URLs of the public API, version 1 (API.md); mounted under ``/api/v1/``."""

from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from .game_value import GameValueView
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
    *router.urls,
]
