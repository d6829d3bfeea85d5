"""URLs of the league's pages under /liga/, a table of contents of ``league/web/``."""

from django.urls import path

from . import (
    association,
    central_day,
    fixture_import,
    fixture_plan,
    groups,
    invitations,
    live,
    mine,
    public,
    reports,
    season_end,
    teams,
    venues,
)

app_name = "league"

urlpatterns = [
    # Public: leagues, a group's table, the individual ranking, teams, projector (public.py).
    path("liga/", public.league_index, name="index"),
    path("liga/staffel/<int:group_id>/", public.group_table, name="table"),
    path("liga/staffel/<int:group_id>/einzelwertung/", public.player_ranking, name="players"),
    path("liga/staffel/<int:group_id>/leinwand/", public.projector, name="projector"),
    path("liga/mannschaft/<int:team_id>/", public.team_page, name="team"),
    path("liga/spielbericht/pruefen/<str:seal>/", public.verify_report, name="report-verify"),
    # The association admin's pages: seasons, leagues, groups, clubs (association.py).
    path("liga/verband/", association.overview, name="association"),
    path("liga/verband/saison/neu/", association.season_new, name="association-season-new"),
    path(
        "liga/verband/saison/<int:season_id>/", association.season_edit, name="association-season"
    ),
    path(
        "liga/verband/saison/<int:season_id>/liga/neu/",
        association.league_new,
        name="association-league-new",
    ),
    path("liga/verband/liga/<int:league_id>/", association.league_edit, name="association-league"),
    path(
        "liga/verband/liga/<int:league_id>/staffel/neu/",
        association.group_new,
        name="association-group-new",
    ),
    path("liga/verband/staffel/<int:group_id>/", association.group_edit, name="association-group"),
    path(
        "liga/verband/saison/<int:season_id>/naechste/",
        season_end.next_season,
        name="association-season-next",
    ),
    path(
        "liga/leitung/staffel/<int:group_id>/auf-und-abstieg/",
        season_end.confirm_marks,
        name="confirm-marks",
    ),
    path("liga/verband/vereine/", association.club_list, name="association-clubs"),
    path("liga/verband/verein/<int:club_id>/", association.club_edit, name="association-club"),
    # Invitation links: made by the admin or a group leader, followed once (invitations.py).
    path(
        "liga/verband/staffel/<int:group_id>/einladen/",
        invitations.invite_leader,
        name="invite-leader",
    ),
    path(
        "liga/verband/verein/<int:club_id>/einladen/",
        invitations.invite_club_director,
        name="invite-club-director",
    ),
    path(
        "liga/leitung/mannschaft/<int:team_id>/einladen/",
        invitations.invite_captain,
        name="invite-captain",
    ),
    path(
        "liga/spielort/<int:venue_id>/einladen/",
        invitations.invite_venue_director,
        name="invite-venue-director",
    ),
    path("einladung/<str:token>/", invitations.follow_invitation, name="invitation"),
    # Everyone's league tasks (mine.py); the group leader's pages (groups.py, live.py, …).
    path("liga/meine/", mine.my_league, name="mine"),
    path("liga/leitung/staffel/<int:group_id>/", groups.group_admin, name="group-admin"),
    path(
        "liga/leitung/staffel/<int:group_id>/spielplan-import/",
        fixture_import.fixture_upload,
        name="fixture-upload",
    ),
    path(
        "liga/leitung/staffel/<int:group_id>/spielplan-import/vorschau/",
        fixture_import.fixture_preview,
        name="fixture-preview",
    ),
    path(
        "liga/leitung/staffel/<int:group_id>/zentraler-spieltag/",
        central_day.central_day,
        name="central-day",
    ),
    path(
        "liga/leitung/staffel/<int:group_id>/spielplan-erzeugen/",
        fixture_plan.fixture_generate,
        name="fixture-generate",
    ),
    path(
        "liga/spielort/<int:venue_id>/einladung/",
        fixture_plan.invitation_page,
        name="venue-invitation",
    ),
    path(
        "liga/spielort/<int:venue_id>/einladung.pdf",
        fixture_plan.invitation_file,
        name="venue-invitation-pdf",
    ),
    path("liga/leitung/staffel/<int:group_id>/mannschaft/neu/", teams.team_new, name="team-new"),
    path("liga/leitung/mannschaft/<int:team_id>/bearbeiten/", teams.team_edit, name="team-edit"),
    path("liga/leitung/spieltag/<int:match_day_id>/live/", live.match_day_live, name="live"),
    # A venue (venues.py) and its match report (reports.py).
    path("liga/spielort/<int:venue_id>/", venues.venue_page, name="venue"),
    path("liga/spielbericht/<int:report_id>/", reports.report_page, name="report"),
    path(
        "liga/spielbericht/<int:report_id>/unterschreiben/",
        venues.sign_report,
        name="report-sign",
    ),
]
