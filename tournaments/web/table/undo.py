"""Taking back the last game at ``/tisch/<id>/rueckgaengig/`` (GET asks first, POST deletes)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from tournaments.models import ListLocked
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping, second_list
from tournaments.services.lists.game_form import whole_number
from tournaments.skat.notation import format_game_line
from tournaments.web.table.access import (
    ensure_may_enter,
    error_entry,
    problems_and_status,
    table_entry_view,
    wants_json,
)
from tournaments.web.table.keyboard import fragments
from tournaments.web.table.page_context import page_context


def _back(request) -> str:
    """The entry page the undo was opened from, where it returns."""
    return "web:table-keyboard" if request.GET.get("from") == "keyboard" else "web:table"


@table_entry_view(refused_to=_back)
def undo(request, access):
    """``/tisch/<id>/rueckgaengig/``: delete the last game (GET asks first, POST deletes)."""
    back = _back(request)
    if request.method != "POST":
        context = page_context(request, access)
        context["back"] = back
        return render(request, "table/undo.html", context)
    number = request.POST.get("number", "")
    try:
        ensure_may_enter(access)
        on_list = second_list.second_game_on_list if access.second else listkeeping.game_on_list
        game = on_list(access.table, whole_number(number), as_typed=number[:9])
        line = format_game_line(game.inputs())
        delete = second_list.delete_second_game if access.second else listkeeping.delete_game
        delete(access.table, game.number, user=access.user, actor=access.actor(), reason="undo")
    except (Rejected, ListLocked) as error:
        problems, status = problems_and_status(error)
        text = " ".join(p.text(gettext) for p in problems)
        if wants_json(request):
            return JsonResponse(
                {"ok": False, "errors": [error_entry("number", text)]}, status=status
            )
        messages.error(request, text)
        return redirect(back, access.table.pk)
    message = gettext("Game %(number)d has been deleted.") % {"number": game.number}
    if wants_json(request):
        return JsonResponse(
            {"ok": True, "deleted": game.number, "line": line, "message": message}
            | fragments(request, access)
        )
    messages.success(request, message)
    target = reverse(back, args=[access.table.pk])
    if back == "web:table-keyboard":
        target += "?" + urlencode({"zeile": line})
    return redirect(target)
