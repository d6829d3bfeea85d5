"""A results portal's API (docs/results-format.md, "A results portal"): a superuser issues
a club's publishing token, halls publish results documents with it. Answers 404 unless
the server runs as a portal (``SKATVEREIN_PORTAL=1``)."""

import json
import uuid

from django.conf import settings
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from publishing.models import TournamentIdentity
from publishing.services import import_lock, portal
from publishing.services.results_document import document_version
from tournaments.api.errors import problems_response
from tournaments.api.schema import ErrorSerializer
from tournaments.skat import Problem

# A document is read here, not by DRF's parser: that reads through Django's body, limited
# to DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) for ordinary requests, and a 400-player evening
# of 3 series is about 8 MB (the largest tournament, 3,996 players, about 80 MB).
MAX_DOCUMENT_BYTES = 128 * 1024 * 1024
# What a hall is asked to wait before sending a document again whose import is under way.
IN_PROGRESS_RETRY_SECONDS = 30


class ClubRequestSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The club's name on this portal.")


class IssuedTokenSerializer(serializers.Serializer):
    club = serializers.UUIDField(help_text="The club's public id.")
    token = serializers.CharField(help_text="Shown once; the portal keeps only its digest.")


class PublishedSerializer(serializers.Serializer):
    tournament = serializers.IntegerField(help_text="The tournament's id on this portal.")
    version = serializers.IntegerField()
    unchanged = serializers.BooleanField()


# The portal's operations answer 404 on a server that is no results portal.
NOT_A_PORTAL = OpenApiResponse(
    ErrorSerializer, description="This server is no results portal (SKATVEREIN_PORTAL is off)."
)


def _portal_only() -> None:
    if not settings.SKATVEREIN_PORTAL:
        raise Http404


class PublishingClubsView(APIView):
    """Issue a publishing token for a new club of this portal (superusers)."""

    @extend_schema(
        request=ClubRequestSerializer,
        responses={201: IssuedTokenSerializer, 404: NOT_A_PORTAL},
    )
    def post(self, request):
        _portal_only()
        if not request.user.is_superuser:
            raise PermissionDenied(_("Only the portal's administrator issues publishing tokens."))
        name = request.data.get("name") if isinstance(request.data, dict) else None
        club, token = portal.issue_token(name)
        identity = club.public_identity
        return Response({"club": str(identity.uuid), "token": token}, status=201)


class PublishResultsView(APIView):
    """Publish a results document with a club's publishing token: 201 new, 200 the same
    version again (``unchanged``) or a newer one, 409 an older one, 400 naming the field,
    403 without a valid token or for another club's document; 202 ``in_progress`` at once
    while a document of the same id is being imported (send it again later)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={
            201: PublishedSerializer,
            200: OpenApiResponse(
                PublishedSerializer, description="The same version again, or a newer one."
            ),
            202: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="A document of this id is being imported; send it again later.",
            ),
            404: NOT_A_PORTAL,
        },
    )
    def post(self, request):
        _portal_only()
        club = _token_club(request)
        length = _content_length(request)
        if length > MAX_DOCUMENT_BYTES:
            return problems_response([_too_large()], status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        document = _document(request, length)
        with import_lock.importing(_document_id(document)) as taken:
            if not taken:
                return _in_progress()
            try:
                outcome = portal.publish(club, document)
            except portal.NotThisClub:
                raise PermissionDenied(
                    _("The document is of another club than this publishing token's.")
                ) from None
        answer = {
            "tournament": outcome.tournament,
            "version": outcome.version,
            "unchanged": outcome.status == "unchanged",
        }
        code = status.HTTP_201_CREATED if outcome.status == "created" else status.HTTP_200_OK
        return Response(answer, status=code)


def _document_id(document) -> str:
    """The id the document names, as text (the schema check then refuses a wrong one)."""
    found = document.get("id") if isinstance(document, dict) else None
    return found if isinstance(found, str) else ""


def _in_progress() -> Response:
    """Another request imports a document of this id right now (a hall that sent it again
    while waiting): answered at once, not imported twice; the hall sends it again later
    and then hears how that import ended."""
    answer = {
        "in_progress": True,
        "detail": _("This tournament's results are being imported; please send them again later."),
    }
    return Response(
        answer,
        status=status.HTTP_202_ACCEPTED,
        headers={"Retry-After": str(IN_PROGRESS_RETRY_SECONDS)},
    )


def _content_length(request) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


def _too_large() -> Problem:
    return Problem(
        "body",
        "too_large",
        gettext_noop("The results document is too large: at most %(megabytes)d MB, please."),
        {"megabytes": MAX_DOCUMENT_BYTES // (1024 * 1024)},
    )


def _document(request, length: int):
    """The body as JSON, read from the request's stream (see MAX_DOCUMENT_BYTES)."""
    stream = request.stream if length else None
    raw = stream.read(length) if stream is not None else b""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ParseError from None


def _token_club(request):
    words = request.headers.get("Authorization", "").split()
    if len(words) == 2 and words[0] == "Token":
        club = portal.club_of_token(words[1])
        if club is not None:
            return club
    raise PermissionDenied(_("Please send a valid publishing token (Authorization: Token …)."))


class PublishedResultsView(APIView):
    """The portal's tournament id and version for a document id (public, as the
    tournament's pages are; a hall asks it with its publishing token, which is no login)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PublishedSerializer})
    def get(self, request, document_id: uuid.UUID):
        _portal_only()
        identity = (
            TournamentIdentity.objects.select_related("tournament").filter(uuid=document_id).first()
        )
        if identity is None:
            raise Http404
        return Response(
            {
                "tournament": identity.tournament_id,
                "version": document_version(identity.tournament),
            }
        )
