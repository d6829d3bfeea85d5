"""The public seal check: ``/verify/`` (type a code) and ``/verify/<seal>/`` (the answer).

The QR code on a printed list leads here, so the page must work on any phone without a
login: one clear verdict in large type, and for a changed list what no longer matches.
"""

import re

from django.shortcuts import redirect, render
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.services.sealing.seal import SEAL_PATTERN, normalise_code, verify_seal
from tournaments.services.sealing.seal_summary import sealed_list

NOT_FOUND = ("unknown", "malformed")
_GAME_PATH = re.compile(r"^games\[(\d+)\]\.?(.*)$")
_SEAT_PATH = re.compile(r"^(seats|settlement|summary)\[(\d+)(?:@(\d+))?\]\.?(.*)$")


@require_safe
def verify_form(request):
    """The form to type a seal code; ``?code=`` goes on to the answer page."""
    code = request.GET.get("code")
    error = ""
    if code is not None:
        normalised = normalise_code(code)
        if SEAL_PATTERN.match(normalised):
            return redirect("web:verify", seal=normalised)
        error = gettext(
            "A seal code has 64 characters: the digits 0-9 and the letters a-f. Copy it from "
            "the printed list, or scan the QR code next to it."
        )
    return render(
        request, "verify.html", {"code": code or "", "error": error}, status=400 if error else 200
    )


@require_safe
def verify_page(request, seal):
    """The verdict for one seal: green if authentic and unchanged, red with the differences."""
    result = verify_seal(seal)
    context = {
        "result": result,
        "message": gettext(result.message),
        "code": result.seal,
        "found": result.reason not in NOT_FOUND,
        "tournament_date": parse_date(result.tournament["date"]) if result.tournament else None,
        "sealed_at": parse_datetime(result.sealed_at) if result.sealed_at else None,
        "sealed": sealed_list(result) if result.reason not in NOT_FOUND else None,
        "list_pdf": f"/api/v1/tables/{result.table}/list.pdf" if result.table else "",
        "mismatches": [
            {"label": describe(m.path), "stored": _shown(m.stored), "current": _shown(m.current)}
            for m in result.mismatches
        ],
    }
    status = 404 if result.reason in NOT_FOUND else 200
    return render(request, "verify.html", context, status=status)


def describe(path: str) -> str:
    """A mismatch path in the words of the list: ``games[12].score`` → "Game 12: score"."""
    game = _GAME_PATH.match(path)
    if game:
        label = gettext("Game %(number)s") % {"number": game.group(1)}
        return f"{label}: {game.group(2)}" if game.group(2) else label
    seat = _SEAT_PATH.match(path)
    if seat:
        _, number, from_game, rest = seat.groups()
        label = gettext("Seat %(number)s") % {"number": number}
        if from_game:
            label = gettext("Seat %(number)s from game %(game)s") % {
                "number": number,
                "game": from_game,
            }
        return f"{label}: {rest}" if rest else label
    return path


def _shown(value) -> str:
    """A stored or current value as people read it: no JSON braces or quotes."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_shown(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(_shown(item) for item in value) or "–"
    return str(value)
