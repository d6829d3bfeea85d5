"""A stored game (Spiel) of a list, with the engine's results."""

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

    def to_representation(self, game) -> dict:
        return game_representation(game)

    def get_list_points(self, game) -> dict[str, int]:
        return list_points_of(game)

    def get_explanation(self, game) -> str:
        return explanation_of(game)


def list_points_of(game) -> dict[str, int]:
    """Each seat's list points, by seat: ``{"1": 30, ...}``."""
    return {str(row.seat): row.points for row in sorted(game.points.all(), key=lambda r: r.seat)}


def explanation_of(game) -> str:
    """How the rules valued the game, in the request's language."""
    if game.passed:
        return gettext("passed in (eingepasst)")
    return game.evaluation(game.table.series.tournament.scheme).explain(gettext)


_MOMENT = serializers.DateTimeField()


def game_representation(game: Game) -> dict:
    """A stored game as :class:`GameSerializer` declares it, made directly.

    DRF's own ``to_representation`` walks the 23 fields one by one (a field object, its
    attribute lookup and conversion each); the stored columns are whole numbers, yes/no,
    texts or empty already, so they are taken as they are, and the two moments are
    converted by DRF's own field. ``tests/api/serializers/test_games.py`` checks the
    rendered answer equals DRF's field-by-field one for every kind of game.
    """
    data = {name: getattr(game, name) for name in STORED_GAME_FIELDS}
    data["list_points"] = list_points_of(game)
    data["explanation"] = explanation_of(game)
    data["entered_at"] = _MOMENT.to_representation(game.entered_at)
    data["updated_at"] = _MOMENT.to_representation(game.updated_at)
    return data


class SecondGameSerializer(StrictModelSerializer):
    """A stored game of list B (two lists per table): inputs as entered and the engine's
    results; no list points, list B never counts."""

    explanation = serializers.SerializerMethodField()

    class Meta:
        model = SecondListGame
        fields = [*STORED_GAME_FIELDS, "explanation", "entered_at", "updated_at"]

    def get_explanation(self, game) -> str:
        return explanation_of(game)
