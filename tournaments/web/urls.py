"""URLs of the server-rendered pages, included at the site root."""

from django.urls import path

from tournaments.web import director, public, table_entry, verify
from tournaments.web.calculator import calculator
from tournaments.web.views import HomeView

app_name = "web"

urlpatterns = [
    path("", HomeView.as_view(), name="home"),
    path("rechner/", calculator, name="calculator"),
    path("verify/", verify.verify_form, name="verify-form"),
    path("verify/<str:seal>/", verify.verify_page, name="verify"),
    path("turniere/", public.tournament_list, name="tournament-list"),
    path("turniere/<int:tournament_id>/", public.tournament_detail, name="tournament"),
    path(
        "turniere/<int:tournament_id>/rangliste/",
        public.tournament_ranking,
        name="tournament-ranking",
    ),
    path(
        "turniere/<int:tournament_id>/serie/<int:number>/rangliste/",
        public.series_ranking,
        name="series-ranking",
    ),
    path("turniere/<int:tournament_id>/mannschaften/", public.team_ranking, name="team-ranking"),
    path(
        "turniere/<int:tournament_id>/serie/<int:number>/tischplan/",
        public.table_plan,
        name="table-plan",
    ),
    path("turniere/<int:tournament_id>/startkarten/", public.start_cards, name="start-cards"),
    path("spieler/<int:player_id>/", public.player_detail, name="player"),
    # Tournament director (Turnierleitung): staff only, see tournaments/web/director.py.
    path("anmelden/", director.LoginView.as_view(), name="login"),
    path("abmelden/", director.LogoutView.as_view(), name="logout"),
    path("leitung/", director.home, name="director-home"),
    path("leitung/turniere/neu/", director.tournament_new, name="director-tournament-new"),
    path("leitung/turniere/<int:tournament_id>/", director.dashboard, name="director-tournament"),
    path(
        "leitung/turniere/<int:tournament_id>/einstellungen/",
        director.tournament_edit,
        name="director-tournament-edit",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/teilnehmer/",
        director.participant_list,
        name="director-participants",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/teilnehmer/anmelden/",
        director.participant_register,
        name="director-register",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/teilnehmer/neu/",
        director.participant_register_new,
        name="director-register-new",
    ),
    path(
        "leitung/teilnehmer/<int:participant_id>/status/",
        director.participant_withdrawn,
        name="director-participant-withdrawn",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/import/",
        director.import_upload,
        name="director-import",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/import/vorschau/",
        director.import_preview,
        name="director-import-preview",
    ),
    path(
        "leitung/turniere/<int:tournament_id>/serien/neu/",
        director.series_add,
        name="director-series-add",
    ),
    path("leitung/serien/<int:series_id>/", director.series_detail, name="director-series"),
    path("leitung/serien/<int:series_id>/auslosen/", director.series_draw, name="director-draw"),
    path(
        "leitung/serien/<int:series_id>/tischcodes/",
        director.series_codes,
        name="director-series-codes",
    ),
    path("leitung/tische/<int:table_id>/", director.table_detail, name="director-table"),
    path("leitung/tische/<int:table_id>/code/", director.table_code, name="director-table-code"),
    path("leitung/tische/<int:table_id>/beenden/", director.table_end, name="director-table-end"),
    path(
        "leitung/tische/<int:table_id>/schliessen/",
        director.table_close,
        name="director-table-close",
    ),
    path(
        "leitung/tische/<int:table_id>/wieder-oeffnen/",
        director.table_reopen,
        name="director-table-reopen",
    ),
    # List keeping at the table (Tischgerät): table code or staff, see web/table_entry.py.
    path("tisch/", table_entry.code_form, name="table-code-form"),
    path("tisch/code/<str:code>/", table_entry.code_link, name="table-code"),
    path("tisch/notation/", table_entry.notation_help, name="notation-help"),
    path("tisch/<int:pk>/", table_entry.table_page, name="table"),
    path("tisch/<int:pk>/vorschau/", table_entry.touch_preview, name="table-preview"),
    path("tisch/<int:pk>/rueckgaengig/", table_entry.undo, name="table-undo"),
    path("tisch/<int:pk>/tastatur/", table_entry.keyboard_page, name="table-keyboard"),
    path(
        "tisch/<int:pk>/notation/preview/",
        table_entry.notation_preview,
        name="table-notation-preview",
    ),
    path("tisch/<int:pk>/unterschreiben/", table_entry.sign_page, name="table-sign"),
]
