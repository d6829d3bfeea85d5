"""Changes to a table on the director's table page: a paper list's summary, and seat changes.

The same services as ``PUT tables/{id}/summary/`` and ``tables/{id}/leave|join|replace/``
(services/lists/summary.py, services/seating.py) do the work and refuse with the same words; this
module reads the forms (numbers through services/input.py), shows the 30/40 credits of a
summary before it is saved, and tells the director the rules of each change (docs/rules.md
3) right next to its form.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_POST

from tournaments.models import Participant, Seat, Table
from tournaments.services import replacement_undo, seating
from tournaments.services.errors import Rejected
from tournaments.services.input import whole_number
from tournaments.services.lists import summary
from tournaments.services.lists.listkeeping import MAX_GAME_NUMBER
from tournaments.skat import Problem
from tournaments.skat.explanation import MINUS
from tournaments.skat.rounds import game_count
from tournaments.web.director.auth import director_required

MAX_ID = 2**63 - 1
MAX_GAME_POINTS = 99_999
MAX_GAMES = 999
SUMMARY_FIELDS = ("game_points", "won", "lost")


def changes_context(table: Table, *, posted=None, errors=None, preview=None) -> dict:
    """What the table page needs for its summary and seat-change forms.

    ``posted`` keeps what the director typed into the form ``errors`` belong to: a
    mapping form name → {field: [messages]} (``""`` for the form as a whole).
    """
    seats = list(table.seats.select_related("participant__player").order_by("number", "from_game"))
    rounds = seating.table_rounds(table, seats)
    entered = table.games.order_by("-number").values_list("number", flat=True).first() or 0
    summary_possible = (
        table.is_open
        and table.entry_mode != Table.EntryMode.GAMES
        and all(seat.from_game == 1 and seat.until_game is None for seat in seats)
    )
    seat_changes_possible = (
        table.is_open
        and table.ended_early_at is None
        and table.entry_mode != Table.EntryMode.SUMMARY
    )
    present = [seat for seat in seats if seat.until_game is None]
    return {
        "change_seats": [
            {"number": seat.number, "name": seat.participant.player.full_name} for seat in present
        ],
        "summary_possible": summary_possible,
        "summary_rows": _summary_rows(table, present, posted),
        "summary_preview": _preview_rows(preview, present),
        "seat_changes_possible": seat_changes_possible,
        "round_ends": ", ".join(str(r.last_game) for r in rounds),
        "round_starts": ", ".join(str(r.first_game) for r in rounds),
        "games_entered": entered,
        "games_planned": game_count(rounds),
        "table_size": len(present),
        "newcomers": _newcomers(table),
        "replacements": _replacements(seats),
        "typed": _typed(posted, entered),
        "change_errors": errors or {},
    }


def _replacements(seats) -> list[dict]:
    """The replacements the director can undo: the latest change of their seat."""
    rows = []
    for seat in seats:
        replaced = next(
            (s for s in seats if s.number == seat.number and s.until_game == seat.from_game - 1),
            None,
        )
        later = any(s.number == seat.number and s.from_game > seat.from_game for s in seats)
        if replaced is not None and not later:
            rows.append(
                {
                    "id": seat.pk,
                    "seat": seat.number,
                    "name": seat.participant.player.full_name,
                    "replaced": replaced.participant.player.full_name,
                    "from_game": seat.from_game,
                }
            )
    return rows


def _typed(posted, entered: int) -> dict:
    """The seat-change fields as typed, or their defaults: after the last game entered."""
    posted = posted or {}
    return {
        "seat": posted.get("seat", ""),
        "participant": posted.get("participant", ""),
        "after_game": posted.get("after_game", str(entered) if entered else ""),
        "from_game": posted.get("from_game", str(entered + 1)),
    }


def _summary_rows(table: Table, present, posted) -> list[dict]:
    stored = {entry.seat: entry for entry in table.summary_entries.all()}
    rows = []
    for seat in present:
        entry = stored.get(seat.number)
        values = {
            field: (posted or {}).get(f"seat-{seat.number}-{field}", "")
            if posted is not None
            else ("" if entry is None else str(getattr(entry, field)))
            for field in SUMMARY_FIELDS
        }
        rows.append(
            {"seat": seat.number, "name": seat.participant.player.full_name, "values": values}
        )
    return rows


def _preview_rows(entries, present) -> list[dict] | None:
    """The summary as saving would store it, with the ±50 and the computed 30/40 apart."""
    if entries is None:
        return None
    names = {seat.number: seat.participant.player.full_name for seat in present}
    return [
        {
            "seat": entry.seat,
            "name": names.get(entry.seat, ""),
            "game_points": entry.game_points,
            "won": entry.won,
            "lost": entry.lost,
            "bonus": entry.total - entry.game_points - entry.credits,
            "credits": entry.credits,
            "total": entry.total,
        }
        for entry in entries
    ]


def _newcomers(table: Table) -> list[Participant]:
    """Who can join or replace: registered, not withdrawn, at no table of this series."""
    seated = Seat.objects.filter(series_id=table.series_id).values("participant_id")
    return list(
        Participant.objects.filter(tournament_id=table.series.tournament_id, withdrawn=False)
        .exclude(pk__in=seated)
        .select_related("player")
        .order_by("player__sort_name", "start_number")
    )


# --- The forms ---------------------------------------------------------------------------


def _numbers(post, fields: dict[str, tuple[int, int]]) -> dict[str, int]:
    """The form's whole numbers (services/input.py), every problem at once."""
    values, problems = {}, []
    for field, (low, high) in fields.items():
        try:
            values[field] = whole_number(post.get(field, ""), field=field, low=low, high=high)
        except Rejected as rejected:
            problems += rejected.problems
    if problems:
        raise Rejected(problems)
    return values


def _signed(value: str, field: str) -> int:
    """Game points of a paper list may be negative: "-120" or "−120"."""
    text = (value or "").strip()
    negative = text[:1] in ("-", MINUS)
    number = whole_number(text[1:] if negative else text, field=field, low=0, high=MAX_GAME_POINTS)
    return -number if negative else number


def summary_rows_of(table: Table, post) -> list[dict]:
    """The summary rows typed in the form, as ``PUT tables/{id}/summary/`` takes them."""
    rows, problems = [], []
    for seat in table.seats.filter(until_game__isnull=True).order_by("number"):
        prefix = f"seat-{seat.number}"
        try:
            rows.append(
                {
                    "seat": seat.number,
                    "game_points": _signed(post.get(f"{prefix}-game_points"), prefix),
                    "won": whole_number(
                        post.get(f"{prefix}-won", ""), field=prefix, low=0, high=MAX_GAMES
                    ),
                    "lost": whole_number(
                        post.get(f"{prefix}-lost", ""), field=prefix, low=0, high=MAX_GAMES
                    ),
                }
            )
        except Rejected as rejected:
            problems += [Problem(prefix, p.code, p.message, p.params) for p in rejected.problems]
    if problems:
        raise Rejected(problems)
    return rows


def _refused(request, table, form: str, rejected: Rejected):
    """The table page again with the form as typed and the service's words at its fields."""
    from tournaments.web.director.tables import render_table_page

    errors: dict[str, list[str]] = {}
    for problem in rejected.problems:
        errors.setdefault(problem.field or "", []).append(problem.text(gettext))
    context = changes_context(table, posted=request.POST, errors={form: errors})
    return render_table_page(request, table, extra=context, status=400)


def _done(request, table, message: str):
    messages.success(request, message)
    return redirect("web:director-table", table.id)


def _table(table_id) -> Table:
    from tournaments.web.director.tables import table_with_parents

    return table_with_parents(table_id)


@director_required
@require_POST
def table_summary(request, table_id):
    """A paper list's summary: "preview" shows the 30/40 credits and totals, "save" keeps it."""
    from tournaments.web.director.tables import render_table_page

    table = _table(table_id)
    try:
        rows = summary_rows_of(table, request.POST)
        if request.POST.get("action") != "save":
            entries = summary.summary_entries(table, rows)
            context = changes_context(table, posted=request.POST, preview=entries)
            return render_table_page(request, table, extra=context)
        summary.save_summary(table, rows, user=request.user)
    except Rejected as rejected:
        return _refused(request, table, "summary", rejected)
    return _done(
        request,
        table,
        gettext("The summary of table %(table)d has been saved.") % {"table": table.number},
    )


SEAT = (1, 4)
GAME = (1, MAX_GAME_NUMBER)
PARTICIPANT = (1, MAX_ID)


def _leave(table, *, seat, after_game, user):
    return seating.leave_table(table, seat, after_game, user=user)


def _join(table, *, participant, from_game, user):
    return seating.join_table(table, participant, from_game, user=user)


def _replace(table, *, seat, participant, from_game, user):
    return seating.replace_player(table, seat, participant, from_game, user=user)


@dataclass(frozen=True)
class SeatChange:
    """One seat-change form of the table page: the numbers it reads (name → range), the
    seating service that makes the change, and the words that say it was done."""

    fields: dict[str, tuple[int, int]]
    change: Callable[..., Seat]
    done: str


SEAT_CHANGES = {
    # A player leaves after the last game of a round (docs/rules.md 3).
    "leave": SeatChange(
        {"seat": SEAT, "after_game": GAME},
        _leave,
        gettext_noop("The player on seat %(seat)d leaves after game %(game)d."),
    ),
    # A newcomer joins a 3-table at the start of a round and takes the last seat.
    "join": SeatChange(
        {"participant": PARTICIPANT, "from_game": GAME},
        _join,
        gettext_noop("%(name)s plays on seat %(seat)d from game %(game)d."),
    ),
    # A replacement takes over a seat from a game on; he does not inherit its points.
    "replace": SeatChange(
        {"seat": SEAT, "participant": PARTICIPANT, "from_game": GAME},
        _replace,
        gettext_noop("%(name)s takes over seat %(seat)d from game %(game)d."),
    ),
}


@director_required
@require_POST
def table_seat_change(request, table_id, form: str):
    """The seat change ``form`` of :data:`SEAT_CHANGES` (the URL names it): read its numbers,
    make the change with the seating service, and say it was done (with the seat's name,
    number and game)."""
    table = _table(table_id)
    seat_change = SEAT_CHANGES[form]
    try:
        numbers = _numbers(request.POST, seat_change.fields)
        seat = seat_change.change(table, **numbers, user=request.user)
    except Rejected as rejected:
        return _refused(request, table, form, rejected)
    names = {
        "name": seat.participant.player.full_name,
        "seat": seat.number,
        "game": seat.until_game if form == "leave" else seat.from_game,
    }
    return _done(request, table, gettext(seat_change.done) % names)


@director_required
@require_POST
def table_replacement_undo(request, table_id, seat_id):
    """Undo the replacement on the seat row ``seat_id``, with the reason typed."""
    table = _table(table_id)
    try:
        seat = replacement_undo.undo_replacement(
            table, seat_id, request.POST.get("reason", ""), user=request.user
        )
    except Rejected as rejected:
        return _refused(request, table, "undo", rejected)
    return _done(
        request,
        table,
        gettext("The replacement is undone: %(name)s plays seat %(seat)d again.")
        % {"name": seat.participant.player.full_name, "seat": seat.number},
    )
