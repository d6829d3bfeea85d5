"""The player-list import: the upload, its preview line by line and what was registered."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.api.fields import StrictIntegerField
from tournaments.services.player_import import ImportStatus

from ..fields import StrictBooleanField, StrictCharField


class ImportRequestSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=_("The player list as CSV or XLSX."))
    commit = StrictBooleanField(
        default=False, help_text=_("false: only preview; true: register all importable rows.")
    )
    resolutions = StrictCharField(
        required=False,
        help_text=_(
            "For rows whose member number belongs to a differently named player: a JSON "
            'object of line number to "existing", "new" or "skip", e.g. {"3": "new"}.'
        ),
    )


class ProblemSerializer(serializers.Serializer):
    field = StrictCharField()
    code = StrictCharField()
    message = StrictCharField()


class ImportLineSerializer(serializers.Serializer):
    line = StrictIntegerField()
    status = serializers.ChoiceField(choices=ImportStatus.choices)
    first_name = StrictCharField()
    last_name = StrictCharField()
    club = StrictCharField()
    member_number = StrictCharField()
    team = StrictCharField()
    player = StrictIntegerField(allow_null=True)
    duplicate_of = StrictIntegerField(allow_null=True)
    problems = ProblemSerializer(many=True)
    notes = ProblemSerializer(many=True)


class ImportResultSerializer(serializers.Serializer):
    created_players = StrictIntegerField()
    matched_players = StrictIntegerField()
    registered = StrictIntegerField()
    skipped = StrictIntegerField()
    created_clubs = StrictIntegerField()
    created_teams = StrictIntegerField()
    participants = serializers.ListField(child=StrictIntegerField())


class ImportSerializer(serializers.Serializer):
    """The preview of an import, and with ``committed`` what was registered."""

    committed = StrictBooleanField()
    counts = serializers.DictField(child=StrictIntegerField())
    importable = StrictIntegerField()
    lines = ImportLineSerializer(many=True)
    result = ImportResultSerializer(allow_null=True)
