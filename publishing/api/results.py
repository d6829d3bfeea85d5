"""The results document of a tournament, its JSON Schema and the clubs' public keys
(docs/results-format.md): reads for directors and, once published, for everyone."""

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from publishing.services import club_keys, publication, results_document, schema
from tournaments.api.lookup import get_or_404
from tournaments.models import Club, Tournament


class ClubKeySerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The key's id, as a seal names it.")
    public_key = serializers.CharField(help_text="The raw 32-byte Ed25519 public key, base64.")
    created = serializers.DateTimeField()


class ResultsDocumentView(APIView):
    """``skat-results/1`` of a tournament: its directors; anyone once it is published."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        description="The document as /api/v1/schemas/skat-results-1.json describes it.",
    )
    def get(self, request, pk: int):
        tournament = get_or_404(Tournament.objects.all(), pk)
        if not publication.may_read_results(request.user, tournament):
            raise PermissionDenied(
                _("The results of this tournament are not published yet; please log in.")
            )
        return Response(results_document.results_document(tournament))


class ResultsSchemaView(APIView):
    """The JSON Schema (draft 2020-12) of ``skat-results/1``, as docs/ keeps it."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response(schema.schema())


class ClubKeysView(APIView):
    """A club's public Ed25519 keys, which check its lists' seals without any secret."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: ClubKeySerializer(many=True)})
    def get(self, request, pk: int):
        club = get_or_404(Club.objects.all(), pk)
        return Response(club_keys.published_keys(club.pk))
