"""Shapes of the league's API answers and requests (for the OpenAPI schema); the services
read and check every value."""

from rest_framework import serializers

from tournaments.api.fields import StrictIntegerField
from tournaments.api.signing import MismatchSerializer, ReasonSerializer

__all__ = ["MismatchSerializer", "ReasonSerializer"]  # shared with the lists' answers

Points = serializers.CharField  # team points: a decimal string, "2.5" where a tie shares


class SeasonSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    name = serializers.CharField(max_length=100)


class LeagueSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    season = StrictIntegerField()
    name = serializers.CharField(max_length=100)
    level = StrictIntegerField(required=False, min_value=1, max_value=20)
    series_per_match_day = StrictIntegerField(required=False, min_value=1, max_value=8)
    rounds_per_series = StrictIntegerField(required=False, min_value=1, max_value=40)
    protest_days = StrictIntegerField(required=False, min_value=0, max_value=365)
    min_games = StrictIntegerField(required=False, min_value=0)
    scheme = serializers.ChoiceField(choices=["dskv", "ispa"], required=False)
    players_per_team = StrictIntegerField(
        required=False, help_text="DSkV 4 (the default); ISPA 6 or 8."
    )


class GroupSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    league = StrictIntegerField()
    name = serializers.CharField(max_length=100)
    promotion_places = StrictIntegerField(required=False, min_value=0, max_value=100)
    relegation_places = StrictIntegerField(required=False, min_value=0, max_value=100)
    live_public = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Venue results public live (marked provisional) before publishing.",
    )
    leaders = serializers.ListField(child=StrictIntegerField(), read_only=True)


class GroupSettingsSerializer(serializers.Serializer):
    live_public = serializers.BooleanField(required=False)


class UserRefSerializer(serializers.Serializer):
    user = StrictIntegerField()


class LeagueTeamSerializer(serializers.Serializer):
    id = StrictIntegerField(read_only=True)
    group = StrictIntegerField(read_only=True)
    club = StrictIntegerField()
    name = serializers.CharField(max_length=100)
    players = serializers.ListField(
        child=StrictIntegerField(), help_text="3 to 12 player ids; the first four play."
    )
    substitutes = serializers.ListField(child=StrictIntegerField(), required=False)
    captain = StrictIntegerField(required=False, allow_null=True)
    captain_user = StrictIntegerField(required=False, allow_null=True)


class VenuePlanSerializer(serializers.Serializer):
    host = StrictIntegerField(
        required=False, allow_null=True, help_text="None for a central day's group."
    )
    teams = serializers.ListField(child=StrictIntegerField())


class MatchDayRequestSerializer(serializers.Serializer):
    number = StrictIntegerField(min_value=1, max_value=50)
    date = serializers.DateField()
    central = serializers.BooleanField(required=False)
    venues = VenuePlanSerializer(many=True)


class LateTeamRequestSerializer(serializers.Serializer):
    team = StrictIntegerField()
    from_series = StrictIntegerField(help_text="The first series the late team plays.")


class VenueSerializer(serializers.Serializer):
    id = StrictIntegerField()
    number = StrictIntegerField()
    host = StrictIntegerField(allow_null=True)
    organiser = StrictIntegerField(
        allow_null=True, help_text="The group leader organising a central day's group."
    )
    tournament = StrictIntegerField()
    teams = serializers.ListField(child=StrictIntegerField())
    no_show = serializers.ListField(child=StrictIntegerField())
    late = LateTeamRequestSerializer(many=True)
    report = StrictIntegerField(allow_null=True)


class MatchDaySerializer(serializers.Serializer):
    id = StrictIntegerField()
    group = StrictIntegerField()
    number = StrictIntegerField()
    date = serializers.DateField()
    central = serializers.BooleanField()
    venues = VenueSerializer(many=True)


class LineupRequestSerializer(serializers.Serializer):
    series = StrictIntegerField()
    team = StrictIntegerField()
    players = serializers.ListField(child=StrictIntegerField(), help_text="3 or 4 ids.")


class LineupPlayerSerializer(serializers.Serializer):
    player = StrictIntegerField()
    participant = StrictIntegerField()
    name = serializers.CharField()


class LineupSerializer(serializers.Serializer):
    series = StrictIntegerField()
    team = StrictIntegerField()
    players = LineupPlayerSerializer(many=True)


class TeamRefSerializer(serializers.Serializer):
    team = StrictIntegerField()


class TeamScoreSerializer(serializers.Serializer):
    team = StrictIntegerField()
    name = serializers.CharField()
    game_points = StrictIntegerField()
    team_points = Points()
    no_show = serializers.BooleanField()


class SeriesResultSerializer(serializers.Serializer):
    number = StrictIntegerField()
    teams = TeamScoreSerializer(many=True)


class VenueResultSerializer(serializers.Serializer):
    venue = StrictIntegerField()
    published = serializers.BooleanField()
    provisional = serializers.BooleanField(
        help_text="Shown before the report is published: not final (vorläufig)."
    )
    series = SeriesResultSerializer(many=True)
    teams = TeamScoreSerializer(many=True)


class ReportSignatureSerializer(serializers.Serializer):
    team = StrictIntegerField()
    method = serializers.CharField()
    signed_at = serializers.DateTimeField()


class ProtestSerializer(serializers.Serializer):
    id = StrictIntegerField()
    team = StrictIntegerField()
    reason = serializers.CharField()
    lodged_at = serializers.DateTimeField()
    decision = serializers.CharField()
    decision_reason = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    id = StrictIntegerField()
    venue = StrictIntegerField()
    status = serializers.ChoiceField(choices=["submitted", "checked", "published"])
    state = serializers.ChoiceField(
        choices=["submitted", "checked", "published", "binding"],
        help_text="The status, or binding once the protest window has passed.",
    )
    seal = serializers.CharField()
    sealed_at = serializers.DateTimeField()
    current = serializers.BooleanField(
        help_text="Whether the venue's lists still match the report (else: correct it)."
    )
    protest_until = serializers.DateField()
    binding_from = serializers.DateField()
    signatures = ReportSignatureSerializer(many=True)
    missing_signatures = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The teams present whose captain has not signed.",
    )
    protests = ProtestSerializer(many=True)


class PublishReportSerializer(serializers.Serializer):
    missing_signatures_reason = serializers.CharField(
        required=False,
        help_text="Needed when a present team's captain has not signed (else 409).",
    )


class SignReportSerializer(serializers.Serializer):
    team = StrictIntegerField()
    pin = serializers.CharField(required=False, help_text="The captain's start-card PIN.")
    image = serializers.CharField(required=False, help_text="A drawn signature (PNG data URL).")


class ProtestRequestSerializer(serializers.Serializer):
    team = StrictIntegerField()
    reason = serializers.CharField()


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["upheld", "rejected"])
    reason = serializers.CharField()


class DayResultSerializer(serializers.Serializer):
    number = StrictIntegerField()
    team_points = Points()
    team_points_against = Points(help_text="The points at stake not won (printed 07:02).")
    game_points = StrictIntegerField()
    no_show = serializers.BooleanField()


class TableRowSerializer(serializers.Serializer):
    place = StrictIntegerField()
    team = StrictIntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    team_points = Points()
    team_points_against = Points(help_text="The points at stake not won (printed 07:02).")
    game_points = StrictIntegerField()
    mark = serializers.ChoiceField(choices=["promotion", "relegation"], allow_null=True)
    change = StrictIntegerField(
        allow_null=True, help_text="Places gained since the table before the last match day."
    )
    match_days = DayResultSerializer(many=True)


class GroupTableSerializer(serializers.Serializer):
    group = StrictIntegerField()
    published_only = serializers.BooleanField()
    match_days = serializers.ListField(child=StrictIntegerField())
    rows = TableRowSerializer(many=True)


class PlayerRowSerializer(serializers.Serializer):
    place = StrictIntegerField(allow_null=True)
    player = StrictIntegerField()
    name = serializers.CharField()
    team = serializers.CharField()
    games = StrictIntegerField()
    list_points = StrictIntegerField()
    average = serializers.CharField(help_text="List points per game, two decimals.")
    ranked = serializers.BooleanField()


class PlayerRankingSerializer(serializers.Serializer):
    group = StrictIntegerField()
    min_games = StrictIntegerField()
    rows = PlayerRowSerializer(many=True)


class ReportVerificationSerializer(serializers.Serializer):
    seal = serializers.CharField()
    valid = serializers.BooleanField()
    reason = serializers.CharField()
    message = serializers.CharField()
    report = StrictIntegerField(allow_null=True)
    status = serializers.CharField()
    sealed_at = serializers.CharField(allow_null=True)
    facts = serializers.JSONField(allow_null=True)
    mismatches = MismatchSerializer(many=True)
