"""Correcting a saved game at ``/tisch/<id>/spiel/<n>/korrigieren/`` (Korrektur).

The game's entry comes back into the touch form, prefilled; the list keeper changes it,
sees the new value and totals (the same preview as a new game) and saves the correction.
A list with signatures asks first, since the correction voids them; a signed or locked list
is reopened by the director (with a reason) before any game of it is corrected.
"""

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from tournaments.models import Game, ListLocked
from tournaments.services.errors import Rejected
from tournaments.services.input import MAX_REASON_LENGTH
from tournaments.services.lists import game_correction, listkeeping
from tournaments.services.lists.game_form import game_fields
from tournaments.services.lists.overview import table_overview
from tournaments.services.lists.running_list import preview_correction
from tournaments.services.lists.table_device import totals_by_participant
from tournaments.web.table.access import (
    ensure_may_write,
    error_entry,
    problems_and_status,
    table_entry_view,
)
from tournaments.web.table.display import (
    ANNOUNCEMENTS,
    describe_game,
    game_label,
    plain,
    preview_display,
    saved_message,
    signed,
)
from tournaments.web.table.offline import offline_context
from tournaments.web.table.touch import TOUCH_SLOTS, touch_errors, touch_page, touch_state


def _state_of(game: Game) -> dict:
    """The touch form's choices for a saved game: what was entered, else what it made."""
    state = touch_state()
    if game.passed:
        return state | {"declarer": "passed"}
    inputs = listkeeping.game_inputs(game)
    won = inputs.get("won", game.won)
    checked = {name for name, _label in ANNOUNCEMENTS if inputs.get(name)}
    checked |= {name for name in ("schneider", "schwarz", "conceded") if getattr(game, name)}
    return state | {
        "declarer": str(game.declarer_seat),
        "game": game.game,
        "with_matadors": "false" if inputs.get("with_matadors") is False else "true",
        "matadors": str(inputs.get("matadors") or 1),
        "won": "" if won is None else ("true" if won else "false"),
        "bid": str(inputs["bid"]) if inputs.get("bid") else "",
        "checked": checked,
    }


def _correction_context(request, access, game: Game) -> dict:
    """What changes on the touch page when it corrects ``game`` instead of entering one:
    the corrected game's dealer and seats, every player's total before it and now, and
    what the device needs to show the totals after the correction before it is saved."""
    table = access.table
    overview = table_overview(table)
    four = game.table_size == 4
    seats = [
        seat
        for seat in overview["seats"]
        if seat["from_game"] <= game.number
        and (seat["until_game"] is None or game.number <= seat["until_game"])
    ]
    before = totals_by_participant(table, before=game.number)
    now = totals_by_participant(table)
    old_points = {str(row.seat): row.points for row in game.points.all()}
    present = [
        {
            "seat": seat["seat"],
            "name": seat["name"],
            "is_dealer": seat["seat"] == game.dealer_seat,
            "sits_out": four and seat["seat"] == game.dealer_seat,
            "total": before.get(str(seat["participant"]), 0),
            "total_display": plain(before.get(str(seat["participant"]), 0)),
            "now_display": plain(now.get(str(seat["participant"]), 0)),
        }
        for seat in seats
    ]
    row = {
        "passed": game.passed,
        "description": describe_game(game),
        "declarer_seat": game.declarer_seat,
        "won": game.won,
        "score": signed(game.score) if not game.passed else "",
    }
    editable = access.may_edit and table.ended_early_at is None
    offline = offline_context(access, [], game.number if editable else None)
    offline["data"]["people"] = {str(seat["participant"]): seat["name"] for seat in seats}
    offline["data"]["correcting"] = {
        "number": game.number,
        "totals_before": before,
        "old_points": old_points,
        "now": {str(seat["seat"]): now.get(str(seat["participant"]), 0) for seat in seats},
    }
    return {
        "correcting": {
            "number": game.number,
            "label": game_label(row),
            "signatures": game_correction.signatures_to_void(table),
            "reason_limit": MAX_REASON_LENGTH,
        },
        "editable": editable,
        "next_game": {
            "number": game.number,
            "dealer_seat": game.dealer_seat,
            "table_size": game.table_size,
        },
        "dealer_name": next((s["name"] for s in seats if s["seat"] == game.dealer_seat), ""),
        "present": present,
        # A correction changes a stored game: it is sent now or not at all, never queued
        # on the device as if it were the next game. The device only values it.
        "offline": offline,
    }


def _game_or_none(access, number: int) -> Game | None:
    return access.table.games.filter(number=number).first()


# List B is corrected by taking list A's version, by undoing its last game, or by the
# director (docs/rules.md 4.1): the correction page corrects the official list A.
SECOND_LIST_CORRECTIONS = gettext_noop(
    "This device keeps list B. Where it differs from list A, take list A's version above the "
    "list; the last game can be taken back. Any other correction is made on list A, and "
    "then list B takes its version."
)


def _second_list_refusal(request, access):
    messages.error(request, gettext(SECOND_LIST_CORRECTIONS))
    return redirect("web:table", access.table.pk)


def _page(request, access, game, **kwargs):
    return touch_page(request, access, extra=_correction_context(request, access, game), **kwargs)


@table_entry_view()
def correct_game(request, access, number):
    """GET: the game prefilled in the touch form; POST: preview (``action``) or save."""
    if access.second:
        return _second_list_refusal(request, access)
    game = _game_or_none(access, number)
    if game is None:
        messages.error(
            request, gettext("Game %(number)s is not on this list.") % {"number": number}
        )
        return redirect("web:table", access.table.pk)
    if request.method != "POST":
        return _page(request, access, game, state=_state_of(game))
    data = game_fields(request.POST)
    state = touch_state(request.POST)
    try:
        ensure_may_write(access)
        if request.POST.get("action") == "preview":
            preview = preview_correction(access.table, number, data)
            return _page(request, access, game, state=state, preview=preview_display(preview))
        game = game_correction.correct_game_at_table(
            access.table,
            number,
            data,
            void_signatures="void_signatures" in request.POST,
            user=access.user,
            actor=access.actor(),
            reason=request.POST.get("reason", ""),
        )
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        return _page(
            request, access, game, state=state, errors=touch_errors(problems), status=status
        )
    messages.success(request, saved_message(game, corrected=True))
    return redirect(reverse("web:table", args=[access.table.pk]) + f"#game-{game.number}")


@table_entry_view(methods=["POST"])
def correction_preview(request, access, number):
    """``…/korrigieren/vorschau/``: the corrected game's value and totals, as JSON."""
    if access.second:
        text = gettext(SECOND_LIST_CORRECTIONS)
        return JsonResponse({"ok": False, "status": 409, "errors": [error_entry("form", text)]})
    try:
        ensure_may_write(access)
        preview = preview_correction(access.table, number, game_fields(request.POST))
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        errors = [error_entry(TOUCH_SLOTS.get(p.field, "form"), p.text(gettext)) for p in problems]
        return JsonResponse({"ok": False, "status": status, "errors": errors})
    return JsonResponse(preview_display(preview))
