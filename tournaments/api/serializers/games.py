"""A stored game (Spiel) of a list, with the engine's results."""

import copy
import functools

from django.utils.translation import gettext
from rest_framework import serializers

from tournaments.models import Game, SecondListGame
from tournaments.models.games import STORED_GAME_FIELDS

from ..fields import StrictModelSerializer


class GameSerializer(StrictModelSerializer):
    """A stored game: inputs as entered (``won_entered``) and the engine's results."""

    list_points = serializers.SerializerMethodField()
    explanation = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            *STORED_GAME_FIELDS,
            "list_points",
            "explanation",
            "entered_at",
            "updated_at",
        ]

    def get_fields(self):
        # Building the fields from the model costs a game entry's answer more than writing
        # it (about 0.7 ms); they are the same for every game, so they are built once per
        # process and copied (each serializer binds its own copies).
        template = type(self).__dict__.get("_field_template")
        if template is None:
            template = super().get_fields()
            type(self)._field_template = template
        return copy.deepcopy(template)

    def get_list_points(self, game) -> dict[str, int]:
        return {
            str(row.seat): row.points for row in sorted(game.points.all(), key=lambda r: r.seat)
        }

    def get_explanation(self, game) -> str:
        if game.passed:
            return gettext("passed in (eingepasst)")
        return game.evaluation(game.table.series.tournament.scheme).explain(gettext)


@functools.cache
def _one_game() -> GameSerializer:
    return GameSerializer()


def game_representation(game: Game) -> dict:
    """What ``GameSerializer(game).data`` gives, by one serializer kept per process: its
    fields are bound once, not copied for every game entered (about 0.3 ms of an entry's
    7). Its methods read only the game, so one instance serves every request."""
    return _one_game().to_representation(game)


class SecondGameSerializer(StrictModelSerializer):
    """A stored game of list B (two lists per table): inputs as entered and the engine's
    results; no list points, list B never counts."""

    explanation = serializers.SerializerMethodField()

    class Meta:
        model = SecondListGame
        fields = [*STORED_GAME_FIELDS, "explanation", "entered_at", "updated_at"]

    def get_explanation(self, game) -> str:
        return GameSerializer.get_explanation(self, game)
