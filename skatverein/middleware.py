"""Refuse requests carrying NUL bytes before anything looks them up in the database.

PostgreSQL cannot hold a NUL character in a text value, and psycopg raises on any query
that contains one — a search box, a filter, a session cookie, a user name from an HTTP
Basic authentication header would each turn into a 500. No honest client sends a NUL
byte, so a request with one in its path, query string, headers, Basic credentials or
form fields is answered 400 here, naming where it was, and logged as suspicious.

JSON bodies are checked by the API's parser (``tournaments.api.parsers``), which can name
the field; file uploads (multipart) are left to the forms and serializers, which refuse
NUL in their text fields, since files legitimately contain NUL bytes.
"""

import base64
import binascii
import logging

from django.core.exceptions import SuspiciousOperation
from django.http import JsonResponse
from django.utils.translation import gettext

logger = logging.getLogger("django.security.NulCharacter")

NUL = "\x00"
FORM = "application/x-www-form-urlencoded"


class NulCharacter(SuspiciousOperation):
    """A request with a NUL byte; Django answers a SuspiciousOperation with 400."""

    def __init__(self, where: str):
        super().__init__(f"NUL character in {where}")
        self.where = where


class RefuseNulCharactersMiddleware:
    """Answer 400 to a request with a NUL byte anywhere but in an uploaded file.

    Put it first, before the session and authentication middleware read cookies and
    headers. API requests get the API's error format; pages get the 400 page.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = nul_character_in(request)
        if where is None:
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            logger.warning("NUL character in %s of %s", where, request.path_info.replace(NUL, ""))
            return _api_refusal(where)
        raise NulCharacter(where)


def nul_character_in(request) -> str | None:
    """Where ``request`` carries a NUL character (a parameter's or header's name), or None."""
    if NUL in request.path or NUL in request.path_info:
        return "path"
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in value for value in values):
            return _printable(name)
    for key, value in request.META.items():
        if isinstance(value, str) and NUL in value and _is_header(key):
            return _header_name(key)
    if _basic_credentials_have_nul(request.META.get("HTTP_AUTHORIZATION", "")):
        return "Authorization"
    if request.method == "POST" and request.content_type == FORM:
        for name, values in request.POST.lists():
            if NUL in name or any(NUL in value for value in values):
                return _printable(name)
    return None


def _is_header(key: str) -> bool:
    return key.startswith("HTTP_") or key in {"CONTENT_TYPE", "CONTENT_LENGTH"}


def _header_name(key: str) -> str:
    """``HTTP_X_TABLE_CODE`` → ``X-Table-Code``, as clients write the header."""
    name = key.removeprefix("HTTP_")
    return "-".join(part.capitalize() for part in name.split("_"))


def _printable(name: str) -> str:
    return name.replace(NUL, "\\u0000")


def _basic_credentials_have_nul(header: str) -> bool:
    """Whether an ``Authorization: Basic`` header decodes to a user or password with NUL.

    The header itself is base64, so the byte only shows after decoding; malformed headers
    are left to the authentication classes, which refuse them with 401.
    """
    scheme, _, encoded = header.partition(" ")
    if scheme.lower() != "basic" or not encoded:
        return False
    try:
        return b"\x00" in base64.b64decode(encoded.strip(), validate=True)
    except (binascii.Error, ValueError):
        return False


def _api_refusal(where: str) -> JsonResponse:
    message = gettext(
        "%(field)s contains a NUL character (\\u0000), which cannot be stored; remove it."
    ) % {"field": where}
    return JsonResponse(
        {
            "errors": [{"field": where, "code": "nul_character", "message": message}],
            "detail": message,
        },
        status=400,
    )
