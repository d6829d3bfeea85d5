"""Series (Serien) and their draw (Auslosung)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.api.fields import StrictIntegerField
from tournaments.models import Series
from tournaments.services.draw import MODES, SEED_LIMIT

from ..fields import StrictBooleanField, StrictCharField, StrictModelSerializer


class SeriesSerializer(StrictModelSerializer):
    class Meta:
        model = Series
        # All read-only: the status changes only through the finish and reopen steps
        # (services.states), the draw fields only through the draw.
        read_only_fields = [
            "tournament",
            "number",
            "status",
            "draw_seed",
            "draw_mode",
            "drawn_at",
            "finished_at",
        ]
        fields = ["id", *read_only_fields]


class ReopenReasonSerializer(serializers.Serializer):
    reason = StrictCharField(help_text=_("Required; kept in the audit trail."))


class DrawRequestSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=MODES, default="random")
    seed = StrictIntegerField(
        min_value=0,
        max_value=SEED_LIMIT - 1,
        allow_null=True,
        required=False,
        help_text=_("Leave out to draw a new seed; the same seed gives the same tables."),
    )
    prefer_three = StrictBooleanField(default=False)
    separate_clubs = StrictBooleanField(default=False)


class DrawnTableSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    seats = serializers.ListField(
        child=StrictIntegerField(), help_text=_("Participant ids in seat order.")
    )


class DrawConflictSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["same_team", "same_club", "met_before"])
    table = StrictIntegerField(help_text=_("The table number."))
    players = serializers.ListField(child=StrictIntegerField())
    message = StrictCharField()


class DrawSerializer(serializers.Serializer):
    """A series' draw: seed and options to repeat it, the tables and what could not be avoided."""

    series = StrictIntegerField()
    seed = StrictIntegerField()
    mode = serializers.ChoiceField(choices=MODES)
    prefer_three = StrictBooleanField()
    separate_clubs = StrictBooleanField()
    drawn_at = serializers.DateTimeField()
    tables = DrawnTableSerializer(many=True)
    conflicts = DrawConflictSerializer(many=True)
