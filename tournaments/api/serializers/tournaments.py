"""Tournaments (Turniere) and the rows of a ranking."""

from rest_framework_dataclasses.serializers import DataclassSerializer

from tournaments.models import Tournament
from tournaments.services.ranking import RankingRow

from ..fields import StrictModelSerializer


class TournamentSerializer(StrictModelSerializer):
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
            "sign_with_pin",
            "lists_per_table",
            "self_registration",
            "check_in",
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


class RankingRowSerializer(DataclassSerializer):
    """A ranking row; with ``context={"public": True}`` the player is named as they
    consented (services/public_names.py): the name, and the club or ""."""

    class Meta:
        dataclass = RankingRow
        exclude = ["published_name"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if self.context.get("public"):
            shown = instance.public
            data["name"], data["club"] = shown.name, shown.club or ""
        return data
