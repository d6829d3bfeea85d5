"""One table's list on the director pages: its state, its code, end early, close, reopen."""

from types import SimpleNamespace

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import (
    AuditEntry,
    Signature,
    Table,
)
from tournaments.services import audit, roles, states, table_access
from tournaments.services.errors import Rejected
from tournaments.services.lists.overview import table_overviews
from tournaments.services.sealing import list_sealing, signing
from tournaments.web import forms
from tournaments.web.director.auth import director_required
from tournaments.web.director.differences import two_lists_context
from tournaments.web.director.qr import qr_svg
from tournaments.web.director.table_changes import changes_context
from tournaments.web.director.table_games import table_games_context
from tournaments.web.table.access import table_code_url

AUDIT_ENTRIES = 20  # changes with a reason shown on a table's page

# The director's state changes of a list: the action of ``states.apply``, which is also the
# prefix of its reason form on the table's page, and the message once it is done.
STATE_CHANGES = {
    "end": gettext_noop("The list of table %(table)d has been ended; the players can sign it now."),
    "close": gettext_noop("The list of table %(table)d is locked."),
    "reopen": gettext_noop("The list of table %(table)d is open again for corrections."),
}


def table_rows(tables) -> list[dict]:
    """Per table: the overview of the list plus what the director has to act on."""
    signed = dict(
        Signature.objects.filter(table__in=[table.id for table in tables])
        .values("table")
        .annotate(count=Count("id"))
        .values_list("table", "count")
        .order_by()
    )
    rows = []
    for table, overview in zip(tables, table_overviews(tables), strict=True):
        entered, planned = overview["games_entered"], overview["games_planned"]
        complete = list_sealing.list_complete(table, entered, planned)
        ended = table.ended_early_at is not None
        missing = 0 if complete or ended else max(planned - entered, 0)
        signers = {seat["participant"] for seat in overview["seats"]}
        rows.append(
            {
                **overview,
                "table": table,
                "status_label": table.get_status_display(),
                "signers": len(signers),
                "summary": table.entry_mode == Table.EntryMode.SUMMARY,
                "ended_early": ended,
                "missing": missing,
                "is_open": table.is_open,
                "signatures": signed.get(table.id, 0),
                "awaiting_signatures": list_sealing.ready_to_sign(table, entered, planned),
                "code": table_access.format_code(table.access_code) if table.access_code else "",
                "open_differences": overview.get("lists", {}).get("open_differences", []),
            }
        )
    return rows


@director_required
@require_http_methods(["GET", "HEAD"])
def table_detail(request, table_id):
    table = _table(table_id)
    return _table_page(request, table)


def table_with_parents(table_id) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament__club"), pk=table_id)


_table = table_with_parents


def render_table_page(request, table, *, extra=None, status=200):
    """The table page with ``extra`` context (the summary and seat-change forms as typed)."""
    return _table_page(request, table, extra=extra, status=status)


def _table_page(request, table, *, refused_form=None, extra=None, status=200):
    """``refused_form``: the reason form of a state change just refused, with its errors;
    ``extra``: the context of the summary and seat-change forms (web/director/table_changes)."""
    row = table_rows([table])[0]
    earlier_end = _earlier_end_reason(table)
    context = {
        "tournament": table.series.tournament,
        "series": table.series,
        "table": table,
        "row": row,
        "signers": signing.signers(table),
        "earlier_end": earlier_end,
        "audit": [
            {
                "created_at": entry.created_at,
                "actor": entry.actor,
                "action": audit.action_label(entry.action),
                "reason": audit.reason_text(entry.reason),
            }
            for entry in AuditEntry.objects.filter(table=table)
            .exclude(reason="")
            .order_by("-created_at", "-id")[:AUDIT_ENTRIES]
        ],
        "state_changes": state_changes(request.user, table, row, earlier_end, refused_form),
        **_code_context(request, table),
        **two_lists_context(request, table, _seats_of(row)),
        **table_games_context(table),
        **(extra if extra is not None else changes_context(table)),
    }
    return render(request, "director/table.html", context, status=status)


def _seats_of(row) -> list[SimpleNamespace]:
    """The seats of a table's overview as the differences name them (number, name)."""
    return [SimpleNamespace(number=seat["seat"], name=seat["name"]) for seat in row["seats"]]


def state_changes(user, table, row, earlier_end: str, refused_form=None) -> list[dict]:
    """The director's steps on the list that ``states.possible`` offers now, each as the
    reason form the page shows (``director/_state_change.html``).

    Ending is offered while games are missing (a complete list is signed as it is), and a
    list of a finished series is reopened after the series (the page says so instead). A
    form just refused is shown again with its errors whatever the list's state is now.
    """
    offered = [
        action
        for action in states.possible(table, roles.roles_of(user, table))
        if action in STATE_CHANGES and (action != "end" or row["missing"])
    ]
    refused = refused_form.prefix if refused_form is not None else None
    if refused is not None and refused not in offered:
        offered.append(refused)
    changes = []
    for action in sorted(offered, key=list(STATE_CHANGES).index):
        if action == refused:
            form = refused_form
        elif action == "end" and earlier_end:
            form = forms.ReasonForm(prefix="end", initial={"reason": earlier_end})
        else:
            form = forms.ReasonForm(prefix=action)
        change = _state_change(table, action, row, earlier_end)
        if action == "reopen" and not change["take_back"] and action != refused:
            form = forms.ReopenForm(prefix=action)
        if action == "reopen" and not change["take_back"]:
            if table.series.status == table.series.Status.FINISHED:
                change["blocked"] = gettext(
                    "Series %(number)s is finished. To correct this list, reopen the series "
                    "first (on its page, with a reason)."
                ) % {"number": table.series.number}
        changes.append({**change, "action": action, "form": form})
    return changes


def _state_change(table, action: str, row: dict, earlier_end: str) -> dict:
    """The words of one step's form: its notes, the button, whether it is the main step."""
    url = reverse(f"web:director-table-{action}", args=[table.id])
    if action == "end":
        missing = row["missing"]
        notes = [_note(gettext(END_AGAIN), "end-again-note", "note")] if earlier_end else []
        missing_text = ngettext(
            "%(count)s game is still missing. If play stops here (e.g. time is up), end the "
            "list so the players can sign it as it is.",
            "%(count)s games are still missing. If play stops here (e.g. time is up), end the "
            "list so the players can sign it as it is.",
            missing,
        )
        notes.append(_note(missing_text % {"count": missing}))
        return _change(url, notes, gettext("End the list now"))
    if action == "close":
        notes = [_note(gettext(CLOSE_NOTE))]
        return _change(url, notes, gettext("Close the list"), primary=True)
    if row["is_open"]:  # reopening an open list takes its early end back
        notes = [_note(gettext(TAKE_BACK_NOTE))]
        change = _change(url, notes, gettext("Take back the early end"), testid="take-back-end")
        return {**change, "take_back": True}
    notes = [_note(gettext(REOPEN_NOTE))]
    if table.ended_early_at:
        notes.append(_note(gettext(REOPEN_ENDED_NOTE), "reopen-ended-note"))
    return _change(url, notes, gettext("Reopen the list"), primary=True)


def _change(url, notes, button, *, primary=False, testid="") -> dict:
    return {
        "url": url,
        "notes": notes,
        "button": button,
        "primary": primary,
        "testid": testid,
        "take_back": False,
        "blocked": "",
    }


def _note(text: str, testid: str = "", css: str = "") -> dict:
    return {"text": text, "testid": testid, "css": css}


# The words of the state changes' forms (director/_state_change.html).
END_AGAIN = gettext_noop(
    "This list had been ended early and was reopened for a correction. Once the games are "
    "right, end it again (the reason given the first time is filled in); then the players "
    "sign again."
)
CLOSE_NOTE = gettext_noop(
    "Lock the list although signatures are missing; the reason is kept with the list."
)
TAKE_BACK_NOTE = gettext_noop(
    "The list was ended early. Take the early end back if play goes on; signatures given "
    "so far are removed and the reason is kept in the audit trail."
)
REOPEN_NOTE = gettext_noop(
    "Reopen the list to correct it. Its seal is removed until the list is confirmed again; "
    "the reason is kept in the audit trail."
)
REOPEN_ENDED_NOTE = gettext_noop(
    "This list was ended early. Reopening it also takes the early end back, so every game "
    "can be corrected at once. After the correction, end the list again (the reason is "
    "filled in) and the players sign again."
)


def _earlier_end_reason(table) -> str:
    """The reason of an early end that reopening took back, to end the list again with it.

    Reopening a signed list that had been ended early takes the early end back (one step
    for a correction, services/sealing/closing.py); once the list is corrected the director
    ends it again, and the form offers the reason given the first time.
    """
    if not table.is_open or table.ended_early_at is not None:
        return ""
    entry = (
        AuditEntry.objects.filter(table=table, action__in=["list_ended_early", "list_reopened"])
        .order_by("-created_at", "-id")
        .first()
    )
    if entry is None or entry.action != "list_reopened" or not entry.before:
        return ""
    return entry.before.get("ended_reason") or ""


def _code_context(request, table) -> dict:
    """The table code as players read it, the link its QR code opens, and the QR code;
    ``code_usable``: whether a (new) code could still open the list."""
    try:
        table_access.ensure_code_usable(table)
    except Rejected:
        usable = False
    else:
        usable = True
    link = table_code_url(table, request)
    if link is None:
        return {"code": "", "code_link": "", "qr_svg": "", "code_usable": usable}
    return {
        "code": table_access.format_code(table.access_code),
        "code_link": link,
        "qr_svg": qr_svg(link),
        "code_usable": usable,
    }


@director_required
@require_POST
def table_code(request, table_id):
    """Issue a new table code (the old one stops working at once)."""
    table = _table(table_id)
    with forms.problems_as_messages(request):
        code = table_access.issue_code(table, request.user)
        messages.success(
            request,
            gettext("Table %(table)d has the new code %(code)s.")
            % {"table": table.number, "code": table_access.format_code(code)},
        )
    return redirect("web:director-table", table.id)


def _change_state(request, table_id, action, form_class=forms.ReasonForm):
    """Apply ``action`` with the reason given; a refusal shows the form again with it."""
    table = _table(table_id)
    form = form_class(request.POST, prefix=action)
    if form.is_valid():
        try:
            states.apply(table, action, request.user, form.cleaned_data["reason"])
        except Rejected as rejected:
            forms.add_problems(form, rejected)
        else:
            messages.success(request, gettext(STATE_CHANGES[action]) % {"table": table.number})
            table.refresh_from_db(fields=["access_code", "status"])
            if form.cleaned_data.get("new_code") and table.access_code is None:
                _issue_new_codes(request, table)
            return redirect("web:director-table", table.id)
    return _table_page(request, table, refused_form=form)


def _issue_new_codes(request, table) -> None:
    """After a reopen withdrew the table's codes: new ones, named in a message, so the
    list can be corrected at the table at once (list B's too where two lists are kept)."""
    kept = [table_access.LIST_A]
    if table.series.tournament.two_lists:
        kept.append(table_access.LIST_B)
    with forms.problems_as_messages(request):
        for kept_list in kept:
            code = table_access.issue_code(table, request.user, kept_list=kept_list)
            words = (
                gettext("Table %(table)d has the new code %(code)s.")
                if kept_list == table_access.LIST_A
                else gettext("Table %(table)d has the new code %(code)s for list B.")
            )
            named = {"table": table.number, "code": table_access.format_code(code)}
            messages.success(request, words % named)


@director_required
@require_POST
def table_end(request, table_id):
    """End a list early (e.g. time is up), so the players sign it with the games entered."""
    return _change_state(request, table_id, "end")


@director_required
@require_POST
def table_close(request, table_id):
    """Lock a list that lacks signatures, with the reason the audit trail keeps."""
    return _change_state(request, table_id, "close")


@director_required
@require_POST
def table_reopen(request, table_id):
    """Reopen a signed or locked list for a correction; the seal and the table codes are
    cleared, and new codes issued in the same step if the director ticks it."""
    return _change_state(request, table_id, "reopen", forms.ReopenForm)
