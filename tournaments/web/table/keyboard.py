"""The keyboard entry at ``/tisch/<id>/tastatur/``: one line of notation per game.

``static/js/entry.js`` previews the line as it is typed and saves it without reloading; a
refused line stays in the input with the offending words marked (docs/notation.md).
"""

from dataclasses import dataclass

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_safe

from tournaments.models import Game, ListLocked
from tournaments.services.errors import Rejected
from tournaments.services.lists.game_form import whole_number
from tournaments.services.lists.running_list import preview_game, saved_preview
from tournaments.skat.notation import NOTATION, format_game_line, parse_game_line
from tournaments.web.table.access import (
    Access,
    ensure_may_enter,
    error_entry,
    problems_and_status,
    table_entry_view,
    wants_json,
)
from tournaments.web.table.display import (
    preview_display,
    saved_message,
)
from tournaments.web.table.page_context import page_context

NOTATION_HELP = (
    ("1 … 4", gettext_noop("seat of the declarer, always first")),
    ("p", gettext_noop("passed in (eingepasst), alone on the line")),
    ("kr pi he ka", gettext_noop("Kreuz, Pik, Herz, Karo")),
    ("gr nu", gettext_noop("Grand, Null")),
    ("m2 o3", gettext_noop("with 2, without 3 matadors (no blank before the number)")),
    ("h", gettext_noop("Hand")),
    ("s sw", gettext_noop("Schneider, Schwarz (made)")),
    ("sa swa", gettext_noop("Schneider announced, Schwarz announced")),
    ("o", gettext_noop("ouvert (alone; with a number it means without)")),
    ("+ -", gettext_noop("won, lost (also g and v)")),
    ("r48", gettext_noop("bid (Reizwert) 48, for the overbid rule; optional")),
    ("a61 st7", gettext_noop("declarer's eyes and tricks instead of + or -; optional")),
    ("rv", gettext_noop("lost by a rule violation or conceded")),
)
NOTATION_EXAMPLES = (
    ("2 kr m2 h s +", gettext_noop("seat 2, Kreuz with 2, Hand, Schneider, won")),
    ("3 gr o1 -", gettext_noop("seat 3, Grand without 1, lost")),
    ("1 nu +", gettext_noop("seat 1, Null, won")),
    ("4 nu o h -", gettext_noop("seat 4, Null ouvert Hand, lost")),
    ("p", gettext_noop("passed in")),
)


def _line_tokens(parsed, problems) -> list[dict]:
    """Every token of the line, marked when a problem names it, for the highlighted mirror."""
    marked = set()
    for problem in problems:
        for token in _problem_tokens(parsed, problem):
            marked.add(token["start"])
    return [
        {
            "text": token.text,
            "start": token.start,
            "end": token.end,
            "field": token.field or "",
            "bad": token.start in marked,
        }
        for token in parsed.tokens
    ]


def _problem_tokens(parsed, problem) -> list[dict]:
    params = problem.params or {}
    if problem.field == NOTATION and "start" in params:
        return [
            {
                "text": params["token"],
                "start": params["start"],
                "end": params["end"],
                "position": params["position"],
            }
        ]
    return [
        {"text": t.text, "start": t.start, "end": t.end, "position": t.position}
        for t in parsed.tokens_for(problem.field)
    ]


def _line_errors(parsed, problems) -> list[dict]:
    return [
        error_entry(problem.field, problem.text(gettext), _problem_tokens(parsed, problem))
        for problem in problems
    ]


def _mirror(text: str, tokens: list[dict]) -> list[dict]:
    """The typed line cut into plain and token pieces, for the server-rendered mirror."""
    pieces, at = [], 0
    for token in tokens:
        if token["start"] > at:
            pieces.append({"text": text[at : token["start"]], "token": False, "bad": False})
        pieces.append({"text": token["text"], "token": True, "bad": token["bad"]})
        at = token["end"]
    if at < len(text):
        pieces.append({"text": text[at:], "token": False, "bad": False})
    return pieces


@dataclass
class LineResult:
    """A typed line read, checked against the next deal and (if asked) saved."""

    text: str
    parsed: object
    problems: list
    status: int = 200
    preview: dict | None = None
    game: Game | None = None


def _read_line(access: Access, text: str, *, save: bool, number=None) -> LineResult:
    """``number`` is the game the page showed as next: a line typed for game 12 must not
    become game 13 because another device entered game 12 meanwhile."""
    text = text[:200]
    scheme = access.table.series.tournament.scheme
    parsed = parse_game_line(text, scheme)
    result = LineResult(text, parsed, list(parsed.problems))
    if result.problems:
        result.status = 400
        return result
    try:
        ensure_may_enter(access)
        if save:
            # Saved as typed, checked and valued once by the entry; the answer shows the
            # stored game as the preview showed it.
            data = {**parsed.data, **({"number": number} if number else {})}
            result.game = access.enter(data)
            result.preview = preview_display(saved_preview(access.table, result.game))
        else:
            result.preview = preview_display(
                preview_game(access.table, parsed.data, kept_list=access.kept_list)
            )
    except (Rejected, ListLocked) as error:
        result.problems, result.status = problems_and_status(error)
    return result


def _line_payload(result: LineResult) -> dict:
    tokens = _line_tokens(result.parsed, result.problems)
    payload = {
        "ok": not result.problems,
        "line": result.text,
        "tokens": tokens,
        "errors": _line_errors(result.parsed, result.problems),
    }
    if not result.problems:
        payload["canonical"] = format_game_line(result.parsed.data)
        payload["preview"] = result.preview
    return payload


def _keyboard_page(request, access, *, line="", result=None, status=200):
    context = page_context(request, access)
    context.update(
        {
            "mode": "keyboard",
            "line": line,
            "result": _line_payload(result) if result else None,
            "mirror": _mirror(result.text, _line_tokens(result.parsed, result.problems))
            if result
            else [],
            "help": help_rows(),
            "examples": example_rows(),
        }
    )
    return render(request, "table/keyboard.html", context, status=status)


def help_rows():
    return [(example, gettext(meaning)) for example, meaning in NOTATION_HELP]


def example_rows():
    return [(example, gettext(meaning)) for example, meaning in NOTATION_EXAMPLES]


def fragments(request, access: Access) -> dict:
    """The parts of the page a save or an undo changes, rendered again for the script."""
    context = page_context(request, access)
    context["mode"] = "keyboard"
    return {
        "html": {
            "status": render_to_string("table/_status.html", context, request),
            "list": render_to_string("table/_list.html", context, request),
            "undo": render_to_string("table/_undo.html", context, request),
        },
        "next_number": context["next_game"]["number"] if context["next_game"] else None,
        "complete": context["next_game"] is None,
    }


@table_entry_view(refused_to="web:table-keyboard")
def keyboard_page(request, access):
    """``/tisch/<id>/tastatur/``: one line of notation per game; Enter saves it."""
    if request.method != "POST":
        return _keyboard_page(request, access, line=request.GET.get("zeile", "")[:200])
    result = _read_line(
        access,
        request.POST.get("line", ""),
        save=True,
        number=whole_number(request.POST.get("number", "")),
    )
    if wants_json(request):
        payload = _line_payload(result)
        if result.game is not None:
            payload["saved"] = result.game.number
            payload["message"] = saved_message(result.game)
            payload |= fragments(request, access)
        return JsonResponse(payload, status=result.status if result.problems else 201)
    if result.game is None:
        return _keyboard_page(
            request, access, line=result.text, result=result, status=result.status
        )
    messages.success(request, saved_message(result.game))
    return redirect("web:table-keyboard", access.table.pk)


@table_entry_view(methods=["POST"])
def notation_preview(request, access):
    """``/tisch/<id>/notation/preview/``: the parsed line, its value and the new totals.

    200 with ``ok`` false and ``errors`` (each with the tokens it names) for a wrong line.
    """
    result = _read_line(access, request.POST.get("line", ""), save=False)
    return JsonResponse(_line_payload(result))


@require_safe
def notation_help(request):
    """``/tisch/notation/``: the notation of the keyboard entry (docs/notation.md)."""
    return render(request, "table/notation.html", {"help": help_rows(), "examples": example_rows()})
