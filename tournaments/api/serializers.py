"""Serializers of API.md section 2; they shape data, the services decide."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.models import Club, Game, Participant, Player, Series, Table, Tournament
from tournaments.services import participants as participant_service


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "short_name", "federation_number"]


class PlayerSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="full_name", read_only=True)

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "name", "club", "member_number"]

    def validate(self, attrs):
        club = attrs.get("club", getattr(self.instance, "club", None))
        number = attrs.get("member_number", getattr(self.instance, "member_number", ""))
        if club is not None and number:
            others = Player.objects.filter(club=club, member_number=number)
            if self.instance is not None:
                others = others.exclude(pk=self.instance.pk)
            if others.exists():
                raise serializers.ValidationError(
                    {"member_number": _("This member number is already used in this club.")}
                )
        return attrs


class TournamentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "date",
            "venue",
            "club",
            "rounds_per_series",
            "planned_series",
            "extra_points",
            "status",
        ]
        extra_kwargs = {"rounds_per_series": {"min_value": 1, "max_value": 40}}


class ParticipantSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.full_name", read_only=True)
    club = serializers.SerializerMethodField()

    class Meta:
        model = Participant
        fields = ["id", "player", "name", "club", "start_number", "team", "withdrawn"]
        extra_kwargs = {"start_number": {"required": False, "min_value": 1}}
        validators = []

    def get_club(self, participant) -> str:
        club = participant.player.club
        return club.name if club else ""

    def create(self, validated_data):
        return participant_service.register(self.context["tournament"], **validated_data)


class SeriesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Series
        fields = ["id", "tournament", "number", "status", "draw_seed", "draw_mode"]
        read_only_fields = ["tournament", "number", "draw_seed", "draw_mode"]


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    participant = serializers.IntegerField()
    name = serializers.CharField()
    start_number = serializers.IntegerField()
    from_game = serializers.IntegerField()
    until_game = serializers.IntegerField(allow_null=True)


class SettlementSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    participant = serializers.IntegerField()
    name = serializers.CharField()
    game_points = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    bonus_won_lost = serializers.IntegerField()
    bonus_opponents_lost = serializers.IntegerField()
    total = serializers.IntegerField()


class TableCreateSerializer(serializers.Serializer):
    number = serializers.IntegerField(required=False, min_value=1)
    seats = serializers.ListField(child=serializers.IntegerField(), min_length=3, max_length=4)


class NextGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer_seat = serializers.IntegerField()
    active_seats = serializers.ListField(child=serializers.IntegerField())
    table_size = serializers.IntegerField()


class TableSerializer(serializers.Serializer):
    """Documents :func:`tournaments.services.tables.table_overview`."""

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


class GameSerializer(serializers.ModelSerializer):
    """A stored game: inputs as entered (``won_entered``) and the engine's results."""

    list_points = serializers.SerializerMethodField()
    explanation = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            "number",
            "dealer_seat",
            "declarer_seat",
            "passed",
            "table_size",
            "game",
            "matadors",
            "with_matadors",
            "hand",
            "ouvert",
            "schneider_announced",
            "schwarz_announced",
            "bid",
            "won_entered",
            "schneider",
            "schwarz",
            "declarer_eyes",
            "declarer_tricks",
            "conceded",
            "scored_as",
            "base_value",
            "multiplier",
            "game_value",
            "won",
            "overbid",
            "score",
            "list_points",
            "explanation",
            "entered_at",
            "updated_at",
        ]

    def get_list_points(self, game) -> dict[str, int]:
        return {
            str(row.seat): row.points for row in sorted(game.points.all(), key=lambda r: r.seat)
        }

    def get_explanation(self, game) -> str:
        if game.passed:
            return gettext("passed in (eingepasst)")
        from tournaments.skat import evaluate

        return evaluate(
            game.declaration(), game.outcome(), game.table.series.tournament.scheme
        ).explain(gettext)


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


class RankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    participant = serializers.IntegerField()
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    team = serializers.CharField()
    series_played = serializers.IntegerField()
    total = serializers.IntegerField()
    game_points = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    bonus_won_lost = serializers.IntegerField()
    bonus_opponents_lost = serializers.IntegerField()


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        from tournaments.models import AuditEntry

        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "object_repr", "before", "after", "reason"]
