"""``/api/v1/access-blocks/``: addresses blocked for wrong table codes (staff only).

``GET`` lists them (address, wrong codes, seconds left); ``DELETE …/{address}/`` lifts
one block, as the director's page does (services/table_access.py).
"""

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.fields import StrictIntegerField
from tournaments.services import table_access

from .fields import StrictCharField
from .schema import ErrorSerializer


class AccessBlockSerializer(serializers.Serializer):
    address = StrictCharField()
    failures = StrictIntegerField()
    retry_after = StrictIntegerField(help_text="Seconds until the block ends.")


class AccessBlockListView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(responses=AccessBlockSerializer(many=True))
    def get(self, request):
        return Response(table_access.blocked_addresses())


class AccessBlockView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(request=None, responses={204: None, 404: ErrorSerializer})
    def delete(self, request, address):
        if not table_access.lift_block(address[:64], request.user):
            raise NotFound(gettext("This address is not blocked."))
        return Response(status=status.HTTP_204_NO_CONTENT)
