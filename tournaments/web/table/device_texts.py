"""Every sentence the table device's scripts show, translated here (they have no catalogue).

``page_messages`` are the words of a game the device writes itself ("Kreuz mit 2, Hand"),
sent with the rules' messages as ``catalogue`` (English id → text); the other sentences go
by name in ``texts``.
"""

from django.utils.translation import gettext, gettext_noop

from tournaments.web.table.display import ANNOUNCEMENTS, RESULT_LEVELS

GAME_WORDS = (
    gettext_noop("with %(n)d"),
    gettext_noop("without %(n)d"),
    gettext_noop("bid %(bid)d"),
    gettext_noop("conceded"),
    gettext_noop("passed in"),
    gettext_noop("won"),
    gettext_noop("lost"),
)


def page_messages() -> tuple[str, ...]:
    return (*GAME_WORDS, *(label for _name, label in ANNOUNCEMENTS + RESULT_LEVELS))


def device_texts() -> dict:
    """What the touch and keyboard pages say around a game, before and after the save."""
    return {
        "saved": gettext("Game %(number)s saved: %(score)s."),
        "saved_passed": gettext("Game %(number)s saved: passed in."),
        "already": gettext("Game %(number)s was already on the list (from another device)."),
        "kept": gettext(
            "Game %(number)s is kept on this device and sent as soon as the server answers."
        ),
        "game_of": gettext("Game %(number)s of %(planned)s"),
        "dealer": gettext("Dealer"),
        "seat_lower": gettext("seat %(seat)s"),
        "sits_out": gettext("sits out"),
        "deals": gettext("deals"),
        "won_title": gettext("Won"),
        "lost_title": gettext("Lost"),
        "overbid_title": gettext("Overbid – lost"),
        "passed_title": gettext("Passed in: nobody scores."),
        "missing": gettext("Still to choose:"),
        "declarer": gettext("declarer"),
        "game": gettext("game"),
        "result": gettext("won or lost"),
        "save_game": gettext("Save game %(number)s"),
        "enter_game": gettext("Enter game %(number)s"),
        "before_saving": gettext("Game %(number)s before saving"),
        "line_label": gettext("Game %(number)s as one line"),
        "totals_after": gettext("New running totals after game %(number)s"),
        "summary": gettext(
            "Game %(number)s: seat %(seat)s, %(game)s – %(outcome)s, value %(value)s, %(score)s"
        ),
        "summary_passed": gettext("Game %(number)s: passed in"),
        "overbid_lost": gettext("overbid – lost"),
        "list_complete": gettext("The list is complete: every game is entered."),
        "unavailable": gettext(
            "The server cannot be reached right now. Your line is kept; press Enter again "
            "in a moment."
        ),
        "storage_lost": gettext(
            "This device cannot store games (a private window?): a game not yet sent is lost "
            "if the page is closed."
        ),
        "sign_here_offline": gettext(
            "This is the list of the table: signing needs the server. Sign when the "
            "connection is back and every game is sent."
        ),
    }


def offline_texts() -> dict:
    """Every sentence the waiting games show (banner, rows, clash, undo, leftovers)."""
    return {
        "waiting_one": gettext("offline — 1 game waiting"),
        "waiting_many": gettext("offline — %(count)s games waiting"),
        "sending": gettext("Sending the waiting games …"),
        "status_waiting_one": gettext("1 game waiting to be sent"),
        "status_waiting_many": gettext("%(count)s games waiting to be sent"),
        "status_silent_one": gettext("The server does not answer — 1 game waiting"),
        "status_silent_many": gettext("The server does not answer — %(count)s games waiting"),
        "status_access_ended": gettext("Code no longer valid — games not sent: %(count)s"),
        "status_clash": gettext("Game %(number)s: the server holds another version — decide"),
        "status_refused": gettext("Game %(number)s was refused — change or discard it"),
        "status_difference": gettext("Lists A and B differ in game %(numbers)s"),
        "not_sent": gettext("not yet sent"),
        "on_its_way": gettext("being sent"),
        "passed": gettext("passed in"),
        "seat": gettext("Seat %(seat)s"),
        "take_back": gettext("Take back waiting game %(number)s"),
        "confirm_take_back": gettext("Yes, delete waiting game %(number)s"),
        "keep": gettext("No, keep it"),
        "edit": gettext("Change"),
        "editing": gettext("Changing waiting game %(number)s: save to replace it."),
        "clash": gettext("Game %(number)s clashes with the list on the server: %(message)s"),
        "refused": gettext("The server refused game %(number)s: %(message)s"),
        "renumber": gettext("Enter the waiting games after the server's games"),
        "clash_versions": gettext(
            "The server already holds game %(number)s, in another version. Which one is right?"
        ),
        "clash_server": gettext("Game %(number)s on the server"),
        "clash_mine": gettext("On this device"),
        "keep_server": gettext("Keep the server's game %(number)s"),
        "clash_reason": gettext("Reason for the correction"),
        "correct_server": gettext("Correct the server's game %(number)s to this device's"),
        "corrected": gettext(
            "Game %(number)s corrected: the list now holds this device's version."
        ),
        "discard": gettext("Discard game %(number)s"),
        "access_ended": gettext(
            "This device's table code is no longer valid (the director issued a new one). "
            "The games below were not sent: show them to the tournament director to enter."
        ),
        "leftovers": gettext("Games on this device that were not sent"),
        "clear_leftovers": gettext(
            "Delete these games from this device (the director has entered them)"
        ),
        "table": gettext("Table %(table)s"),
        "sign_offline": gettext(
            "Signing and locking need the server: the signatures seal the list as the "
            "server stores it. Wait until the connection is back and all games are sent."
        ),
        "unsent_before_signing": gettext(
            "Games are still waiting to be sent; sign when they are on the server."
        ),
    }
