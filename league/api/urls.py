"""URLs of the league's API, mounted under ``/api/v1/`` beside the tournaments' API."""

from django.urls import path

from . import downloads, fixture_import, fixture_plan, match_days, reports, standings, structure

urlpatterns = [
    # A season's structure (structure.py).
    path("seasons/", structure.SeasonsView.as_view(), name="league-seasons"),
    path("seasons/<int:pk>/next/", structure.SeasonNextView.as_view(), name="league-season-next"),
    path("leagues/", structure.LeaguesView.as_view(), name="league-leagues"),
    path("groups/", structure.GroupsView.as_view(), name="league-groups"),
    path("groups/<int:pk>/", structure.GroupView.as_view(), name="league-group"),
    path("groups/<int:pk>/leaders/", structure.GroupLeadersView.as_view(), name="league-leaders"),
    path("groups/<int:pk>/teams/", structure.GroupTeamsView.as_view(), name="league-teams"),
    path("teams/<int:pk>/", structure.TeamView.as_view(), name="league-team"),
    # Fixtures, venues, line-ups, results (match_days.py).
    path(
        "groups/<int:pk>/match-days/",
        match_days.GroupMatchDaysView.as_view(),
        name="league-match-days",
    ),
    path(
        "groups/<int:pk>/fixtures/",
        fixture_plan.GroupFixturesView.as_view(),
        name="league-fixtures",
    ),
    path(
        "groups/<int:pk>/match-days/import/",
        fixture_import.FixtureImportView.as_view(),
        name="league-fixture-import",
    ),
    path("venues/<int:pk>/", match_days.VenueView.as_view(), name="league-venue"),
    path("venues/<int:pk>/lineups/", match_days.LineupsView.as_view(), name="league-lineups"),
    path("venues/<int:pk>/no-show/", match_days.NoShowView.as_view(), name="league-no-show"),
    path(
        "venues/<int:pk>/no-show/<int:team>/",
        match_days.NoShowTakenBackView.as_view(),
        name="league-no-show-taken-back",
    ),
    path("venues/<int:pk>/late-team/", match_days.LateTeamView.as_view(), name="league-late-team"),
    path("venues/<int:pk>/result/", match_days.VenueResultView.as_view(), name="league-result"),
    # Match reports (reports.py).
    path("venues/<int:pk>/report/", reports.VenueReportView.as_view(), name="league-venue-report"),
    path("reports/<int:pk>/", reports.ReportView.as_view(), name="league-report"),
    path(
        "reports/<int:pk>/signatures/",
        reports.ReportSignaturesView.as_view(),
        name="league-report-signatures",
    ),
    path("reports/<int:pk>/check/", reports.CheckReportView.as_view(), name="league-report-check"),
    path(
        "reports/<int:pk>/publish/",
        reports.PublishReportView.as_view(),
        name="league-report-publish",
    ),
    path(
        "reports/<int:pk>/correct/",
        reports.CorrectReportView.as_view(),
        name="league-report-correct",
    ),
    path("reports/<int:pk>/protest/", reports.ProtestView.as_view(), name="league-report-protest"),
    path(
        "protests/<int:pk>/decide/",
        reports.DecideProtestView.as_view(),
        name="league-protest-decide",
    ),
    path(
        "reports/verify/<str:seal>/",
        reports.VerifyReportView.as_view(),
        name="league-report-verify",
    ),
    # Standings (standings.py).
    path("groups/<int:pk>/table/", standings.GroupTableView.as_view(), name="league-table"),
    path(
        "groups/<int:pk>/player-ranking/",
        standings.PlayerRankingView.as_view(),
        name="league-player-ranking",
    ),
    # Files (downloads.py).
    *downloads.LEAGUE_DOWNLOADS,
    path(
        "reports/<int:pk>/report.pdf", downloads.ReportPDFView.as_view(), name="league-report-pdf"
    ),
    path(
        "seasons/<int:pk>/archive.zip",
        downloads.SeasonArchiveView.as_view(),
        name="league-season-archive",
    ),
]
