"""``/api/v1/auth/token/``: scripts and tablets get (POST) or revoke (DELETE) an API token.

- ``POST`` with user name and password returns the user's token (a new one when the old
  one has expired, see ``TOKEN_TTL_DAYS``); throttled per address and, through
  django-axes, per account and address.
- ``DELETE`` revokes the caller's own token; the association's administrator may revoke
  another user's with ``?username=…`` (a club's director only their own: a director of one
  club must not cut off another club's scripts). Revocations are in the audit trail.
"""

from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.settings import api_settings

from tournaments.services import audit, roles

from .authentication import locked_out, token_expired
from .fields import StrictCharField
from .schema import ErrorSerializer
from .throttles import AddressRateThrottle

TOKEN_REVOKED = "api_token_revoked"


# A user name longer than the user model allows is no user; refused before the password is
# checked, as the login forms do (django-axes would try to store it and PostgreSQL refuse).
USERNAME_LENGTH = get_user_model()._meta.get_field("username").max_length


class TokenRequestSerializer(AuthTokenSerializer):
    username = StrictCharField(label=_("Username"), write_only=True, max_length=USERNAME_LENGTH)
    password = StrictCharField(
        label=_("Password"),
        style={"input_type": "password"},
        trim_whitespace=False,
        write_only=True,
        max_length=1024,
    )


class TokenView(ObtainAuthToken):
    """Get (POST) or revoke (DELETE) an API token."""

    serializer_class = TokenRequestSerializer
    throttle_classes = [AddressRateThrottle]
    # DRF's view also reads forms; the API's bodies are JSON (docs/api.md).
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES
    throttle_scope = "token"

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else []

    def get_authenticators(self):
        if getattr(self, "request", None) is not None and self.request.method == "POST":
            return []
        return super().get_authenticators()

    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid() and getattr(request, "axes_locked_out", False):
            raise locked_out(request)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _created = Token.objects.get_or_create(user=user)
        if token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key})

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "username",
                OpenApiTypes.STR,
                description=(
                    "The association's administrator only: revoke this user's token "
                    "instead of your own."
                ),
            )
        ],
        request=None,
        responses={204: None, 404: ErrorSerializer},
    )
    def delete(self, request, *args, **kwargs):
        username = request.query_params.get("username")
        user = request.user
        if username and username != user.get_username():
            if not roles.is_association_admin(user):
                raise PermissionDenied(
                    gettext("Only the association's administrator may revoke another user's token.")
                )
            user = get_user_model().objects.filter(username=username).first()
            if user is None:
                raise NotFound(gettext('There is no user "%(name)s".') % {"name": username})
        deleted, _ = Token.objects.filter(user=user).delete()
        if deleted:
            audit.record(
                TOKEN_REVOKED, user=request.user, obj=user.get_username(), after={"user": user.pk}
            )
        return Response(status=status.HTTP_204_NO_CONTENT)
