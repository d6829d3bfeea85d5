"""The login limits at the door (services/login_limits.py): refuse early, remember devices.

:class:`LoginLimitMiddleware` answers a login post from an address over its limit with
429 before the view — and so before any password hash — runs: the German page for the
login pages, the API's error format for the token endpoint. A device whose cookie names
the account being logged in skips the limit. After a successful login it sets that cookie.
:func:`known_device_login` is django-axes' ``AXES_WHITELIST_CALLABLE``: the per-account
lock does not apply on a known device.
"""

import json
import math

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext

from tournaments.services import login_limits
from tournaments.services.client_address import client_address

# The views that check a password from a form or a JSON body.
LOGIN_VIEWS = frozenset({"web:login", "admin:login", "api-token"})
_LOGGED_IN = "_known_device_account"


class LoginLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        account = getattr(request, _LOGGED_IN, None)
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

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if request.method != "POST" or match is None or match.view_name not in LOGIN_VIEWS:
            return None
        if login_limits.is_known(
            request.COOKIES.get(login_limits.KNOWN_DEVICE_COOKIE), _posted_username(request)
        ):
            return None
        wait = login_limits.address_wait(client_address(request.META))
        if not wait:
            return None
        return refusal(request, wait)


def refusal(request, wait: int):
    """429 for an address over the login limit, as a page or in the API's error format."""
    minutes = max(1, math.ceil(wait / 60))
    message = gettext(
        "Too many logins from this network in a short time. Please try again in %(minutes)d "
        "minutes; a device that has logged in here before can log in now."
    ) % {"minutes": minutes}
    if request.path_info.startswith("/api/"):
        response = JsonResponse(
            {
                "errors": [{"field": "", "code": "too_many_logins", "message": message}],
                "detail": message,
            },
            status=429,
        )
    else:
        response = render(
            request, "registration/address_limited.html", {"message": message}, status=429
        )
    response["Retry-After"] = str(wait)
    return response


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
