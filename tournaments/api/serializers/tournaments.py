"""Tournaments (Turniere) and the rows of a ranking."""

from rest_framework import serializers

from tournaments.models import Tournament


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
            "finished_at",
        ]
        # The status changes only through the finish and reopen steps (services.states).
        read_only_fields = ["status", "finished_at"]
        extra_kwargs = {
            "rounds_per_series": {"min_value": 1, "max_value": 40},
            "planned_series": {"min_value": 1, "max_value": 99},
            "team_size": {"min_value": 1, "max_value": 12},
        }


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
