"""The game entry's answer: one serializer kept per process gives what a new one gives."""

import pytest
from django.utils import translation
from rest_framework.renderers import JSONRenderer

from tests import factories as f
from tournaments.api.serializers.games import GameSerializer, game_representation
from tournaments.models import Game

pytestmark = pytest.mark.django_db

# Games 1 to 4 of a 4-table: seat n deals game n and sits out.
GAMES = [
    {"passed": True},
    {"declarer_seat": 3, "won": True, "game": "diamonds", "matadors": 1},
    {"declarer_seat": 4, "won": False, "game": "grand", "matadors": 2, "hand": True},
    {"declarer_seat": 1, "won": True, "game": "null"},
]


def test_the_kept_serializer_answers_as_a_new_one_for_every_kind_of_game():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    for fields in GAMES:
        f.enter(table, **fields)

    games = Game.objects.filter(table=table).select_related("table__series__tournament")
    for game in games.order_by("number"):
        kept, new = game_representation(game), GameSerializer(game).data
        assert JSONRenderer().render(kept) == JSONRenderer().render(new)
        assert kept["number"] == game.number and kept["list_points"]


def test_the_answer_speaks_the_language_of_the_request():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    game = f.enter(table, passed=True)

    with translation.override("de"):
        german = game_representation(game)["explanation"]
    with translation.override("en"):
        english = game_representation(game)["explanation"]

    assert (german, english) == ("eingepasst", "passed in (eingepasst)")
