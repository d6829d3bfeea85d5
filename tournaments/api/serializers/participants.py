"""Registrations (Anmeldungen), teams and the registration desk's player search."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.api.fields import StrictIntegerField
from tournaments.models import Club, Participant, Player, Publication, Team
from tournaments.models.names import refuse_control_characters
from tournaments.services import participants as participant_service
from tournaments.services.errors import is_id
from tournaments.services.public_names import public_name

from ..fields import StrictBooleanField, StrictCharField, StrictModelSerializer


class RecordField(serializers.PrimaryKeyRelatedField):
    """A related record by id; only whole numbers count (``1.5`` or ``true`` are not ids)."""

    def to_internal_value(self, data):
        if not is_id(data):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


class ParticipantSerializer(StrictModelSerializer):
    """A registration as clients read it; ``club`` and ``team_name`` are names for lists."""

    name = StrictCharField(source="player.full_name", read_only=True)
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
            "present",
            "registered_at",
        ]
        read_only_fields = fields

    def get_club(self, participant) -> str:
        club = participant.player.club
        return club.name if club else ""

    def to_representation(self, participant):
        """With ``context={"public": True}``: named as the player consented
        (services/public_names.py); a player who consented to none is not linked."""
        data = super().to_representation(participant)
        if self.context.get("public"):
            shown = public_name(participant.player, start_number=participant.start_number)
            data["name"], data["club"] = shown.name, shown.club or ""
            if participant.player.publication == Publication.NONE:
                data["player"] = None
        return data

    def get_team_name(self, participant) -> str:
        return participant.team.name if participant.team else ""


class NewPlayerSerializer(serializers.Serializer):
    first_name = StrictCharField(max_length=100, validators=[refuse_control_characters])
    last_name = StrictCharField(max_length=100, validators=[refuse_control_characters])
    club = RecordField(queryset=Club.objects.all(), allow_null=True, required=False)
    member_number = StrictCharField(max_length=30, allow_blank=True, required=False, default="")
    publication = serializers.ChoiceField(
        choices=Publication.choices,
        required=False,
        default="",
        allow_blank=True,
        help_text="The player's consent to publication; empty: the club's default.",
    )


class ParticipantCreateSerializer(serializers.Serializer):
    """Register an existing ``player`` or create a ``new_player`` in the same step."""

    player = RecordField(queryset=Player.objects.all(), required=False)
    new_player = NewPlayerSerializer(required=False)
    team = RecordField(queryset=Team.objects.all(), allow_null=True, required=False)
    start_number = StrictIntegerField(
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
    withdrawn = StrictBooleanField(required=False)
    team = RecordField(queryset=Team.objects.all(), allow_null=True, required=False)


class TeamSerializer(StrictModelSerializer):
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

    id = StrictIntegerField(source="player.id")
    first_name = StrictCharField(source="player.first_name")
    last_name = StrictCharField(source="player.last_name")
    name = StrictCharField(source="player.full_name")
    club = StrictIntegerField(source="player.club_id", allow_null=True)
    club_name = serializers.SerializerMethodField()
    member_number = StrictCharField(source="player.member_number")
    registered = StrictBooleanField()
    participant = StrictIntegerField(allow_null=True)

    def get_club_name(self, match) -> str:
        return match.player.club.name if match.player.club else ""
