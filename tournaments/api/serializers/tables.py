"""A table's list (Tisch, Spielliste): seats, settlement, seat changes, summary, audit."""

from rest_framework import serializers
from rest_framework_dataclasses.serializers import DataclassSerializer

from tournaments.models import AuditEntry, Table
from tournaments.services import audit, roles
from tournaments.services.lists.settlement import SeatSettlement

from ..fields import StrictCharField, StrictModelSerializer


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    participant = serializers.IntegerField()
    name = StrictCharField()
    start_number = serializers.IntegerField()
    from_game = serializers.IntegerField()
    until_game = serializers.IntegerField(allow_null=True)


class SettlementSerializer(DataclassSerializer):
    # A seat's line of the settlement (Abrechnung), all that ``table_overview`` sends.
    class Meta:
        dataclass = SeatSettlement
        ref_name = "Settlement"


class TableCreateSerializer(serializers.Serializer):
    number = serializers.IntegerField(required=False, min_value=1)
    seats = serializers.ListField(child=serializers.IntegerField(), min_length=3, max_length=4)


class NextGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer_seat = serializers.IntegerField()
    active_seats = serializers.ListField(child=serializers.IntegerField())
    table_size = serializers.IntegerField()


class TableSerializer(serializers.Serializer):
    """Documents :func:`tournaments.services.lists.overview.table_overview`."""

    id = serializers.IntegerField()
    series = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    entry_mode = serializers.ChoiceField(choices=Table.EntryMode.choices)
    seats = SeatSerializer(many=True)
    settlement = SettlementSerializer(many=True)
    games_planned = serializers.IntegerField()
    games_entered = serializers.IntegerField()
    next_game = NextGameSerializer(allow_null=True)


class SeatChangeSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=1, max_value=4)
    after_game = serializers.IntegerField(required=False, min_value=1)
    participant = serializers.IntegerField(required=False)
    from_game = serializers.IntegerField(required=False, min_value=1)


class SummaryRowSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=4)
    game_points = serializers.IntegerField()
    won = serializers.IntegerField(min_value=0)
    lost = serializers.IntegerField(min_value=0)


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
