"""Serializers of API.md section 2; they shape data, the services decide."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.models import Club, Game, Participant, Player, Series, Table, Team, Tournament
from tournaments.services import participants as participant_service
from tournaments.services.draw import MODES, SEED_LIMIT
from tournaments.services.errors import is_id
from tournaments.services.player_import import ImportStatus


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
            "team_size",
            "extra_points",
            "status",
        ]
        extra_kwargs = {
            "rounds_per_series": {"min_value": 1, "max_value": 40},
            "planned_series": {"min_value": 1, "max_value": 99},
            "team_size": {"min_value": 1, "max_value": 12},
        }


class RecordField(serializers.PrimaryKeyRelatedField):
    """A related record by id; only whole numbers count (``1.5`` or ``true`` are not ids)."""

    def to_internal_value(self, data):
        if not is_id(data):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


class ParticipantSerializer(serializers.ModelSerializer):
    """A registration as clients read it; ``club`` and ``team_name`` are names for lists."""

    name = serializers.CharField(source="player.full_name", read_only=True)
    club = serializers.SerializerMethodField()
    team_name = serializers.SerializerMethodField()

    class Meta:
        model = Participant
        fields = [
            "id",
            "player",
            "name",
            "club",
            "start_number",
            "team",
            "team_name",
            "withdrawn",
            "registered_at",
        ]
        read_only_fields = fields

    def get_club(self, participant) -> str:
        club = participant.player.club
        return club.name if club else ""

    def get_team_name(self, participant) -> str:
        return participant.team.name if participant.team else ""


class NewPlayerSerializer(serializers.Serializer):
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    club = RecordField(queryset=Club.objects.all(), allow_null=True, required=False)
    member_number = serializers.CharField(
        max_length=30, allow_blank=True, required=False, default=""
    )


class ParticipantCreateSerializer(serializers.Serializer):
    """Register an existing ``player`` or create a ``new_player`` in the same step."""

    player = RecordField(queryset=Player.objects.all(), required=False)
    new_player = NewPlayerSerializer(required=False)
    team = RecordField(queryset=Team.objects.all(), allow_null=True, required=False)
    start_number = serializers.IntegerField(
        min_value=1,
        max_value=participant_service.MAX_START_NUMBER,
        allow_null=True,
        required=False,
        help_text=_("Leave out for the next free start number."),
    )

    def validate(self, attrs):
        if "player" in attrs and "new_player" in attrs:
            message = _(
                'Give either "player" (the id of a known player) or "new_player" (first_name, '
                "last_name, club, member_number), not both."
            )
        elif "player" not in attrs and "new_player" not in attrs:
            message = _(
                'Give "player" (the id of a known player) or "new_player" (first_name, '
                "last_name, club, member_number) to create the player in the same step."
            )
        else:
            return attrs
        raise serializers.ValidationError({"player": message}, code="player_or_new_player")


class ParticipantUpdateSerializer(serializers.Serializer):
    withdrawn = serializers.BooleanField(required=False)
    team = RecordField(queryset=Team.objects.all(), allow_null=True, required=False)


class TeamSerializer(serializers.ModelSerializer):
    """A team (Mannschaft) with its members' participant ids in start-number order."""

    club = RecordField(queryset=Club.objects.all(), allow_null=True, required=False)
    members = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["id", "name", "club", "members"]
        extra_kwargs = {"name": {"max_length": 200}}
        validators = []

    def get_members(self, team) -> list[int]:
        return [m.id for m in sorted(team.members.all(), key=lambda m: m.start_number)]


class PlayerSearchSerializer(serializers.Serializer):
    """A player found for the registration desk, marked if already registered."""

    id = serializers.IntegerField(source="player.id")
    first_name = serializers.CharField(source="player.first_name")
    last_name = serializers.CharField(source="player.last_name")
    name = serializers.CharField(source="player.full_name")
    club = serializers.IntegerField(source="player.club_id", allow_null=True)
    club_name = serializers.SerializerMethodField()
    member_number = serializers.CharField(source="player.member_number")
    registered = serializers.BooleanField()
    participant = serializers.IntegerField(allow_null=True)

    def get_club_name(self, match) -> str:
        return match.player.club.name if match.player.club else ""


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


class DrawRequestSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=MODES, default="random")
    seed = serializers.IntegerField(
        min_value=0,
        max_value=SEED_LIMIT - 1,
        allow_null=True,
        required=False,
        help_text=_("Leave out to draw a new seed; the same seed gives the same tables."),
    )
    prefer_three = serializers.BooleanField(default=False)
    separate_clubs = serializers.BooleanField(default=False)


class DrawnTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text=_("Participant ids in seat order.")
    )


class DrawConflictSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["same_team", "same_club", "met_before"])
    table = serializers.IntegerField(help_text=_("The table number."))
    players = serializers.ListField(child=serializers.IntegerField())
    message = serializers.CharField()


class DrawSerializer(serializers.Serializer):
    """A series' draw: seed and options to repeat it, the tables and what could not be avoided."""

    series = serializers.IntegerField()
    seed = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=MODES)
    prefer_three = serializers.BooleanField()
    separate_clubs = serializers.BooleanField()
    drawn_at = serializers.DateTimeField()
    tables = DrawnTableSerializer(many=True)
    conflicts = DrawConflictSerializer(many=True)


class SeriesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Series
        fields = ["id", "tournament", "number", "status", "draw_seed", "draw_mode", "drawn_at"]
        read_only_fields = ["tournament", "number", "draw_seed", "draw_mode", "drawn_at"]


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
