"""The login limits at the door (services/login_limits.py): refuse early, remember devices.

:class:`LoginLimitMiddleware` answers a login post from an address over its limits (too
many failed logins, or a flood over the ceiling for all posts) with 429 before anything
else runs — and so before any password hash: a small German page for
the login pages, the API's error format for the token endpoint. A device whose cookie names
the account being logged in skips the limit. After a successful login it sets that cookie.
:func:`known_device_login` is django-axes' ``AXES_WHITELIST_CALLABLE``: the per-account
lock does not apply on a known device.
"""

import functools
import json
import math
import time

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpResponse
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from skatverein import early_refusal
from tournaments.services import login_limits
from tournaments.services.client_address import client_address

# The views that check a password from a form or a JSON body.
LOGIN_VIEWS = ("web:login", "admin:login", "api-token")
_LOGGED_IN = "_known_device_account"
_COUNTED = "_login_counted_for"  # the address a login post was counted against
_REMEMBERED = 10_000  # addresses remembered as over the limit, per process
# Address → time.monotonic() until which its login posts are refused, in this process.
_blocked_until: dict[str, float] = {}
# The refusal page: self-contained, so that answering it renders no site template.
_PAGE = Template(
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{{ title }} – Skatverein</title>"
    '<link rel="stylesheet" href="{{ stylesheet }}"></head><body>'
    '<main class="director director-narrow"><h1>{{ title }}</h1>'
    '<p class="message message-warning" role="alert">{{ message }}</p>'
    '<p><a href="/">Skatverein</a></p></main></body></html>'
)


class LoginLimitMiddleware:
    """First in the chain: a login post over the address limit costs next to nothing.

    A flood of 30 clients posting as fast as they are answered keeps every server worker
    busy with refusals; the tables' requests wait behind them. So the refusal comes before
    sessions, CSRF and URL routing, from a small page, and an address found over the
    limit is remembered in the process until its window ends, sparing the database read.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path_info in login_paths():
            refused = self._refusal(request)
            if refused is not None:
                return refused
        response = self.get_response(request)
        account = getattr(request, _LOGGED_IN, None)
        counted = getattr(request, _COUNTED, None)
        if counted and (account or (response.status_code == 200 and _is_token(request))):
            login_limits.login_succeeded(counted)  # a correct login never counts
        if account:
            response.set_cookie(
                login_limits.KNOWN_DEVICE_COOKIE,
                login_limits.known_device_value(
                    request.COOKIES.get(login_limits.KNOWN_DEVICE_COOKIE), account
                ),
                max_age=login_limits.KNOWN_DEVICE_DAYS * 24 * 60 * 60,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response

    def _refusal(self, request):
        if login_limits.is_known(
            request.COOKIES.get(login_limits.KNOWN_DEVICE_COOKIE), _posted_username(request)
        ):
            return None
        address = client_address(request.META)
        wait = _remembered_wait(address) or login_limits.address_wait(address)
        if not wait:
            setattr(request, _COUNTED, address)
            return None
        if len(_blocked_until) > _REMEMBERED:
            _blocked_until.clear()
        _blocked_until[address] = time.monotonic() + wait
        return refusal(request.path_info, wait)


@functools.cache
def login_paths() -> frozenset[str]:
    return frozenset(reverse(name) for name in LOGIN_VIEWS)


def _is_token(request) -> bool:
    return request.path_info == reverse("api-token")


def forget_remembered() -> None:
    """Forget which addresses this process found over the limit (their counts stay)."""
    _blocked_until.clear()


def _remembered_wait(address: str) -> int:
    wait = _blocked_until.get(address, 0.0) - time.monotonic()
    return math.ceil(wait) if wait > 0 else 0


class RefuseFloodedLogins:
    """A WSGI wrapper around the application: the flood's posts never reach Django.

    An address this process already found over the limit gets its 429 from here, before
    Django builds a request: a few microseconds instead of a millisecond, so a flood of
    refusals leaves the workers to the tables. A post with a known-device cookie goes on
    to the middleware, which checks it for the account being logged in.
    """

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "POST" and environ.get("PATH_INFO") in login_paths():
            wait = _remembered_wait(client_address(environ))
            if wait and login_limits.KNOWN_DEVICE_COOKIE not in environ.get("HTTP_COOKIE", ""):
                early_refusal.mark(environ)
                response = refusal(environ["PATH_INFO"], wait)
                start_response("429 Too Many Requests", list(response.items()))
                return [response.content]
        return self.application(environ, start_response)


def refusal(path: str, wait: int) -> HttpResponse:
    """429 for an address over the login limit, as a small page or in the API's format."""
    content, content_type = _refusal_content(path.startswith("/api/"), _waiting_time(wait))
    response = HttpResponse(content, status=429, content_type=content_type)
    response["Retry-After"] = str(wait)
    # Answered before the security middleware may run: the same protections by hand.
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'self'"
    response["X-Content-Type-Options"] = "nosniff"
    response["X-Frame-Options"] = "DENY"
    response["Referrer-Policy"] = "same-origin"
    return response


def _waiting_time(wait: int) -> tuple[str, int]:
    """("seconds", n) below a minute, else ("minutes", n rounded up)."""
    return ("seconds", wait) if wait < 60 else ("minutes", math.ceil(wait / 60))


@functools.lru_cache(maxsize=128)
def _refusal_content(api: bool, waiting: tuple[str, int]) -> tuple[bytes, str]:
    """The body of a refusal, made once per kind and waiting time (a flood asks the same)."""
    unit, amount = waiting
    with translation.override(settings.LANGUAGE_CODE):
        if unit == "seconds":
            message = gettext(
                "Too many failed logins from this network. Please try again in %(seconds)d "
                "seconds; a device that has logged in here before can log in now."
            ) % {"seconds": amount}
        else:
            message = gettext(
                "Too many failed logins from this network. Please try again in %(minutes)d "
                "minutes; a device that has logged in here before can log in now."
            ) % {"minutes": amount}
        if api:
            error = {"field": "", "code": "too_many_logins", "message": message}
            body = {"errors": [error], "detail": message}
            return json.dumps(body, ensure_ascii=False).encode(), "application/json"
        title = gettext("Login paused for this network")
        # The unhashed name: whitenoise serves it too, and it needs no manifest.
        stylesheet = f"{settings.STATIC_URL}css/site.css"
        context = {"message": message, "title": title, "stylesheet": stylesheet}
        page = _PAGE.render(Context(context))
        return page.encode(), "text/html; charset=utf-8"


def known_device_login(request, credentials=None) -> bool:
    """``AXES_WHITELIST_CALLABLE``: a known device is never locked for its own account."""
    if request is None:
        return False
    username = (credentials or {}).get("username")
    return login_limits.is_known(request.COOKIES.get(login_limits.KNOWN_DEVICE_COOKIE), username)


@receiver(user_logged_in)
def _remember_device(sender, request, user, **kwargs):
    if request is not None:
        setattr(request, _LOGGED_IN, user.get_username())


def _posted_username(request):
    """The user name of a login post: a form field, or the token endpoint's JSON body."""
    if request.content_type == "application/json":
        if (
            not (request.META.get("CONTENT_LENGTH") or "0").isascii()
            or len(request.META.get("CONTENT_LENGTH") or "") > 4
        ):
            return None  # a login body is short; leave a long one to the view's limits
        try:
            body = json.loads(request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            return None
        return body.get("username") if isinstance(body, dict) else None
    return request.POST.get("username")
