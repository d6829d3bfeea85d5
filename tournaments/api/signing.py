"""Signing, closing, reopening and verifying lists (docs/api.md 3.4).

Thin views over :mod:`tournaments.services.sealing.signing` and
:mod:`tournaments.services.sealing.seal`.
"""

from dataclasses import asdict

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers, status
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.fields import StrictIntegerField
from tournaments.models import Signature, Table
from tournaments.services import public_names, roles, states
from tournaments.services.lists.overview import table_overview
from tournaments.services.sealing import signing
from tournaments.services.sealing.seal import verify_seal

from .errors import problems_response
from .fields import StrictBooleanField, StrictCharField
from .permissions import DirectorWritesOthersRead, event_of
from .request_bodies import json_object
from .serializers import TableSerializer
from .table_code import TableCodeWrites, table_code_actor


class MaySignList(BasePermission):
    """Who may put a player's signature under a list; reading who signed is public.

    A tournament director's session or token (the players sign on the director's device);
    a table's device with its code is admitted by :class:`~.table_code.TableCodeWrites`,
    combined with this class on :class:`TableSignaturesView`.
    """

    message = "Only a tournament director may take signatures for a list; please log in."

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or self.may_sign(request, view)

    def may_sign(self, request, view) -> bool:
        return roles.may_take_signatures(request.user, event_of(request, view))


class SignerSerializer(serializers.Serializer):
    seat = StrictIntegerField()
    participant = StrictIntegerField()
    name = StrictCharField()
    signed = StrictBooleanField()
    method = serializers.ChoiceField(choices=Signature.Method.choices, allow_null=True)
    signed_at = serializers.DateTimeField(allow_null=True)


class SignerStatusSerializer(SignerSerializer):
    from_game = StrictIntegerField()
    until_game = StrictIntegerField(allow_null=True)
    current = StrictBooleanField(
        allow_null=True,
        help_text="Whether the signature still confirms the list as it is now; a signature "
        "given before a correction is removed when the next player signs.",
    )


class SigningStatusSerializer(serializers.Serializer):
    table = StrictIntegerField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    ready_to_sign = StrictBooleanField()
    all_signed = StrictBooleanField()
    signatures = SignerStatusSerializer(many=True)


class SignedTableSerializer(TableSerializer):
    """The table overview with the signing fields (``GET tables/{id}/``)."""

    ended_early = StrictBooleanField()
    ended_reason = StrictCharField()
    ready_to_sign = StrictBooleanField()
    signatures = SignerSerializer(many=True)
    closed_reason = StrictCharField()
    locked_at = serializers.DateTimeField(allow_null=True)
    seal = StrictCharField(allow_null=True, help_text="The verification code, once sealed.")
    sealed_at = serializers.DateTimeField(allow_null=True)


class SignatureRequestSerializer(serializers.Serializer):
    seat = StrictIntegerField(min_value=1, max_value=4)
    participant = StrictIntegerField(
        required=False, help_text="Only when several players sat on the seat (a replacement)."
    )
    pin = StrictCharField(required=False, help_text="The PIN printed on the start card.")
    image = StrictCharField(
        required=False,
        help_text="The drawn signature as a PNG data URL (data:image/png;base64,...), "
        "at most 200 KB and 2048 × 1024 pixels.",
    )
    strokes = StrictCharField(
        required=False,
        help_text='Optional with an image: the pad\'s strokes as JSON, {"width", "height", '
        '"strokes": [[[x, y], ...], ...]}; checked for a plausible signature when sent.',
    )


class ReasonSerializer(serializers.Serializer):
    reason = StrictCharField(help_text="Kept in the audit trail of the list.")


class MismatchSerializer(serializers.Serializer):
    path = StrictCharField(help_text='The changed field, e.g. "games[12].score".')
    stored = serializers.JSONField(help_text="The value when the list was sealed.")
    current = serializers.JSONField(help_text="The value stored now.")


class SealedTournamentSerializer(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    date = serializers.DateField()


class VerificationSerializer(serializers.Serializer):
    seal = StrictCharField()
    valid = StrictBooleanField()
    reason = serializers.ChoiceField(
        choices=["valid", "malformed", "unknown", "changed", "superseded", "not_reproducible"]
    )
    message = StrictCharField()
    table = StrictIntegerField(allow_null=True)
    table_number = StrictIntegerField(allow_null=True)
    series = StrictIntegerField(allow_null=True, help_text="The series number.")
    tournament = SealedTournamentSerializer(allow_null=True)
    status = StrictCharField()
    sealed_at = serializers.DateTimeField(allow_null=True)
    mismatches = MismatchSerializer(many=True)


PIN_EXAMPLE = OpenApiExample("With the start-card PIN", value={"seat": 1, "pin": "4711"})
IMAGE_EXAMPLE = OpenApiExample(
    "With a drawn signature", value={"seat": 2, "image": "data:image/png;base64,iVBORw0KGgo..."}
)


def _table(pk) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"), pk=pk)


def _signing_roles(request, table) -> frozenset:
    """A table device is known by its code; a signed-in director by the session."""
    device = {roles.Role.TABLE_DEVICE} if table_code_actor(request) else set()
    return roles.roles_of(request.user, table) | device


def _overview(pk) -> dict:
    return table_overview(_table(pk))


class TableSignaturesView(APIView):
    """``tables/{id}/signatures/``: who signed the list; a player signs it."""

    permission_classes = [MaySignList | TableCodeWrites]
    scope_model = Table
    action = "signatures"  # what TableCodeWrites admits a table device to

    @extend_schema(responses=SigningStatusSerializer, summary="Who has signed the list")
    def get(self, request, pk):
        table = _table(pk)
        data = signing.signing_status(table)
        data["signatures"] = [asdict(row) for row in data["signatures"]]
        if not roles.sees_full_names(request.user):  # named as they consented
            seated = table.seats.values_list("participant", flat=True)
            shown = public_names.participant_names(seated)
            for row in data["signatures"]:
                row["name"] = shown.get(row["participant"], row["name"])
        return Response(data)

    @extend_schema(
        request=SignatureRequestSerializer,
        responses={201: SignedTableSerializer, 429: OpenApiResponse(description="Too many PINs")},
        examples=[PIN_EXAMPLE, IMAGE_EXAMPLE],
        summary="A player confirms the list with the start-card PIN or a drawn signature",
    )
    def post(self, request, pk):
        body = json_object(request)
        table = _table(pk)
        try:
            states.apply(
                table,
                "sign",
                request.user,
                roles=_signing_roles(request, table),
                actor=table_code_actor(request),
                seat=body.get("seat"),
                participant=body.get("participant"),
                pin=body.get("pin"),
                image=body.get("image"),
                strokes=body.get("strokes"),
            )
        except signing.TooManyAttempts as refused:
            response = problems_response(refused.problems, status.HTTP_429_TOO_MANY_REQUESTS)
            response["Retry-After"] = str(refused.retry_after)
            return response
        return Response(_overview(pk), status.HTTP_201_CREATED)


class _DirectorAction(APIView):
    """A director's POST with a required reason; answers with the table overview.

    Subclasses name their step of :data:`tournaments.services.states.TRANSITIONS`.
    """

    permission_classes = [DirectorWritesOthersRead]
    scope_model = Table
    http_method_names = ["post", "options"]
    transition: str
    summary: str

    def __init_subclass__(cls, **kwargs):
        # Request and answer are the same for every step; only the summary differs.
        super().__init_subclass__(**kwargs)
        schema = extend_schema(
            request=ReasonSerializer, responses=SignedTableSerializer, summary=cls.summary
        )
        extend_schema_view(post=schema)(cls)

    def post(self, request, pk):
        states.apply(_table(pk), self.transition, request.user, json_object(request).get("reason"))
        return Response(_overview(pk))


class EndListView(_DirectorAction):
    transition = "end"
    summary = "The director ends an incomplete list; the players sign the games entered"


class CloseListView(_DirectorAction):
    transition = "close"
    summary = "The director locks and seals a list that lacks signatures"


class ReopenListView(_DirectorAction):
    transition = "reopen"
    summary = "The director reopens a signed or locked list, or takes back an early end"


class VerifySealView(APIView):
    """``verify/{seal}/``: anyone checks whether a list is authentic and unchanged."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(
        responses=VerificationSerializer,
        summary="Is the list with this seal authentic and unchanged?",
        auth=[],
    )
    def get(self, request, seal):
        result = verify_seal(seal)
        data = asdict(result)
        data["message"] = gettext(result.message)
        return Response(data)
