"""URLs of the public API, version 1; mounted under ``/api/v1/``.

Read it as the table of contents of ``tournaments/api/``: each resource's viewset lives in
the module named after it (``clubs_players``, ``tournaments`` with ``participants`` and
``participant_import``, ``series``, ``tables`` with ``games``), the list's signing in
``signing``, table codes and the two lists of a table in ``two_lists``, rankings in
``rankings``, and the file downloads in ``downloads/``.
"""

from django.urls import path
from rest_framework.routers import DefaultRouter

from .access_blocks import AccessBlockListView, AccessBlockView
from .auth_token import TokenView
from .clubs_players import ClubViewSet, PlayerDataPDFView, PlayerViewSet
from .downloads.lists import (
    ClubCertificateView,
    SeriesListsPDFView,
    TableBlankListPDFView,
    TableListPDFView,
)
from .downloads.plans import PLAN_DOWNLOADS
from .downloads.rankings import RANKING_DOWNLOADS
from .game_value import GameValueView
from .money import CashView, PaymentReversalView, PaymentsView, PrizesView, TariffView
from .payouts import PayoutsView, PayoutUndoView
from .rankings import PlayerStatisticsView, SeasonRankingView, TeamRankingView
from .series import SeriesViewSet
from .signing import (
    CloseListView,
    EndListView,
    ReopenListView,
    TableSignaturesView,
    VerifySealView,
)
from .tables import TableViewSet
from .tournaments import TournamentViewSet
from .two_lists import (
    DifferencesView,
    SecondListCSVView,
    SettleDifferenceView,
    TableCodeView,
    TakeOtherVersionView,
)


class IdRouter(DefaultRouter):
    """Ids in an address are ASCII digits, as ``<int:pk>`` elsewhere: DRF's default pattern
    takes any text, and the database field reads "٣٠" (Arabic-Indic digits) as 30."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._default_value_pattern = "[0-9]+"


# Resources: clubs/, players/, tournaments/ (with participants/, teams/, series/, ranking/),
# series/ (with tables/, ranking/, draw/), tables/ (with games/, seat changes, audit/).
router = IdRouter()
router.register("clubs", ClubViewSet)
router.register("players", PlayerViewSet)
router.register("tournaments", TournamentViewSet)
router.register("series", SeriesViewSet)
router.register("tables", TableViewSet)

# The tables' routes come first: Django tries the patterns one by one, and a table
# device's save (tables/{pk}/games/) is the most frequent request of an evening. The
# other routes stay last, after the paths below, which some of their patterns would hide
# (players/{pk}/data.pdf). tests/test_url_order.py checks both.
_routes = router.urls
_table_routes = [route for route in _routes if (route.name or "").startswith("table-")]
_other_routes = [route for route in _routes if route not in _table_routes]

urlpatterns = [
    *_table_routes,
    # No login needed: the game calculator; a script's token.
    path("game-value/", GameValueView.as_view(), name="game-value"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("access-blocks/", AccessBlockListView.as_view(), name="access-blocks"),
    path("access-blocks/<str:address>/", AccessBlockView.as_view(), name="access-block"),
    # Rankings and statistics beyond a tournament's and a series' own (rankings.py).
    path("tournaments/<int:pk>/teams/ranking/", TeamRankingView.as_view(), name="team-ranking"),
    path("clubs/<int:pk>/season-ranking/", SeasonRankingView.as_view(), name="season-ranking"),
    path("players/<int:pk>/statistics/", PlayerStatisticsView.as_view(), name="player-statistics"),
    path("players/<int:pk>/data.pdf", PlayerDataPDFView.as_view(), name="player-data-pdf"),
    # Signing, ending, closing and reopening a list; checking a seal (signing.py).
    path("tables/<int:pk>/signatures/", TableSignaturesView.as_view(), name="table-signatures"),
    path("tables/<int:pk>/end/", EndListView.as_view(), name="table-end"),
    path("tables/<int:pk>/close/", CloseListView.as_view(), name="table-close"),
    path("tables/<int:pk>/reopen/", ReopenListView.as_view(), name="table-reopen"),
    path("verify/<str:seal>/", VerifySealView.as_view(), name="verify-seal"),
    # Table codes and the two lists of a table (two_lists.py).
    path("tables/<int:pk>/code/", TableCodeView.as_view(), name="table-code"),
    path("tables/<int:pk>/differences/", DifferencesView.as_view(), name="table-differences"),
    path(
        "tables/<int:pk>/differences/<int:number>/settle/",
        SettleDifferenceView.as_view(),
        name="table-difference-settle",
    ),
    path("tables/<int:pk>/second-list.csv", SecondListCSVView.as_view(), name="table-second-list"),
    path(
        "tables/<int:pk>/differences/<int:number>/take/",
        TakeOtherVersionView.as_view(),
        name="table-difference-take",
    ),
    # Lists and certificates as files (exports.py).
    path("tables/<int:pk>/list.pdf", TableListPDFView.as_view(), name="table-list-pdf"),
    path(
        "tables/<int:pk>/blank-list.pdf",
        TableBlankListPDFView.as_view(),
        name="table-blank-list-pdf",
    ),
    path("series/<int:pk>/lists.pdf", SeriesListsPDFView.as_view(), name="series-lists-pdf"),
    path("clubs/<int:pk>/certificate/", ClubCertificateView.as_view(), name="club-certificate"),
    # Rankings, game lists, table plans and cards as files (downloads/rankings.py, plans.py).
    *RANKING_DOWNLOADS,
    *PLAN_DOWNLOADS,
    # The cash box (money.py).
    path("tournaments/<int:pk>/tariff/", TariffView.as_view(), name="tournament-tariff"),
    path("tournaments/<int:pk>/cash/", CashView.as_view(), name="tournament-cash"),
    path("tournaments/<int:pk>/payments/", PaymentsView.as_view(), name="tournament-payments"),
    path(
        "tournaments/<int:pk>/payments/<int:payment_id>/reverse/",
        PaymentReversalView.as_view(),
        name="tournament-payment-reverse",
    ),
    path("tournaments/<int:pk>/prizes/", PrizesView.as_view(), name="tournament-prizes"),
    # … prize payouts and taking one back (payouts.py).
    path("tournaments/<int:pk>/payouts/", PayoutsView.as_view(), name="tournament-payouts"),
    path(
        "tournaments/<int:pk>/payouts/undo/",
        PayoutUndoView.as_view(),
        name="tournament-payout-undo",
    ),
    *_other_routes,
]
