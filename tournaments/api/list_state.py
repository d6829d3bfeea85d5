"""The list's state in the answer of a table device's save, undo and correction.

A device that asks with ``?state=1`` gets, beside the usual answer, ``state``: the list's
state document (``services/lists/table_device.list_state``) as it is after the request —
the next game, its dealer and who sits out, every player's total, the seats and the open
two-list differences — and applies it at once instead of loading the page again
(docs/table-device.md). A refused game (409: the list moved on) also gets ``stored``,
the server's version of the game under that number, so the device can show both side by
side. Outside :func:`idempotent` on purpose: a replayed answer carries the state of now.
A new game on list A brings its state along (:func:`with_state_after_entry`), made in the
entry's transaction from the seats and the number the entry read under the table's lock,
so a save does not read them twice.
"""

import functools

from django.http import Http404
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.response import Response

from tournaments.models import ListLocked
from tournaments.services.errors import Rejected
from tournaments.services.lists.table_device import list_state, state_after_entry
from tournaments.skat import GameInvalid

from .table_code import table_code_list

ASKED = "state"
# The state an action made in its own transaction (with_state_after_entry), kept on its
# answer beside the data, so that the idempotency key stores the game without it.
_CARRIED = "carried_list_state"


def carries_list_state(action, stored_game=None):
    """Add the list's state to the answers of ``action`` when the client asks for it.

    ``stored_game(table, number, kept_list)``: the server's game ``number`` as the API
    answers it (for the 409 of a save), or raises Http404.
    """

    @functools.wraps(action)
    def wrapper(view, request, *args, **kwargs):
        asked = request.method != "GET" and request.query_params.get(ASKED) == "1"
        if not asked:
            return action(view, request, *args, **kwargs)
        try:
            response = action(view, request, *args, **kwargs)
        except (Rejected, ListLocked, GameInvalid, APIException) as error:
            response = view.handle_exception(error)
        if response.status_code not in (200, 201, 204, 400, 409):
            return response
        table = view.get_object()
        kept_list = table_code_list(request)
        data = dict(response.data) if isinstance(response.data, dict) else {}
        carried = getattr(response, _CARRIED, None)
        data["state"] = carried if carried is not None else list_state(table, kept_list)
        number = request.data.get("number") if isinstance(request.data, dict) else None
        if response.status_code == 409 and stored_game and isinstance(number, int):
            try:
                data["stored"] = stored_game(table, number, kept_list)
            except Http404:
                pass
        code = status.HTTP_200_OK if response.status_code == 204 else response.status_code
        answer = Response(data, status=code)
        for header in ("Idempotent-Replayed", "Retry-After"):
            if response.has_header(header):
                answer[header] = response[header]
        return answer

    return wrapper


def with_state_after_entry(response: Response, request, game) -> Response:
    """``response`` to the entry of ``game`` on either list, carrying the list's state read in
    the entry's transaction from what the entry read already (the seats, the number), when
    the client asks for it: a save reads the seats and its number once, not twice."""
    if request.query_params.get(ASKED) == "1":
        setattr(response, _CARRIED, state_after_entry(game))
    return response
