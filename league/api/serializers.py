"""Shapes of the league's API answers and requests (for the OpenAPI schema); the services
read and check every value."""

from rest_framework import serializers

from tournaments.api.signing import MismatchSerializer, ReasonSerializer

__all__ = ["MismatchSerializer", "ReasonSerializer"]  # shared with the lists' answers

Points = serializers.CharField  # team points: a decimal string, "2.5" where a tie shares


class SeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=100)


class LeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    season = serializers.IntegerField()
    name = serializers.CharField(max_length=100)
    series_per_match_day = serializers.IntegerField(required=False, min_value=1, max_value=8)
    rounds_per_series = serializers.IntegerField(required=False, min_value=1, max_value=40)
    protest_days = serializers.IntegerField(required=False, min_value=0, max_value=365)
    min_games = serializers.IntegerField(required=False, min_value=0)


class GroupSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    league = serializers.IntegerField()
    name = serializers.CharField(max_length=100)
    promotion_places = serializers.IntegerField(required=False, min_value=0, max_value=100)
    relegation_places = serializers.IntegerField(required=False, min_value=0, max_value=100)
    live_public = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Venue results public live (marked provisional) before publishing.",
    )
    leaders = serializers.ListField(child=serializers.IntegerField(), read_only=True)


class GroupSettingsSerializer(serializers.Serializer):
    live_public = serializers.BooleanField(required=False)


class UserRefSerializer(serializers.Serializer):
    user = serializers.IntegerField()


class LeagueTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    group = serializers.IntegerField(read_only=True)
    club = serializers.IntegerField()
    name = serializers.CharField(max_length=100)
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="3 to 12 player ids; the first four play."
    )
    substitutes = serializers.ListField(child=serializers.IntegerField(), required=False)
    captain = serializers.IntegerField(required=False, allow_null=True)
    captain_user = serializers.IntegerField(required=False, allow_null=True)


class VenuePlanSerializer(serializers.Serializer):
    host = serializers.IntegerField()
    teams = serializers.ListField(child=serializers.IntegerField())


class MatchDayRequestSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=50)
    date = serializers.DateField()
    central = serializers.BooleanField(required=False)
    venues = VenuePlanSerializer(many=True)


class VenueSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    host = serializers.IntegerField()
    tournament = serializers.IntegerField()
    teams = serializers.ListField(child=serializers.IntegerField())
    no_show = serializers.ListField(child=serializers.IntegerField())
    report = serializers.IntegerField(allow_null=True)


class MatchDaySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    group = serializers.IntegerField()
    number = serializers.IntegerField()
    date = serializers.DateField()
    central = serializers.BooleanField()
    venues = VenueSerializer(many=True)


class LineupRequestSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    team = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField(), help_text="3 or 4 ids.")


class LineupPlayerSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    participant = serializers.IntegerField()
    name = serializers.CharField()


class LineupSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    team = serializers.IntegerField()
    players = LineupPlayerSerializer(many=True)


class TeamRefSerializer(serializers.Serializer):
    team = serializers.IntegerField()


class TeamScoreSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    game_points = serializers.IntegerField()
    team_points = Points()
    no_show = serializers.BooleanField()


class SeriesResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    teams = TeamScoreSerializer(many=True)


class VenueResultSerializer(serializers.Serializer):
    venue = serializers.IntegerField()
    published = serializers.BooleanField()
    provisional = serializers.BooleanField(
        help_text="Shown before the report is published: not final (vorläufig)."
    )
    series = SeriesResultSerializer(many=True)
    teams = TeamScoreSerializer(many=True)


class ReportSignatureSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    method = serializers.CharField()
    signed_at = serializers.DateTimeField()


class ProtestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team = serializers.IntegerField()
    reason = serializers.CharField()
    lodged_at = serializers.DateTimeField()
    decision = serializers.CharField()
    decision_reason = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    venue = serializers.IntegerField()
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
    team = serializers.IntegerField()
    pin = serializers.CharField(required=False, help_text="The captain's start-card PIN.")
    image = serializers.CharField(required=False, help_text="A drawn signature (PNG data URL).")


class ProtestRequestSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    reason = serializers.CharField()


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["upheld", "rejected"])
    reason = serializers.CharField()


class DayResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    team_points = Points()
    team_points_against = Points(help_text="The points at stake not won (printed 07:02).")
    game_points = serializers.IntegerField()
    no_show = serializers.BooleanField()


class TableRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    team_points = Points()
    team_points_against = Points(help_text="The points at stake not won (printed 07:02).")
    game_points = serializers.IntegerField()
    mark = serializers.ChoiceField(choices=["promotion", "relegation"], allow_null=True)
    change = serializers.IntegerField(
        allow_null=True, help_text="Places gained since the table before the last match day."
    )
    match_days = DayResultSerializer(many=True)


class GroupTableSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    published_only = serializers.BooleanField()
    match_days = serializers.ListField(child=serializers.IntegerField())
    rows = TableRowSerializer(many=True)


class PlayerRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField()
    name = serializers.CharField()
    team = serializers.CharField()
    games = serializers.IntegerField()
    list_points = serializers.IntegerField()
    average = serializers.CharField(help_text="List points per game, two decimals.")
    ranked = serializers.BooleanField()


class PlayerRankingSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    min_games = serializers.IntegerField()
    rows = PlayerRowSerializer(many=True)


class ReportVerificationSerializer(serializers.Serializer):
    seal = serializers.CharField()
    valid = serializers.BooleanField()
    reason = serializers.CharField()
    message = serializers.CharField()
    report = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    sealed_at = serializers.CharField(allow_null=True)
    facts = serializers.JSONField(allow_null=True)
    mismatches = MismatchSerializer(many=True)
