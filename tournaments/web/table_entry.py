"""The list keeper's screens at ``/tisch/``: table codes, touch and keyboard entry, sign-off.

Who may use them: a tournament director (staff user) for every table, or a device that
opened one table with its code (``services.table_access``); the device's session keeps a
fingerprint of the code per table, so a re-issued code locks the old devices out.

Every page is a plain HTML form that works without JavaScript (the server renders errors
next to the control, with everything chosen kept); ``static/js/entry.js`` only makes the
preview instant and, on the keyboard page, saves without reloading. Numbers come from the
services: the value from the rules engine, the running totals from the stored list
points (``services.running_list``). The running list is shown newest game first, so the
last entry sits right under the form.
"""

from dataclasses import dataclass
from functools import cached_property, wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.models import Game, ListLocked, Table
from tournaments.services import listkeeping, signing, table_access
from tournaments.services.errors import Rejected
from tournaments.services.roles import is_director
from tournaments.services.running_list import preview_game, running_list
from tournaments.services.tables import table_overview
from tournaments.skat import NULL_VALUES, POSSIBLE_GAME_VALUES, GameType, Problem
from tournaments.skat.explanation import MINUS
from tournaments.skat.games import MAX_MATADORS
from tournaments.skat.notation import NOTATION, format_game_line, parse_game_line
from tournaments.web.calculator import RED_SUITS, SUIT_SYMBOLS

SESSION_KEY = "table_access"
GAME_ORDER = (
    GameType.CLUBS,
    GameType.SPADES,
    GameType.HEARTS,
    GameType.DIAMONDS,
    GameType.GRAND,
    GameType.NULL,
)
ANNOUNCEMENTS = (
    ("hand", gettext_noop("Hand")),
    ("schneider_announced", gettext_noop("Schneider announced")),
    ("schwarz_announced", gettext_noop("Schwarz announced")),
    ("ouvert", gettext_noop("Ouvert")),
)
RESULT_LEVELS = (
    ("schneider", gettext_noop("Schneider")),
    ("schwarz", gettext_noop("Schwarz")),
)
CHECKBOXES = tuple(name for name, _label in ANNOUNCEMENTS + RESULT_LEVELS) + ("conceded",)
# Where a problem of a game field is shown on the touch form.
TOUCH_SLOTS = {
    "declarer_seat": "declarer",
    "passed": "declarer",
    "with_matadors": "matadors",
    **{name: name for name in ("game", "matadors", "won", "bid", *CHECKBOXES)},
}
# Tokens of the notation for the help box: (example, meaning). A test parses every example.
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


# --- Access ------------------------------------------------------------------------------


def client_address(request) -> str:
    """The address wrong codes are counted for (the proxy's, unless it passes the client's)."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def table_code_url(table: Table, request) -> str | None:
    """The absolute link a QR code on the table plan points to, or None without a code."""
    if not table.access_code:
        return None
    return request.build_absolute_uri(reverse("web:table-code", args=[table.access_code]))


@dataclass(frozen=True)
class Access:
    """Who is at the table page: a director, or a device holding the table's code."""

    table: Table
    director: bool
    user: object = None

    @cached_property
    def may_edit(self) -> bool:
        return self.table.is_open and (self.director or _code_still_usable(self.table))

    def actor(self) -> str:
        return "" if self.director else table_access.device_actor(self.table)


def _code_still_usable(table: Table) -> bool:
    try:
        table_access.ensure_code_usable(table)
    except Rejected:
        return False
    return True


def _grant(request, table: Table) -> None:
    grants = dict(request.session.get(SESSION_KEY) or {})
    grants[str(table.pk)] = table_access.grant_tag(table)
    request.session[SESSION_KEY] = grants
    request.session.cycle_key()


def _access(request, pk) -> Access:
    table = get_object_or_404(Table.objects.select_related("series__tournament"), pk=pk)
    if is_director(request.user):
        return Access(table, director=True, user=request.user)
    grants = request.session.get(SESSION_KEY) or {}
    tag = grants.get(str(table.pk)) if isinstance(grants, dict) else None
    if tag and table_access.tag_matches(table, tag):
        return Access(table, director=False, user=request.user)
    raise PermissionDenied


def _ensure_may_write(access: Access) -> None:
    if not access.director:
        table_access.ensure_code_usable(access.table)


def _ensure_may_enter(access: Access) -> None:
    """Games are entered and undone until the list is complete or the director ended it."""
    _ensure_may_write(access)
    if access.table.ended_early_at is not None:
        raise Rejected.because(
            "table",
            "list_ended_early",
            gettext_noop(
                "The tournament director ended the list of table %(table)d early; it is signed "
                "as it is. Ask the director if a game is missing."
            ),
            conflict=True,
            table=access.table.number,
        )


def _denied(request):
    """A device without the table's code: the code form, with a 403."""
    return _code_page(
        request,
        status=403,
        errors=[gettext("This table's list needs its table code. Type it in or scan the QR code.")],
    )


def table_view(view):
    """Resolve the table and the access for ``view(request, access)``; 403 without it."""

    @wraps(view)
    def wrapped(request, pk):
        try:
            access = _access(request, pk)
        except PermissionDenied:
            return _denied(request)
        return view(request, access)

    return wrapped


# --- Table code --------------------------------------------------------------------------


def _code_page(request, *, status=200, errors=(), code="", retry_after=0):
    response = render(
        request,
        "table/code.html",
        {"errors": list(errors), "code": code[:40]},
        status=status,
    )
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def _open_with_code(request, code):
    try:
        table = table_access.table_for_code(code, client_address(request))
    except table_access.TooManyAttempts as blocked:
        return _code_page(
            request,
            status=429,
            errors=[p.text(gettext) for p in blocked.problems],
            code=code,
            retry_after=blocked.retry_after,
        )
    except Rejected as rejected:
        return _code_page(
            request,
            status=_status(rejected),
            errors=[p.text(gettext) for p in rejected.problems],
            code=code,
        )
    _grant(request, table)
    return redirect("web:table", table.pk)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def code_form(request):
    """``/tisch/``: type the table code; it opens that one table's list on this device."""
    if request.method == "POST":
        return _open_with_code(request, request.POST.get("code", ""))
    return _code_page(request)


@never_cache
@require_safe
def code_link(request, code):
    """``/tisch/code/<code>/``: the link of the QR code on the table plan."""
    return _open_with_code(request, code)


# --- Touch entry -------------------------------------------------------------------------


def touch_data(post) -> dict:
    """The API's game fields from the touch form; bad values are left for the services to name."""
    declarer = post.get("declarer", "")
    data: dict = {}
    number = _whole(post.get("number", ""))
    if number is not None:
        data["number"] = number
    if declarer == "passed":
        data["passed"] = True
        return data
    if declarer:
        data["declarer_seat"] = _number(declarer)
    game = post.get("game", "")
    if game:
        data["game"] = game
    # Ticked boxes only: a box the page showed as implied (Hand in an ouvert game) may
    # come disabled and unsent, and "not given" lets the rules engine imply it.
    for name in ("hand", "ouvert", "schneider_announced", "schwarz_announced", "conceded"):
        if name in post:
            data[name] = True
    for name in ("schneider", "schwarz"):
        if name in post:
            data[name] = True
        elif game != GameType.NULL.value:
            data[name] = False
    if post.get("bid", ""):
        data["bid"] = _number(post["bid"])
    if post.get("won") in ("true", "false"):
        data["won"] = post["won"] == "true"
    if _needs_matadors(game, data) and post.get("matadors", ""):
        data["matadors"] = _number(post["matadors"])
        data["with_matadors"] = post.get("with_matadors", "true") != "false"
    return data


def _whole(text: str) -> int | None:
    """``text`` as a whole number of at most 9 ASCII digits, else None."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _number(text: str):
    """A whole number, or the text as typed so the rules engine can say what is wrong."""
    number = _whole(text)
    return text.strip()[:20] if number is None else number


def _needs_matadors(game: str, data: dict) -> bool:
    """Null needs matadors only when the bid was above its value (ISkO 3.6.2)."""
    if game != GameType.NULL.value:
        return True
    bid = data.get("bid")
    value = NULL_VALUES[(bool(data.get("ouvert")), bool(data.get("hand")))]
    return isinstance(bid, int) and bid > value


def _status(rejected: Rejected) -> int:
    return 404 if rejected.missing else 409 if rejected.conflict else 400


def _problems(error) -> tuple[list[Problem], int]:
    if isinstance(error, ListLocked):
        return [error.problem], 409
    return list(error.problems), _status(error)


def _touch_errors(problems) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        slot = TOUCH_SLOTS.get(problem.field, "form")
        errors.setdefault(slot, []).append(problem.text(gettext))
    return errors


def _touch_state(post=None) -> dict:
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


@dataclass(frozen=True)
class SeatView:
    """A seat of the table overview, with the one question the pages ask of it."""

    number: int
    participant_id: int
    name: str
    from_game: int
    until_game: int | None

    def covers(self, game_number: int) -> bool:
        return self.from_game <= game_number and (
            self.until_game is None or game_number <= self.until_game
        )


def _page_context(request, access: Access) -> dict:
    """Header, seats with totals, the next deal and the running list, in constant queries."""
    table = access.table
    overview = table_overview(table)
    seats = [
        SeatView(s["seat"], s["participant"], s["name"], s["from_game"], s["until_game"])
        for s in overview["seats"]
    ]
    rows = running_list(table, {seat.participant_id: seat.name for seat in seats})
    ended_early = table.ended_early_at is not None
    next_game = overview["next_game"]
    if table.entry_mode == Table.EntryMode.SUMMARY or ended_early:
        next_game = None
    number = next_game["number"] if next_game else (rows[-1].game.number + 1 if rows else 1)
    present = [s for s in seats if s.covers(number)] if next_game else []
    totals = rows[-1].totals if rows else {}
    current = {seat.number: _current_total(rows, seat) for seat in seats}
    dealer = next_game["dealer_seat"] if next_game else None
    four = bool(next_game) and next_game["table_size"] == 4
    try:
        director_url = reverse("web:director-table", args=[table.pk]) if access.director else ""
    except NoReverseMatch:
        director_url = ""
    return {
        "director_url": director_url,
        "table": table,
        "series": table.series,
        "tournament": table.series.tournament,
        "access": access,
        "editable": access.may_edit and next_game is not None,
        "ended_early": ended_early,
        "may_edit": access.may_edit,
        "next_game": next_game,
        "dealer_name": _name_on(present, dealer),
        "seat_columns": _seat_columns(seats),
        "present": [
            {
                "seat": seat.number,
                "name": seat.name,
                "total": current.get(seat.number, 0),
                "total_display": _plain(current.get(seat.number, 0)),
                "is_dealer": seat.number == dealer,
                "sits_out": four and seat.number == dealer,
            }
            for seat in present
        ],
        "rows": [_row_display(row, seats) for row in reversed(rows)],
        "last_game": rows[-1].game if rows else None,
        "totals": totals,
        "games_entered": overview["games_entered"],
        "games_planned": overview["games_planned"],
        "settlement": [
            {**line, "total_display": _plain(line["total"])} for line in overview["settlement"]
        ],
        "overview": overview,
    }


def _current_total(rows, seat) -> int:
    for row in reversed(rows):
        if seat.covers(row.game.number) and seat.number in row.totals:
            return row.totals[seat.number]
    return 0


def _name_on(seats, number) -> str:
    return next((s.name for s in seats if s.number == number), "")


def _seat_columns(seats) -> list[dict]:
    columns: dict[int, list[str]] = {}
    for seat in seats:
        columns.setdefault(seat.number, []).append(seat.name)
    return [{"seat": number, "names": " / ".join(names)} for number, names in columns.items()]


def _plain(number: int) -> str:
    """1.234 / −56 with grouping of the language and a real minus sign, as on printed lists."""
    sign = MINUS if number < 0 else ""
    return sign + number_format(abs(number), force_grouping=True)


def _signed(number: int) -> str:
    """+48 / −96: a list score always shows its sign."""
    return ("+" if number > 0 else "") + _plain(number)


def describe_game(game: Game) -> str:
    """The game in the words of a paper list: "Kreuz mit 2, Hand, Schneider"."""
    if game.passed:
        return gettext("passed in")
    parts = [gettext(GameType(game.game).label)]
    if game.matadors is not None and game.game != GameType.NULL.value:
        template = gettext("with %(n)d") if game.with_matadors else gettext("without %(n)d")
        parts[0] += " " + template % {"n": game.matadors}
    for name, label in ANNOUNCEMENTS:
        if getattr(game, name):
            parts.append(gettext(label))
    for name, label in RESULT_LEVELS:
        if getattr(game, name):
            parts.append(gettext(label))
    if game.bid:
        parts.append(gettext("bid %(bid)d") % {"bid": game.bid})
    if game.conceded:
        parts.append(gettext("conceded"))
    return ", ".join(parts)


def _row_display(row, seats) -> dict:
    game = row.game
    return {
        "number": game.number,
        "dealer_seat": game.dealer_seat,
        "passed": game.passed,
        "declarer_seat": game.declarer_seat,
        "declarer_name": row.declarer_name,
        "description": describe_game(game),
        "line": format_game_line(listkeeping.game_inputs(game)),
        "won": game.won,
        "overbid": game.overbid,
        "value": game.game_value,
        "score": _signed(game.score) if not game.passed else "",
        "totals": [
            _plain(row.totals[column]) if column in row.totals else ""
            for column in _column_numbers(seats)
        ],
    }


def _column_numbers(seats) -> list[int]:
    return sorted({seat.number for seat in seats})


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


def _touch_page(request, access, *, state=None, errors=None, preview=None, status=200):
    state = state or _touch_state()
    errors = errors or {}
    context = _page_context(request, access)
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


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@table_view
def table_page(request, access):
    """``/tisch/<id>/``: the touch entry; POST saves the game (or previews it, ``action``)."""
    if request.method != "POST":
        return _touch_page(request, access)
    if not access.may_edit:
        return _read_only_refusal(request, access)
    data = touch_data(request.POST)
    state = _touch_state(request.POST)
    try:
        _ensure_may_enter(access)
        if request.POST.get("action") == "preview":
            preview = preview_game(access.table, data)
            return _touch_page(request, access, state=state, preview=_preview_display(preview))
        game = listkeeping.enter_game(access.table, data, user=access.user, actor=access.actor())
    except (Rejected, ListLocked) as error:
        problems, status = _problems(error)
        return _touch_page(
            request, access, state=state, errors=_touch_errors(problems), status=status
        )
    messages.success(request, _saved_message(game))
    return redirect(reverse("web:table", args=[access.table.pk]) + "#entry")


def _read_only_refusal(request, access, target="web:table"):
    message = gettext("This list can no longer be changed here.")
    try:
        table_access.ensure_code_usable(access.table)
    except Rejected as rejected:
        message = " ".join(p.text(gettext) for p in rejected.problems)
    if _wants_json(request):
        return JsonResponse({"ok": False, "errors": [_error("table", message)]}, status=409)
    messages.error(request, message)
    return redirect(target, access.table.pk)


def _saved_message(game: Game) -> str:
    if game.passed:
        return gettext("Game %(number)d saved: passed in.") % {"number": game.number}
    return gettext("Game %(number)d saved: %(score)s.") % {
        "number": game.number,
        "score": _signed(game.score),
    }


def _preview_display(preview) -> dict:
    evaluation = preview.evaluation
    data = {
        "ok": True,
        "summary": _preview_summary(preview),
        "number": preview.number,
        "dealer_seat": preview.dealer_seat,
        "passed": preview.passed,
        "declarer_seat": preview.declarer_seat,
        "points": {str(seat): value for seat, value in preview.points.items()},
        "totals": {str(seat): value for seat, value in preview.totals.items()},
        "points_display": {str(s): _signed(v) for s, v in preview.points.items()},
        "totals_display": {str(s): _plain(v) for s, v in preview.totals.items()},
    }
    if evaluation is not None:
        data.update(
            {
                "game_value": evaluation.game_value,
                "score": evaluation.score,
                "score_display": _signed(evaluation.score),
                "won": evaluation.won,
                "overbid": evaluation.overbid,
                "explanation": evaluation.explain(gettext),
            }
        )
    return data


def _preview_summary(preview) -> str:
    """One sentence for the keyboard page: "Game 5: seat 2, Kreuz with 2, Hand – won, +48"."""
    if preview.passed:
        return gettext("Game %(number)d: passed in") % {"number": preview.number}
    evaluation = preview.evaluation
    outcome = (
        gettext("overbid – lost")
        if evaluation.overbid
        else gettext("won")
        if evaluation.won
        else gettext("lost")
    )
    return gettext(
        "Game %(number)d: seat %(seat)d, %(game)s – %(outcome)s, value %(value)d, %(score)s"
    ) % {
        "number": preview.number,
        "seat": preview.declarer_seat,
        "game": describe_game(preview.game),
        "outcome": outcome,
        "value": evaluation.game_value,
        "score": _signed(evaluation.score),
    }


def _error(field: str, message: str, tokens=()) -> dict:
    return {"field": field, "message": message, "tokens": list(tokens)}


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@never_cache
@require_POST
@table_view
def touch_preview(request, access):
    """``/tisch/<id>/vorschau/``: value and new running totals of the touch form, as JSON.

    A preview answers 200 also when the game has problems (``ok`` false, ``errors``): the
    question was asked correctly, and the log stays free of a warning per tap.
    """
    if not access.may_edit:
        return _read_only_refusal(request, access)
    try:
        _ensure_may_enter(access)
        preview = preview_game(access.table, touch_data(request.POST))
    except (Rejected, ListLocked) as error:
        problems, status = _problems(error)
        errors = [_error(TOUCH_SLOTS.get(p.field, "form"), p.text(gettext)) for p in problems]
        return JsonResponse({"ok": False, "status": status, "errors": errors})
    return JsonResponse(_preview_display(preview))


# --- Undo --------------------------------------------------------------------------------


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@table_view
def undo(request, access):
    """``/tisch/<id>/rueckgaengig/``: delete the last game (GET asks first, POST deletes)."""
    back = "web:table-keyboard" if request.GET.get("from") == "keyboard" else "web:table"
    if request.method != "POST":
        context = _page_context(request, access)
        context["back"] = back
        return render(request, "table/undo.html", context)
    if not access.may_edit:
        return _read_only_refusal(request, access, target=back)
    number = request.POST.get("number", "")
    try:
        _ensure_may_enter(access)
        whole = _whole(number)
        game = access.table.games.filter(number=whole).first() if whole is not None else None
        if game is None:
            raise Rejected.because(
                "number",
                "no_such_game",
                gettext_noop("Game %(number)s is not on this list."),
                missing=True,
                number=number[:9],
            )
        line = format_game_line(listkeeping.game_inputs(game))
        listkeeping.delete_game(
            access.table, game.number, user=access.user, actor=access.actor(), reason="undo"
        )
    except (Rejected, ListLocked) as error:
        problems, status = _problems(error)
        text = " ".join(p.text(gettext) for p in problems)
        if _wants_json(request):
            return JsonResponse({"ok": False, "errors": [_error("number", text)]}, status=status)
        messages.error(request, text)
        return redirect(back, access.table.pk)
    message = gettext("Game %(number)d has been deleted.") % {"number": game.number}
    if _wants_json(request):
        return JsonResponse(
            {"ok": True, "deleted": game.number, "line": line, "message": message}
            | _fragments(request, access)
        )
    messages.success(request, message)
    target = reverse(back, args=[access.table.pk])
    if back == "web:table-keyboard":
        target += "?" + urlencode({"zeile": line})
    return redirect(target)


# --- Keyboard entry ----------------------------------------------------------------------


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
        _error(problem.field, problem.text(gettext), _problem_tokens(parsed, problem))
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
        _ensure_may_enter(access)
        preview = preview_game(access.table, parsed.data)
        result.preview = _preview_display(preview)
        if save:
            result.game = listkeeping.enter_game(
                access.table,
                {**parsed.data, "number": number or preview.number},
                user=access.user,
                actor=access.actor(),
            )
    except (Rejected, ListLocked) as error:
        result.problems, result.status = _problems(error)
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
    context = _page_context(request, access)
    context.update(
        {
            "mode": "keyboard",
            "line": line,
            "result": _line_payload(result) if result else None,
            "mirror": _mirror(result.text, _line_tokens(result.parsed, result.problems))
            if result
            else [],
            "help": _help_rows(),
            "examples": _example_rows(),
        }
    )
    return render(request, "table/keyboard.html", context, status=status)


def _help_rows():
    return [(example, gettext(meaning)) for example, meaning in NOTATION_HELP]


def _example_rows():
    return [(example, gettext(meaning)) for example, meaning in NOTATION_EXAMPLES]


def _fragments(request, access: Access) -> dict:
    """The parts of the page a save or an undo changes, rendered again for the script."""
    context = _page_context(request, access)
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


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@table_view
def keyboard_page(request, access):
    """``/tisch/<id>/tastatur/``: one line of notation per game; Enter saves it."""
    if request.method != "POST":
        return _keyboard_page(request, access, line=request.GET.get("zeile", "")[:200])
    if not access.may_edit:
        return _read_only_refusal(request, access, target="web:table-keyboard")
    result = _read_line(
        access,
        request.POST.get("line", ""),
        save=True,
        number=_whole(request.POST.get("number", "")),
    )
    if _wants_json(request):
        payload = _line_payload(result)
        if result.game is not None:
            payload["saved"] = result.game.number
            payload["message"] = _saved_message(result.game)
            payload |= _fragments(request, access)
        return JsonResponse(payload, status=result.status if result.problems else 201)
    if result.game is None:
        return _keyboard_page(
            request, access, line=result.text, result=result, status=result.status
        )
    messages.success(request, _saved_message(result.game))
    return redirect("web:table-keyboard", access.table.pk)


@never_cache
@require_POST
@table_view
def notation_preview(request, access):
    """``/tisch/<id>/notation/preview/``: the parsed line, its value and the new totals.

    200 with ``ok`` false and ``errors`` (each with the tokens it names) for a wrong line.
    """
    if not access.may_edit:
        return _read_only_refusal(request, access)
    result = _read_line(access, request.POST.get("line", ""), save=False)
    return JsonResponse(_line_payload(result))


@require_safe
def notation_help(request):
    """``/tisch/notation/``: the notation of the keyboard entry (docs/notation.md)."""
    return render(
        request, "table/notation.html", {"help": _help_rows(), "examples": _example_rows()}
    )


# --- Sign-off ----------------------------------------------------------------------------


def _signers(overview: dict) -> list[dict]:
    """One entry per player who sat at the table: their totals and their signature."""
    signed = {row["participant"]: row for row in overview["signatures"]}
    people, seen = [], set()
    for line in overview["settlement"]:
        if line["participant"] in seen:
            continue
        seen.add(line["participant"])
        signature = signed.get(line["participant"], {})
        people.append(
            {
                **line,
                "key": f"{line['seat']}-{line['participant']}",
                "total_display": _plain(line["total"]),
                "signed": bool(signature.get("signed")),
                "method": signature.get("method"),
                "figures": [
                    (gettext("Game points"), _plain(line["game_points"])),
                    (gettext("Games won"), _plain(line["won"])),
                    (gettext("Games lost"), _plain(line["lost"])),
                    (gettext("± 50 per game won or lost"), _signed(line["bonus_won_lost"])),
                    (
                        gettext("30/40 for the opponents' lost games"),
                        _signed(line["bonus_opponents_lost"]),
                    ),
                ],
            }
        )
    return people


def _sign_page(request, access, *, errors=None, status=200):
    context = _page_context(request, access)
    overview = context["overview"]
    errors = errors or {}
    signers = _signers(overview)
    for person in signers:
        person["errors"] = errors.get(person["key"], {})
    context.update(
        {
            "mode": "sign",
            "signers": signers,
            "ready_to_sign": overview["ready_to_sign"] and access.may_edit,
            "all_signed": table_is_signed(access.table),
            "seal": overview["seal"],
            "general_errors": errors.get("", {}),
        }
    )
    return render(request, "table/sign.html", context, status=status)


def table_is_signed(table: Table) -> bool:
    return table.status == Table.Status.SIGNED


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@table_view
def sign_page(request, access):
    """``/tisch/<id>/unterschreiben/``: every player checks their totals and signs.

    Each player signs with a drawn signature (PNG from the signature pad, needs
    JavaScript) or with the PIN of their start card (plain form, keyboard friendly).
    """
    if request.method != "POST":
        return _sign_page(request, access)
    if not access.may_edit:
        return _read_only_refusal(request, access, target="web:table-sign")
    seat = _number(request.POST.get("seat", ""))
    participant = _number(request.POST.get("participant", ""))
    key = f"{seat}-{participant}"
    method = request.POST.get("method")
    pin = request.POST.get("pin", "").strip() if method == "pin" else None
    image = request.POST.get("image", "") if method == "image" else None
    try:
        _ensure_may_write(access)
        if method == "image" and not image:
            raise Rejected.because(
                "image",
                "signature_missing",
                gettext_noop("Sign in the field with a finger or the mouse first, or use the PIN."),
            )
        if method == "pin" and not pin:
            raise Rejected.because(
                "pin",
                "pin_missing",
                gettext_noop("Enter the four-digit PIN from your start card."),
            )
        signing.sign_list(
            access.table,
            seat,
            participant=participant if isinstance(participant, int) else None,
            pin=pin,
            image=image,
            user=access.user,
            actor=access.actor(),
        )
    except signing.TooManyAttempts as blocked:
        errors = {key: {p.field: p.text(gettext) for p in blocked.problems}}
        response = _sign_page(request, access, errors=errors, status=429)
        response["Retry-After"] = str(blocked.retry_after)
        return response
    except (Rejected, ListLocked) as error:
        problems, status = _problems(error)
        slots: dict[str, str] = {}
        for problem in problems:
            field = problem.field if problem.field in ("pin", "image") else "form"
            slots[field] = (slots.get(field, "") + " " + problem.text(gettext)).strip()
        return _sign_page(request, access, errors={key: slots}, status=status)
    access.table.refresh_from_db()
    if table_is_signed(access.table):
        messages.success(request, gettext("Everybody has signed: the list is complete."))
    else:
        messages.success(request, gettext("Thank you, the signature has been saved."))
    return redirect(reverse("web:table-sign", args=[access.table.pk]) + "#signers")
