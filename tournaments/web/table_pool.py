"""The table pool: server workers that answer the table devices and nothing else.

The hall server (``manage.py hall``) runs two gunicorn pools of the same application: the
hall pool for logins, the director, rankings and phones, at a lower CPU priority, and the
table pool for the table devices (``SKATVEREIN_POOL=tables``, gunicorn.conf.py). On the
table pool :class:`TablePoolOnly` lets through only what a table device asks for:

- its pages under ``/tisch/`` (the code form, the code link of the QR code, the entry,
  keyboard, undo, correction and signing pages, the service worker);
- the API calls it makes with its table code: a table's games, signatures and taking the
  other list's version of a game (``/api/v1/tables/<id>/…``);
- static files, the favicon, the language switch and the health check.

Everything else — the login, the director's pages, the admin, rankings — is not served
here: before Django builds a request, a page opened with GET is sent on to the same page
at the hall's main address, and anything else is refused with a short German page (or the
API's JSON error) naming that address. So a flood of logins cannot move to the tables'
workers, and what runs on them is what the tables need.

A table's own pages and API calls are served only to a request that carries a table code
(``table_pool_codes.admission``): a page the device's session, an API call the table's
code in ``X-Table-Code``. Without it the request is refused with 403 before Django
builds it — no session, no list, no count of wrong codes is read — so unauthenticated
reads flooding from one phone cost the devices' workers next to nothing. An API call let
in by its code alone runs through a shorter middleware stack (``table_api_handler.py``).
"""

import functools
import html
import json
import re

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from skatverein import early_refusal

from .table_api_handler import TableApiHandler
from .table_pool_codes import BY_CODE, admission

TABLE_POOL = "tables"
_TABLE_PATHS = re.compile(
    r"/(?:"
    r"tisch(?:/.*)?"  # the device's pages and its service worker
    r"|api/v1/tables/[0-9]+/(?:games/(?:[0-9]+/)?|signatures/|differences/[0-9]+/take/)"
    r"|healthz|favicon\.ico|i18n/setlang/"
    r")\Z",
    re.DOTALL,
)
# A table's own pages and API calls: only with a code (the code form, the code link, the
# notation help and the service worker are open to every device).
_NEEDS_CODE = re.compile(r"/(?:tisch/[0-9]+/|api/v1/tables/)")
STATUS = "421 Misdirected Request"
NO_CODE_STATUS = "403 Forbidden"
# Answered before the security middleware runs: the same protections by hand.
_HEADERS = [
    ("Content-Security-Policy", "default-src 'none'; style-src 'self'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Cache-Control", "no-store"),
]


def is_table_path(path: str) -> bool:
    """Whether the table pool serves ``path`` (a request's ``PATH_INFO``)."""
    return path.startswith(settings.STATIC_URL) or _TABLE_PATHS.match(path) is not None


class TablePoolOnly:
    """A WSGI wrapper around the application on the table pool: table paths pass, the
    rest is refused with 421 and the hall's main address; ``/`` leads to the code form."""

    def __init__(self, application, table_api=None):
        self.application = application
        # An API call let in by its table code alone: Django with the table API's middleware.
        self.table_api = table_api if table_api is not None else TableApiHandler()

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if is_table_path(path):
            if not _NEEDS_CODE.match(path):
                return self.application(environ, start_response)
            admitted = admission(environ, path)
            if admitted is None:
                early_refusal.mark(environ)
                body, content_type = code_required(path)
                start_response(NO_CODE_STATUS, [("Content-Type", content_type), *_HEADERS])
                return [body]
            if admitted == BY_CODE:
                return self.table_api(environ, start_response)
            return self.application(environ, start_response)
        early_refusal.mark(environ)  # not served here: a redirection or a refusal follows
        reading = environ.get("REQUEST_METHOD") in ("GET", "HEAD")
        if path == "/" and reading:
            start_response("302 Found", [("Location", "/tisch/"), *_HEADERS])
            return [b""]
        if reading and settings.SITE_URL and not path.startswith("/api/"):
            # The site's menu on a device links the hall's pages ("Turniere", "Anmelden"):
            # the same page at the main address, as cheap as a refusal.
            query = environ.get("QUERY_STRING", "")
            target = settings.SITE_URL + path + (f"?{query}" if query else "")
            start_response("302 Found", [("Location", target), *_HEADERS])
            return [b""]
        body, content_type = refusal(path)
        start_response(STATUS, [("Content-Type", content_type), *_HEADERS])
        return [body]


def code_required(path: str) -> tuple[bytes, str]:
    """The body of a refusal for a missing table code: the API's error format under
    ``/api/``, else a small page leading to the code form."""
    title, message = _code_texts(settings.LANGUAGE_CODE)
    if path.startswith("/api/"):
        error = {"field": "code", "code": "table_code_required", "message": message}
        body = json.dumps({"errors": [error], "detail": message}, ensure_ascii=False)
        return body.encode(), "application/json"
    page = (
        '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} – Skatverein</title>"
        f'<link rel="stylesheet" href="{settings.STATIC_URL}css/site.css"></head><body>'
        f'<main class="director director-narrow"><h1>{html.escape(title)}</h1>'
        f'<p class="message message-warning" role="alert">{html.escape(message)}</p>'
        f'<p><a class="button-primary" href="/tisch/">{html.escape(title)}</a></p>'
        "</main></body></html>"
    )
    return page.encode(), "text/html; charset=utf-8"


@functools.lru_cache(maxsize=4)
def _code_texts(language: str) -> tuple[str, str]:
    """Title and message of :func:`code_required`, made once per language."""
    with translation.override(language):
        return gettext("Enter the table code"), gettext(
            "This device has no table code for this list (or its session has ended). "
            "Enter the table code from the table card."
        )


def refusal(path: str) -> tuple[bytes, str]:
    """The body of a refusal: the API's error format under ``/api/``, else a small page
    naming the main address."""
    title, message = _texts(settings.SITE_URL, settings.LANGUAGE_CODE)
    if path.startswith("/api/"):
        error = {"field": "", "code": "table_address_only", "message": message}
        body = json.dumps({"errors": [error], "detail": message}, ensure_ascii=False)
        return body.encode(), "application/json"
    page = (
        '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} – Skatverein</title>"
        f'<link rel="stylesheet" href="{settings.STATIC_URL}css/site.css"></head><body>'
        f'<main class="director director-narrow"><h1>{html.escape(title)}</h1>'
        f'<p class="message message-warning" role="alert">{html.escape(message)}</p>'
        "</main></body></html>"
    )
    return page.encode(), "text/html; charset=utf-8"


@functools.lru_cache(maxsize=4)
def _texts(main: str, language: str) -> tuple[str, str]:
    """Title and message in the site's language, made once (a flood asks the same)."""
    with translation.override(language):
        title = gettext("Address for the table devices")
        if main:
            message = gettext(
                "This address serves the table devices only. Logins, the tournament "
                "direction and the rankings are at the hall's main address: %(address)s"
            ) % {"address": f"{main}/"}
        else:
            message = gettext(
                "This address serves the table devices only. Logins, the tournament "
                "direction and the rankings are at the hall's main address."
            )
    return title, message
