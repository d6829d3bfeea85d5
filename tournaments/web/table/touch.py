"""The touch entry at ``/tisch/<id>/``: tiles for declarer, game and result, a live preview.

A plain HTML form that works without JavaScript (the server renders errors next to the
control, with everything chosen kept); ``static/js/calculator.js`` makes the preview instant.
"""

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from tournaments.models import ListLocked
from tournaments.services.errors import Rejected
from tournaments.services.lists.game_form import game_fields, preview_at_table
from tournaments.skat import NULL_VALUES, POSSIBLE_GAME_VALUES, GameType
from tournaments.skat.games import MAX_MATADORS
from tournaments.web.calculator import RED_SUITS, SUIT_SYMBOLS
from tournaments.web.errors import kept_entry
from tournaments.web.table.access import (
    ensure_may_enter,
    error_entry,
    problems_and_status,
    table_entry_view,
    wants_json,
)
from tournaments.web.table.display import (
    ANNOUNCEMENTS,
    RESULT_LEVELS,
    preview_display,
    saved_message,
)
from tournaments.web.table.page_context import page_context

GAME_ORDER = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.NULL,
)

CHECKBOXES = tuple(name for name, _label in ANNOUNCEMENTS + RESULT_LEVELS) + ("conceded",)
# Where a problem of a game field is shown on the touch form.
TOUCH_SLOTS = {
    "declarer_seat": "declarer",
    "passed": "declarer",
    "with_matadors": "matadors",
    **{name: name for name in ("game", "matadors", "won", "bid", "reason", *CHECKBOXES)},
}
# Tokens of the notation for the help box: (example, meaning). A test parses every example.


def touch_errors(problems) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        slot = TOUCH_SLOTS.get(problem.field, "form")
        errors.setdefault(slot, []).append(problem.text(gettext))
    return errors


def touch_state(post=None) -> dict:
    """What the form shows as chosen: the posted values, or the defaults of a new game."""
    if post is None:
        return {"with_matadors": "true", "matadors": "1", "checked": set()}
    return {
        "declarer": post.get("declarer", ""),
        "game": post.get("game", ""),
        "with_matadors": post.get("with_matadors", "true"),
        "matadors": post.get("matadors", "1")[:9],
        "won": post.get("won", ""),
        "bid": post.get("bid", ""),
        "checked": {name for name in CHECKBOXES if name in post},
    }


def _games_for_form() -> list[dict]:
    return [
        {
            "value": game.value,
            "label": gettext(game.label),
            "symbol": SUIT_SYMBOLS.get(game, ""),
            "red": game in RED_SUITS,
            "max_matadors": MAX_MATADORS[game],
        }
        for game in GAME_ORDER
    ]


def _flags(flags, state, errors) -> list[dict]:
    return [
        {
            "name": name,
            "label": gettext(label),
            "checked": name in state["checked"],
            "error": " ".join(errors.get(name, ())),
        }
        for name, label in flags
    ]


def touch_page(request, access, *, state=None, errors=None, preview=None, status=200, extra=None):
    """``extra`` replaces parts of the page context, e.g. the game a correction changes."""
    state = state or touch_state()
    errors = errors or {}
    context = page_context(request, access)
    context.update(extra or {})
    context.update(
        {
            "mode": "touch",
            "state": state,
            "errors": errors,
            "preview": preview,
            "games": _games_for_form(),
            "announcements": _flags(ANNOUNCEMENTS, state, errors),
            "result_levels": _flags(RESULT_LEVELS, state, errors),
            "possible_bids": POSSIBLE_GAME_VALUES,
            "null_values": {
                "plain": NULL_VALUES[(False, False)],
                "hand": NULL_VALUES[(False, True)],
                "ouvert": NULL_VALUES[(True, False)],
                "ouvert_hand": NULL_VALUES[(True, True)],
            },
        }
    )
    return render(request, "table/touch.html", context, status=status)


@table_entry_view()
def table_page(request, access):
    """``/tisch/<id>/``: the touch entry; POST saves the game (or previews it, ``action``)."""
    if request.method != "POST":
        kept = kept_entry(request, access.table.pk)
        return touch_page(request, access, state=touch_state(kept) if kept else None)
    data = game_fields(request.POST)
    state = touch_state(request.POST)
    try:
        ensure_may_enter(access)
        if request.POST.get("action") == "preview":
            preview = preview_at_table(access.table, request.POST, access.kept_list)
            return touch_page(request, access, state=state, preview=preview_display(preview))
        game = access.enter(data)
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        if wants_json(request):
            errors = [error_entry(p.field, p.text(gettext)) for p in problems]
            return JsonResponse({"ok": False, "errors": errors}, status=status)
        return touch_page(
            request, access, state=state, errors=touch_errors(problems), status=status
        )
    messages.success(request, saved_message(game))
    if wants_json(request):
        # The script saves with fetch to tell "server down" from "refused"; the page it
        # loads next shows the message.
        return JsonResponse({"ok": True, "saved": game.number}, status=201)
    # The top of the page: the message and the new totals in view, the next game below.
    return redirect(reverse("web:table", args=[access.table.pk]))


@table_entry_view(methods=["POST"])
def touch_preview(request, access):
    """``/tisch/<id>/vorschau/``: value and new running totals of the touch form, as JSON.

    A preview answers 200 also when the game has problems (``ok`` false, ``errors``): the
    question was asked correctly, and the log stays free of a warning per tap.
    """
    try:
        ensure_may_enter(access)
        preview = preview_at_table(access.table, request.POST, access.kept_list)
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        errors = [error_entry(TOUCH_SLOTS.get(p.field, "form"), p.text(gettext)) for p in problems]
        return JsonResponse({"ok": False, "status": status, "errors": errors})
    return JsonResponse(preview_display(preview))
