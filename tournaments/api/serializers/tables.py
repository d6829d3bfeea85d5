"""A table's list (Tisch, Spielliste): seats, settlement, seat changes, summary, audit."""

from rest_framework import serializers
from rest_framework_dataclasses.serializers import DataclassSerializer

from tournaments.api.fields import StrictIntegerField
from tournaments.models import AuditEntry, Table
from tournaments.services import audit, roles
from tournaments.services.lists.settlement import SeatSettlement

from ..fields import StrictCharField, StrictModelSerializer


class SeatSerializer(serializers.Serializer):
    seat = StrictIntegerField()
    participant = StrictIntegerField()
    name = StrictCharField()
    start_number = StrictIntegerField()
    from_game = StrictIntegerField()
    until_game = StrictIntegerField(allow_null=True)


class SettlementSerializer(DataclassSerializer):
    # A seat's line of the settlement (Abrechnung), all that ``table_overview`` sends.
    class Meta:
        dataclass = SeatSettlement
        ref_name = "Settlement"


class TableCreateSerializer(serializers.Serializer):
    number = StrictIntegerField(required=False, min_value=1)
    seats = serializers.ListField(child=StrictIntegerField(), min_length=3, max_length=4)


class NextGameSerializer(serializers.Serializer):
    number = StrictIntegerField()
    dealer_seat = StrictIntegerField()
    active_seats = serializers.ListField(child=StrictIntegerField())
    table_size = StrictIntegerField()


class TableSerializer(serializers.Serializer):
    """Documents :func:`tournaments.services.lists.overview.table_overview`."""

    id = StrictIntegerField()
    series = StrictIntegerField()
    number = StrictIntegerField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    entry_mode = serializers.ChoiceField(choices=Table.EntryMode.choices)
    seats = SeatSerializer(many=True)
    settlement = SettlementSerializer(many=True)
    games_planned = StrictIntegerField()
    games_entered = StrictIntegerField()
    next_game = NextGameSerializer(allow_null=True)


class SeatChangeSerializer(serializers.Serializer):
    seat = StrictIntegerField(required=False, min_value=1, max_value=4)
    after_game = StrictIntegerField(required=False, min_value=1)
    participant = StrictIntegerField(required=False)
    from_game = StrictIntegerField(required=False, min_value=1)


class ReplacementUndoSerializer(serializers.Serializer):
    seat = StrictIntegerField(min_value=1, max_value=4)
    from_game = StrictIntegerField(min_value=2, help_text="The game the replacement took over.")
    reason = serializers.CharField(help_text="Required; kept in the audit trail.")


class SummaryRowSerializer(serializers.Serializer):
    seat = StrictIntegerField(min_value=1, max_value=4)
    game_points = StrictIntegerField()
    won = StrictIntegerField(min_value=0)
    lost = StrictIntegerField(min_value=0)


class SummarySerializer(serializers.Serializer):
    seats = SummaryRowSerializer(many=True)


class AuditEntrySerializer(StrictModelSerializer):
    """One entry of a list's trail; ``actor`` is a role for the public, a name for staff."""

    actor = serializers.SerializerMethodField(
        help_text="Who acted: for directors the user name; for everyone else a role "
        '("director", "user") or the table device ("table code T3").'
    )

    def get_actor(self, entry) -> str:
        request = self.context.get("request")
        if request is not None and roles.is_director(request.user):
            return entry.actor
        return audit.public_actor(entry)

    class Meta:
        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "object_repr", "before", "after", "reason"]
