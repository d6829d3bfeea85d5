"""URLs of the server-rendered pages, included at the site root: a table of contents.

Each block names the module that holds its screens; one module per screen.
"""

from django.urls import path

from tournaments.web import (
    access_blocks,
    conditional,
    legal,
    prize_list,
    projector,
    projector_seats,
    public,
    rankings,
    season,
    verify,
)
from tournaments.web.calculator import calculator
from tournaments.web.director import (
    auth,
    cash,
    clubs,
    demo,
    differences,
    finishing,
    importing,
    legal_texts,
    participants,
    player_classes,
    players,
    series,
    table_changes,
    tables,
    tournaments,
    treasurers,
)
from tournaments.web.director.table_changes import table_seat_change
from tournaments.web.table import (
    code,
    confirmation,
    correction,
    keyboard,
    offline,
    state,
    touch,
    two_lists,
    undo,
)
from tournaments.web.views import HomeView, favicon

app_name = "web"

# The prefixes of the routes, so that each route below fits on one line.
T = "turniere/<int:tournament_id>"  # a public tournament page
D = "leitung/turniere/<int:tournament_id>"  # a director's tournament page
DS = "leitung/serien/<int:series_id>"  # a director's series page
DT = "leitung/tische/<int:table_id>"  # a director's table page
DP = "leitung/teilnehmer/<int:participant_id>"  # one participant, for the director
L = "tisch/<int:pk>"  # a list kept at the table

urlpatterns = [
    # List keeping at the table (Tischgerät), table code or staff: web/table/access.py.
    # First, as Django tries the patterns one by one: an open table device asks for its
    # list's state every few seconds (tests/test_url_order.py).
    path("tisch/", code.code_form, name="table-code-form"),
    path("tisch/code/<str:code>/", code.code_link, name="table-code"),
    path("tisch/sw.js", offline.service_worker, name="table-sw"),
    path(f"{L}/", touch.table_page, name="table"),
    path(f"{L}/vorschau/", touch.touch_preview, name="table-preview"),
    path(f"{L}/stand/", state.list_state_view, name="table-state"),
    path(f"{L}/tastatur/", keyboard.keyboard_page, name="table-keyboard"),
    path(f"{L}/notation/preview/", keyboard.notation_preview, name="table-notation-preview"),
    path("tisch/notation/", keyboard.notation_help, name="notation-help"),
    path(f"{L}/rueckgaengig/", undo.undo, name="table-undo"),
    path(f"{L}/spiel/<int:number>/korrigieren/", correction.correct_game, name="table-correct"),
    path(
        f"{L}/spiel/<int:number>/korrigieren/vorschau/",
        correction.correction_preview,
        name="table-correct-preview",
    ),
    path(f"{L}/unterschreiben/", confirmation.sign_page, name="table-sign"),
    path(
        f"{L}/unterschied/<int:number>/uebernehmen/",
        two_lists.take_other_version,
        name="table-take-version",
    ),
    # Public pages: home, calculator, verification of a printed list (web/verify.py).
    path("", HomeView.as_view(), name="home"),
    # The site's privacy notice and imprint, linked from every footer: web/legal.py.
    path("datenschutz/", legal.privacy_notice, name="privacy-notice"),
    path("impressum/", legal.imprint, name="imprint"),
    path("favicon.ico", favicon, name="favicon"),
    path("rechner/", calculator, name="calculator"),
    path("verify/", verify.verify_form, name="verify-form"),
    path("verify/<str:seal>/", verify.verify_page, name="verify"),
    # Public tournaments and rankings (web/public.py).
    path("turniere/", public.tournament_list, name="tournament-list"),
    path(f"{T}/", public.tournament_detail, name="tournament"),
    path(f"{T}/version/", conditional.tournament_version, name="tournament-version"),
    path(f"{T}/rangliste/", rankings.tournament_ranking, name="tournament-ranking"),
    path(f"{T}/leinwand/", projector.projector, name="projector"),
    path(
        f"{T}/leinwand/serie/<int:number>/plaetze/",
        projector_seats.projector_seats,
        name="projector-seats",
    ),
    path(f"{T}/serie/<int:number>/rangliste/", rankings.series_ranking, name="series-ranking"),
    path(f"{T}/mannschaften/", rankings.team_ranking, name="team-ranking"),
    path(f"{T}/serie/<int:number>/tischplan/", public.table_plan, name="table-plan"),
    path(f"{T}/startkarten/", public.start_cards, name="start-cards"),
    # The prize list of a finished tournament, page and notice-board PDF: web/prize_list.py.
    path(f"{T}/preise/", prize_list.prize_list_page, name="prize-list"),
    path(f"{T}/preise.pdf", prize_list.prize_list_file, name="prize-list-pdf"),
    path("spieler/<int:player_id>/", public.player_detail, name="player"),
    # A club's season ranking (Jahreswertung): web/season.py.
    path("vereine/<int:club_id>/jahreswertung/", season.season_ranking_page, name="season-ranking"),
    # Tournament director (Turnierleitung), staff only: web/director/auth.py.
    path("anmelden/", auth.LoginView.as_view(), name="login"),
    path("abmelden/", auth.LogoutView.as_view(), name="logout"),
    # … tournaments, settings, dashboard: web/director/tournaments.py
    path("leitung/", tournaments.home, name="director-home"),
    path("leitung/sperren/", access_blocks.access_blocks, name="director-access-blocks"),
    path("leitung/demo/loeschen/", demo.demo_delete, name="director-demo-delete"),
    # … treasurers of the director's clubs, and the cash boxes a treasurer keeps:
    # web/director/treasurers.py
    path("leitung/kassenwarte/", treasurers.treasurer_list, name="director-treasurers"),
    path(
        "leitung/kassenwarte/<int:club_id>/entfernen/",
        treasurers.treasurer_remove,
        name="director-treasurer-remove",
    ),
    path("kasse/", treasurers.cash_boxes, name="cash-boxes"),
    path("leitung/turniere/neu/", tournaments.tournament_new, name="director-tournament-new"),
    path(f"{D}/", tournaments.dashboard, name="director-tournament"),
    path(f"{D}/einstellungen/", tournaments.tournament_edit, name="director-tournament-edit"),
    # … participants: web/director/participants.py
    path(f"{D}/teilnehmer/", participants.participant_list, name="director-participants"),
    path(f"{D}/teilnehmer/anmelden/", participants.participant_register, name="director-register"),
    path(
        f"{D}/teilnehmer/neu/",
        participants.participant_register_new,
        name="director-register-new",
    ),
    path(
        f"{DP}/status/",
        participants.participant_withdrawn,
        name="director-participant-withdrawn",
    ),
    path(f"{DP}/wertung/", participants.participant_classes, name="director-participant-classes"),
    path(f"{D}/wertungsklassen/", player_classes.player_classes, name="director-player-classes"),
    # … clubs: create, rename, members: web/director/clubs.py
    path("leitung/vereine/", clubs.club_list, name="director-clubs"),
    path("leitung/vereine/<int:club_id>/", clubs.club_detail, name="director-club"),
    path(
        "leitung/vereine/<int:club_id>/leitung/",
        clubs.club_director_add,
        name="director-club-director-add",
    ),
    path(
        "leitung/vereine/<int:club_id>/leitung/entfernen/",
        clubs.club_director_remove,
        name="director-club-director-remove",
    ),
    path(
        "leitung/vereine/<int:club_id>/rechtliches/",
        legal_texts.club_legal_texts,
        name="director-club-legal-texts",
    ),
    path(
        "leitung/vereine/<int:club_id>/wertungsklassen/",
        player_classes.club_player_classes,
        name="director-club-classes",
    ),
    # … one player: the consent, the stored data, the erasure: web/director/players.py
    path("leitung/spieler/<int:player_id>/", players.player_detail, name="director-player"),
    path("leitung/spieler/<int:player_id>/loeschen/", players.player_erase, name="director-erase"),
    # … import from a file: web/director/importing.py
    path(f"{D}/import/", importing.import_upload, name="director-import"),
    path(f"{D}/import/vorschau/", importing.import_preview, name="director-import-preview"),
    # … series, draw, table codes: web/director/series.py
    path(f"{D}/serien/neu/", series.series_add, name="director-series-add"),
    path(f"{DS}/", series.series_detail, name="director-series"),
    path(f"{DS}/auslosen/", series.series_draw, name="director-draw"),
    path(f"{DS}/tischcodes/", series.series_codes, name="director-series-codes"),
    # … finishing and reopening a series or the tournament: web/director/finishing.py
    path(f"{DS}/abschliessen/", finishing.series_finish, name="director-series-finish"),
    path(f"{DS}/wieder-oeffnen/", finishing.series_reopen, name="director-series-reopen"),
    path(f"{D}/abschliessen/", finishing.tournament_finish, name="director-tournament-finish"),
    path(f"{D}/wieder-oeffnen/", finishing.tournament_reopen, name="director-tournament-reopen"),
    # … one table's list: web/director/tables.py
    path(f"{DT}/", tables.table_detail, name="director-table"),
    path(f"{DT}/code/", tables.table_code, name="director-table-code"),
    path(f"{DT}/beenden/", tables.table_end, name="director-table-end"),
    path(f"{DT}/schliessen/", tables.table_close, name="director-table-close"),
    path(f"{DT}/wieder-oeffnen/", tables.table_reopen, name="director-table-reopen"),
    # … its second list (list B) and the differences: web/director/differences.py
    path(f"{DT}/code-liste-b/", differences.table_second_code, name="director-table-code-b"),
    path(
        f"{DT}/unterschied/<int:number>/entscheiden/",
        differences.table_settle,
        name="director-table-settle",
    ),
    # … a paper list's summary and seat changes: web/director/table_changes.py
    path(f"{DT}/summe/", table_changes.table_summary, name="director-table-summary"),
    path(f"{DT}/spieler-geht/", table_seat_change, {"form": "leave"}, name="director-table-leave"),
    path(f"{DT}/spieler-kommt/", table_seat_change, {"form": "join"}, name="director-table-join"),
    path(
        f"{DT}/ersatzspieler/",
        table_seat_change,
        {"form": "replace"},
        name="director-table-replace",
    ),
    path(
        f"{DT}/ersatzspieler/<int:seat_id>/rueckgaengig/",
        table_changes.table_replacement_undo,
        name="director-table-replace-undo",
    ),
    # The cash box (Kasse): director and treasurer, web/director/cash.py.
    path(f"{D}/kasse/", cash.cash_overview, name="director-cash"),
    path(f"{D}/kasse/tarif/", cash.cash_tariff, name="director-cash-tariff"),
    path(f"{D}/kasse/preise/", cash.cash_prizes, name="director-cash-prizes"),
    path(f"{D}/kasse/erstattung/", cash.cash_refund, name="director-cash-refund"),
    path(f"{D}/kasse/preis-ausgezahlt/", cash.cash_pay_out_prize, name="director-cash-payout"),
    path(
        f"{D}/kasse/auszahlung-zuruecknehmen/",
        cash.cash_undo_prize_payout,
        name="director-cash-payout-undo",
    ),
    path(
        f"{D}/kasse/zahlungen/<int:payment_id>/storno/",
        cash.cash_reverse,
        name="director-cash-reverse",
    ),
    path(f"{DP}/startgeld-bezahlt/", cash.cash_pay_entry_fee, name="director-cash-entry-fee"),
    path(
        f"{D}/kasse/startgelder-bezahlt/",
        cash.cash_pay_entry_fees,
        name="director-cash-entry-fees",
    ),
    path(f"{DT}/abreizgeld-bezahlt/", cash.cash_pay_table, name="director-cash-table"),
    path(f"{D}/kasse/abrechnung/", cash.cash_settlement, name="director-cash-settlement"),
    path(
        f"{D}/kasse/kassenbericht.<str:extension>",
        cash.cash_settlement_file,
        name="director-cash-settlement-file",
    ),
]
