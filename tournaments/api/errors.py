"""One error format for the whole API: ``{"errors": [{"field", "code", "message"}], "detail"}``.

Rules-engine and service refusals, DRF validation errors, malformed JSON, protected
deletions, changes to a locked list and database conflicts all end up in this shape, with
a 4xx status and never a 500, so a table tablet can show the message next to the field.
Django's own error answers under ``/api/`` — 400, 403, 404, 413 (a body over the limit)
and 500 — use it too (``handler400`` … ``handler500`` in ``skatverein/urls.py``).
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.db import IntegrityError
from django.db.models import ProtectedError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext, gettext_noop
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from tournaments.models import ListLocked
from tournaments.services.errors import Rejected
from tournaments.skat import GameInvalid, Problem


def problems_response(problems, status_code=status.HTTP_400_BAD_REQUEST) -> Response:
    errors = [problem.as_dict(gettext) for problem in problems]
    detail = " ".join(error["message"] for error in errors)
    return Response({"errors": errors, "detail": detail}, status=status_code)


def api_exception_handler(exc, context):
    if isinstance(exc, Rejected):
        code = status.HTTP_409_CONFLICT if exc.conflict else status.HTTP_400_BAD_REQUEST
        code = status.HTTP_404_NOT_FOUND if exc.missing else code
        code = status.HTTP_403_FORBIDDEN if exc.forbidden else code
        return problems_response(exc.problems, code)
    if isinstance(exc, GameInvalid):
        return problems_response(exc.problems)
    if isinstance(exc, ListLocked):
        return problems_response([exc.problem], status.HTTP_409_CONFLICT)
    if isinstance(exc, ProtectedError):
        return problems_response([_protected()], status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):
        return problems_response([_integrity()], status.HTTP_409_CONFLICT)
    if isinstance(exc, exceptions.ValidationError):
        return problems_response(list(_flatten(exc.detail)))
    if isinstance(exc, exceptions.ParseError):
        return problems_response([_malformed()])
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return problems_response([_unsupported(context)], status.HTTP_415_UNSUPPORTED_MEDIA_TYPE)
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException | Http404):
        code = (
            getattr(exc, "default_code", "error") if not isinstance(exc, Http404) else "not_found"
        )
        message = str(response.data.get("detail", "")) if isinstance(response.data, dict) else ""
        response.data = {
            "errors": [{"field": "", "code": code, "message": message}],
            "detail": message,
        }
    return response


def _api_error(status_code: int, field: str, code: str, message: str) -> JsonResponse:
    return JsonResponse(
        {"errors": [{"field": field, "code": code, "message": message}], "detail": message},
        status=status_code,
    )


def bad_request(request, exception):
    """Django's 400 (``handler400``): under ``/api/`` in the API's error format.

    A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (or with too many fields) is refused by
    Django before any view runs; the API answers it 413, naming the limit.
    """
    if not request.path.startswith("/api/"):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig | TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = gettext(
            "The request body is too large: at most %(kilobytes)d KB, please (files are sent "
            "to the import as multipart/form-data)."
        ) % {"kilobytes": limit // 1024}
        return _api_error(status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, "body", "too_large", message)
    return _api_error(
        status.HTTP_400_BAD_REQUEST, "", "bad_request", gettext("The request is malformed.")
    )


def permission_denied(request, exception):
    """Django's 403 (``handler403``): under ``/api/`` in the API's error format."""
    if not request.path.startswith("/api/"):
        return defaults.permission_denied(request, exception)
    message = str(exceptions.PermissionDenied.default_detail)
    return _api_error(status.HTTP_403_FORBIDDEN, "", "permission_denied", message)


def server_error(request):
    """Django's 500 (``handler500``): under ``/api/`` in the API's error format.

    Never expected — every refusal is a 4xx — but a client that meets one still reads
    JSON it can show, and the error is logged with its traceback as usual.
    """
    if not request.path.startswith("/api/"):
        return defaults.server_error(request)
    message = gettext(
        "Something went wrong on the server; nothing was saved by this request. Please try "
        "again, and tell the tournament director if it happens again."
    )
    return _api_error(status.HTTP_500_INTERNAL_SERVER_ERROR, "", "server_error", message)


def page_not_found(request, exception):
    """Django's 404 (``handler404``): the API's error format for a path under ``/api/``.

    A path no URL pattern matches (``/api/v1/clubs/abc/``: ids are numbers) never reaches
    a DRF view; an API client still gets JSON it can read, not the site's HTML page.
    """
    if not request.path.startswith("/api/"):
        return defaults.page_not_found(request, exception)
    message = str(exceptions.NotFound.default_detail)
    return _api_error(status.HTTP_404_NOT_FOUND, "path", "not_found", message)


def _flatten(detail, field=""):
    """DRF's nested error dicts/lists as flat problems named by their (dotted) field path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = key if key != "non_field_errors" else ""
            yield from _flatten(value, f"{field}.{name}".strip(".") if field else name)
    elif isinstance(detail, list):
        for item in detail:
            yield from _flatten(item, field)
    else:
        yield _Message(field, getattr(detail, "code", "invalid"), str(detail))


class _Message(Problem):
    """An already translated DRF message: translating it again must not change it."""

    def text(self, translate=None) -> str:
        return self.message


def _protected() -> Problem:
    return Problem(
        "",
        "still_in_use",
        gettext_noop(
            "This entry is still used elsewhere (for example a player with tournament "
            "results) and cannot be deleted."
        ),
    )


def _integrity() -> Problem:
    return Problem(
        "",
        "conflict",
        gettext_noop(
            "This change conflicts with data already stored (a duplicate or a broken link); "
            "nothing was saved."
        ),
    )


def _malformed() -> Problem:
    return Problem(
        "body",
        "malformed_json",
        gettext_noop("The request body is not valid JSON; send a JSON object."),
    )


def _unsupported(context) -> Problem:
    """A body of a type the operation does not read: name the header and what to send."""
    request = context.get("request")
    accepted = [parser.media_type for parser in getattr(request, "parsers", None) or ()]
    return Problem(
        "Content-Type",
        "unsupported_media_type",
        gettext_noop("The body of this request must be sent as %(types)s (header Content-Type)."),
        {"types": " or ".join(f'"{media_type}"' for media_type in accepted)},
    )
