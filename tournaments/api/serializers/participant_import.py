"""The player-list import: the upload, its preview line by line and what was registered."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.services.player_import import ImportStatus


class ImportRequestSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=_("The player list as CSV or XLSX."))
    commit = serializers.BooleanField(
        default=False, help_text=_("false: only preview; true: register all importable rows.")
    )
    resolutions = serializers.CharField(
        required=False,
        help_text=_(
            "For rows whose member number belongs to a differently named player: a JSON "
            'object of line number to "existing", "new" or "skip", e.g. {"3": "new"}.'
        ),
    )


class ProblemSerializer(serializers.Serializer):
    field = serializers.CharField()
    code = serializers.CharField()
    message = serializers.CharField()


class ImportLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ImportStatus.choices)
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField()
    member_number = serializers.CharField()
    team = serializers.CharField()
    player = serializers.IntegerField(allow_null=True)
    duplicate_of = serializers.IntegerField(allow_null=True)
    problems = ProblemSerializer(many=True)
    notes = ProblemSerializer(many=True)


class ImportResultSerializer(serializers.Serializer):
    created_players = serializers.IntegerField()
    matched_players = serializers.IntegerField()
    registered = serializers.IntegerField()
    skipped = serializers.IntegerField()
    created_clubs = serializers.IntegerField()
    created_teams = serializers.IntegerField()
    participants = serializers.ListField(child=serializers.IntegerField())


class ImportSerializer(serializers.Serializer):
    """The preview of an import, and with ``committed`` what was registered."""

    committed = serializers.BooleanField()
    counts = serializers.DictField(child=serializers.IntegerField())
    importable = serializers.IntegerField()
    lines = ImportLineSerializer(many=True)
    result = ImportResultSerializer(allow_null=True)
