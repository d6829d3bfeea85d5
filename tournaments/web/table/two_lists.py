"""The two lists of a table on the table pages (doppelte Listenführung, docs/rules.md 4.1).

Both devices show every open difference at the top of the entry page, both versions side
by side in the players' words ("Liste A: Kreuz mit 2 gewonnen, +36 — Liste B: Kreuz mit 2
verloren, −72"), with one button that takes the other list's version into the device's
own list (``/tisch/<id>/unterschied/<n>/uebernehmen/``, an audited correction). The
director's table page shows the same and settles (``web/director/differences.py``).
"""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext

from tournaments.services import table_access
from tournaments.services.errors import Rejected
from tournaments.services.lists import comparing, settling
from tournaments.services.lists.comparing import FIELD_WORDS
from tournaments.services.lists.game_form import whole_number
from tournaments.skat.comparison import court_ruling
from tournaments.web.table.access import ensure_may_write, table_entry_view
from tournaments.web.table.display import describe_entry, signed


def version_words(version: dict, names: dict[int, str]) -> str:
    """One list's version of a game as players say it: "Öztürk: Kreuz mit 2, gewonnen, +36"
    (``names`` by seat number)."""
    if not version or version.get("passed"):
        return gettext("passed in")
    won = version.get("result_won", version.get("won"))
    outcome = gettext("won") if won else gettext("lost")
    words = f"{describe_entry(version)}, {outcome}, {signed(version.get('score') or 0)}"
    seat = version.get("declarer_seat")
    name = names.get(seat) or gettext("seat %(seat)s") % {"seat": seat}
    return f"{name}: {words}"


def difference_display(difference, names: dict[int, str], kept_list="") -> dict:
    """A difference for the pages: both versions in words, which fields, which is whose."""
    a = version_words(difference.a, names)
    b = version_words(difference.b, names)
    result = version_words(difference.result, names) if difference.result else ""
    return {
        "number": difference.number,
        "a": a,
        "b": b,
        "mine": a if kept_list == table_access.LIST_A else b,
        "theirs": b if kept_list == table_access.LIST_A else a,
        "other_list": table_access.LIST_B if kept_list == table_access.LIST_A else "A",
        "fields": ", ".join(gettext(FIELD_WORDS.get(name, name)) for name in difference.fields),
        "revision": difference.revision,
        "is_open": difference.is_open,
        "settled_how": difference.get_settled_how_display() if difference.settled_how else "",
        "reason": difference.reason,
        "result": result,
        "ruling_key": court_ruling(difference.a, difference.b) if difference.is_open else "",
    }


def seat_names(seats) -> dict[int, str]:
    """Seat number → the name(s) on it, for the words of a version."""
    names: dict[int, list[str]] = {}
    for seat in seats:
        names.setdefault(seat.number, []).append(seat.name)
    return {number: " / ".join(found) for number, found in names.items()}


def differences_context(table, seats, kept_list="") -> dict:
    """The open differences of ``table`` for its pages; empty where one list is kept."""
    if not table.series.tournament.two_lists:
        return {"two_lists": False, "differences": []}
    names = seat_names(seats)
    found = comparing.differences_of(table)
    return {
        "two_lists": True,
        "kept_list": kept_list,
        "differences": [difference_display(d, names, kept_list) for d in found if d.is_open],
        "settled_differences": [
            difference_display(d, names, kept_list) for d in found if not d.is_open
        ],
    }


@table_entry_view(methods=["POST"])
def take_other_version(request, access, number):
    """``/tisch/<id>/unterschied/<n>/uebernehmen/``: this device's list takes the other
    list's version of game ``n`` (the revision the page showed, so a version changed
    meanwhile is not taken unseen)."""
    try:
        ensure_may_write(access)
        difference = settling.take_other(
            access.table,
            number,
            access.kept_list,
            revision=whole_number(request.POST.get("revision", "")),
            user=access.user if access.director else None,
            actor=access.actor(),
        )
    except Rejected as refused:
        messages.error(request, " ".join(p.text(gettext) for p in refused.problems))
        return redirect("web:table", access.table.pk)
    other = table_access.LIST_B if access.kept_list == table_access.LIST_A else "A"
    if difference.settled_how in ("took_a", "took_b"):
        text = gettext(
            "Game %(number)d now says what list %(other)s says: the two lists agree."
        ) % {"number": number, "other": other}
    else:
        text = gettext("The lists already agree in game %(number)d.") % {"number": number}
    messages.success(request, text)
    return redirect("web:table", access.table.pk)
