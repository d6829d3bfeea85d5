"""API authentication classes: expiring tokens, and HTTP Basic that answers 429 when locked.

Imported by ``REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]`` while DRF itself is still
loading, so this module imports nothing from DRF's views or from the project's API.
Tokens expire after ``TOKEN_TTL_DAYS`` days; django-axes counts wrong passwords per
account and address, and a locked pair gets 429 instead of "wrong password".
"""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext
from rest_framework.authentication import BasicAuthentication, TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled


def token_expired(token) -> bool:
    """Whether an API token is older than ``TOKEN_TTL_DAYS`` days."""
    return token.created < timezone.now() - timedelta(days=settings.TOKEN_TTL_DAYS)


def locked_out(request) -> Throttled:
    """429 for an account and address django-axes has locked (the cool-off in Retry-After)."""
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    return Throttled(
        wait=wait,
        detail=gettext(
            "Too many wrong passwords for this account from this address. Please try again "
            "in %(minutes)d minutes."
        )
        % {"minutes": wait // 60},
    )


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token …``, refused (and the token deleted) once it has expired."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            token.delete()
            raise AuthenticationFailed(
                gettext("The token has expired. Get a new one with POST /api/v1/auth/token/.")
            )
        return user, token


class LoginThrottledBasicAuthentication(BasicAuthentication):
    """HTTP Basic, answering 429 rather than 401 once django-axes has locked the pair."""

    def authenticate_credentials(self, userid, password, request=None):
        if len(userid) > 150:  # longer than any user name (auth.User); never stored by axes
            raise AuthenticationFailed(gettext("Invalid username/password."))
        from tournaments.services import login_limits
        from tournaments.services.client_address import client_address

        if request is not None:
            wait = login_limits.address_wait(client_address(request.META))
            if wait:
                raise Throttled(
                    wait=wait,
                    detail=gettext(
                        "Too many failed logins from this network. Please try again in "
                        "%(minutes)d minutes."
                    )
                    % {"minutes": max(1, -(-wait // 60))},
                )
        try:
            authenticated = super().authenticate_credentials(userid, password, request)
        except AuthenticationFailed:
            if getattr(request, "axes_locked_out", False):
                raise locked_out(request) from None
            raise
        if request is not None:
            login_limits.login_succeeded(client_address(request.META))  # no failure
        return authenticated
