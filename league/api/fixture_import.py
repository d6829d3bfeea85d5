"""``groups/{id}/match-days/import/``: fixtures from a CSV/XLSX file, previewed
(``commit=false``) or created (``commit=true``, all match days or none)."""

from django.utils.translation import gettext, gettext_noop
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import LeagueGroup
from league.services import fixture_import
from tournaments.api.fields import StrictIntegerField
from tournaments.api.lookup import get_or_404
from tournaments.api.participant_import import read_upload

from .access import LeagueWrites


class FixtureImportRequestSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="CSV or XLSX, one row per venue.")
    commit = serializers.BooleanField(required=False, help_text="false: preview only.")


class FixtureProblemSerializer(serializers.Serializer):
    field = serializers.CharField()
    code = serializers.CharField()
    message = serializers.CharField()


class FixtureLineSerializer(serializers.Serializer):
    line = StrictIntegerField()
    match_day = StrictIntegerField(allow_null=True)
    date = serializers.DateField(allow_null=True)
    host = StrictIntegerField(allow_null=True)
    guests = serializers.ListField(child=StrictIntegerField())
    problems = FixtureProblemSerializer(many=True)


class FixtureImportSerializer(serializers.Serializer):
    committed = serializers.BooleanField()
    ok = serializers.BooleanField(help_text="Every row can be created.")
    lines = FixtureLineSerializer(many=True)
    match_days = serializers.ListField(child=StrictIntegerField())


class FixtureImportView(APIView):
    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = LeagueGroup
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={"multipart/form-data": FixtureImportRequestSerializer},
        responses={200: FixtureImportSerializer, 201: FixtureImportSerializer},
        summary="Fixtures from a file: preview, or create every match day",
    )
    def post(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.select_related("league"), pk)
        upload, commit = _request(request)
        name, records = fixture_import.read_fixture_records(upload.name, upload.read())
        preview = fixture_import.preview_records(group, name, records)
        created = []
        if commit:
            created = fixture_import.commit_records(group, name, records, user=request.user)
        data = {
            "committed": bool(commit),
            "ok": preview.ok,
            "lines": [
                {
                    "line": line.line,
                    "match_day": line.match_day,
                    "date": line.date,
                    "host": line.host.pk if line.host else None,
                    "guests": [team.pk for team in line.guests],
                    "problems": [problem.as_dict(gettext) for problem in line.problems],
                }
                for line in preview.lines
            ],
            "match_days": [day.pk for day in created],
        }
        return Response(data, status.HTTP_201_CREATED if commit else status.HTTP_200_OK)


def _request(request):
    return read_upload(
        request,
        missing=gettext_noop(
            'Send the fixture list as a file in the form field "file" '
            "(multipart/form-data), as CSV or XLSX."
        ),
        not_a_boolean=gettext_noop(
            'commit must be "true" (create the match days) or "false" (preview).'
        ),
    )
