"""The players confirm the list at ``/tisch/<id>/unterschreiben/``.

Each player checks their totals and confirms with a drawn signature or the PIN of their start
card. (The PDF's digital PAdES signature is a different thing: ``tournaments.exports``.)
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from tournaments.models import ListLocked, Table
from tournaments.services.errors import Rejected
from tournaments.services.lists.game_form import number_or_text
from tournaments.services.sealing import signing
from tournaments.web.table.access import (
    ensure_may_write,
    problems_and_status,
    table_entry_view,
)
from tournaments.web.table.display import plain, signed
from tournaments.web.table.page_context import page_context


def _signers(overview: dict) -> list[dict]:
    """One entry per player who sat at the table: their totals and their signature."""
    by_participant = {row["participant"]: row for row in overview["signatures"]}
    people, seen = [], set()
    for line in overview["settlement"]:
        if line["participant"] in seen:
            continue
        seen.add(line["participant"])
        signature = by_participant.get(line["participant"], {})
        people.append(
            {
                **line,
                "key": f"{line['seat']}-{line['participant']}",
                "total_display": plain(line["total"]),
                "signed": bool(signature.get("signed")),
                "method": signature.get("method"),
                "figures": [
                    (gettext("Game points"), plain(line["game_points"])),
                    (gettext("Games won"), plain(line["won"])),
                    (gettext("Games lost"), plain(line["lost"])),
                    (gettext("± 50 per game won or lost"), signed(line["bonus_won_lost"])),
                    (
                        gettext("30/40 for the opponents' lost games"),
                        signed(line["bonus_opponents_lost"]),
                    ),
                ],
            }
        )
    return people


def _sign_page(request, access, *, errors=None, status=200):
    context = page_context(request, access)
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


@table_entry_view(refused_to="web:table-sign")
def sign_page(request, access):
    """``/tisch/<id>/unterschreiben/``: every player checks their totals and signs.

    Each player signs with a drawn signature (PNG from the signature pad, needs
    JavaScript) or with the PIN of their start card (plain form, keyboard friendly).
    """
    if request.method != "POST":
        return _sign_page(request, access)
    seat = number_or_text(request.POST.get("seat", ""))
    participant = number_or_text(request.POST.get("participant", ""))
    key = f"{seat}-{participant}"
    method = request.POST.get("method")
    pin = request.POST.get("pin", "").strip() if method == "pin" else None
    image = request.POST.get("image", "") if method == "image" else None
    try:
        ensure_may_write(access)
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
        access.apply(
            "sign",
            seat=seat,
            participant=participant if isinstance(participant, int) else None,
            pin=pin,
            image=image,
            # The table device's pad always sends its strokes: a page without them is no pad.
            strokes=request.POST.get("strokes", "") if method == "image" else None,
        )
    except signing.TooManyAttempts as blocked:
        errors = {key: {p.field: p.text(gettext) for p in blocked.problems}}
        response = _sign_page(request, access, errors=errors, status=429)
        response["Retry-After"] = str(blocked.retry_after)
        return response
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        slots: dict[str, str] = {}
        for problem in problems:
            field = problem.field if problem.field in ("pin", "image", "strokes") else "form"
            field = "image" if field == "strokes" else field
            slots[field] = (slots.get(field, "") + " " + problem.text(gettext)).strip()
        return _sign_page(request, access, errors={key: slots}, status=status)
    access.table.refresh_from_db()
    if table_is_signed(access.table):
        messages.success(request, gettext("Everybody has signed: the list is complete."))
    else:
        messages.success(request, gettext("Thank you, the signature has been saved."))
    return redirect(reverse("web:table-sign", args=[access.table.pk]) + "#signers")
