"""The hall's publishing API (docs/results-format.md, "Publishing from the hall"): the
portal to publish to, what waits, and queueing a tournament."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from publishing.services import outbox
from tournaments.api.lookup import get_or_404
from tournaments.models import Tournament
from tournaments.services import roles


class TargetSerializer(serializers.Serializer):
    url = serializers.CharField(help_text="The portal's address, e.g. https://portal.example.org")
    token = serializers.CharField(write_only=True, help_text="The club's publishing token.")


class PublishingStatusSerializer(serializers.Serializer):
    url = serializers.CharField()
    pending = serializers.IntegerField(help_text="Documents waiting to be sent.")
    last_success = serializers.DateTimeField(allow_null=True)
    last_error = serializers.CharField(help_text="In the site's language; empty if none.")


class PublishingTargetView(APIView):
    """Set the results portal this hall publishes to (directors)."""

    permission_classes = [IsAdminUser]

    @extend_schema(request=TargetSerializer, responses={200: PublishingStatusSerializer})
    def put(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        outbox.set_target(data.get("url"), data.get("token"))
        return Response(outbox.status())


class PublishingStatusView(APIView):
    """What waits to be published, the last success and the last error (directors)."""

    permission_classes = [IsAdminUser]

    @extend_schema(responses={200: PublishingStatusSerializer})
    def get(self, request):
        return Response(outbox.status())


class PublishTournamentView(APIView):
    """Queue a tournament for the portal (its directors); 409 without a portal."""

    @extend_schema(request=None, responses={202: PublishingStatusSerializer})
    def post(self, request, pk: int):
        tournament = get_or_404(Tournament.objects.all(), pk)
        if not roles.may_direct(request.user, tournament):
            raise PermissionDenied(_("Only the tournament's directors publish it."))
        outbox.queue(tournament.pk, refuse_without_portal=True)
        return Response(outbox.status(), status=status.HTTP_202_ACCEPTED)
