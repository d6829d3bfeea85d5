"""A stored game's answer: made directly, it renders as DRF's field-by-field answer."""

import pytest
from django.utils import translation
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from tests import factories as f
from tournaments.api.serializers.games import GameSerializer, game_representation
from tournaments.models import Game

pytestmark = pytest.mark.django_db

# Games 1 to 7 of a 4-table: seat n deals games n and n + 4 and sits out.
GAMES = [
    {"passed": True},
    {"declarer_seat": 3, "won": True, "game": "diamonds", "matadors": 1},
    {"declarer_seat": 4, "won": False, "game": "grand", "matadors": 2, "hand": True},
    {"declarer_seat": 1, "won": True, "game": "null"},
    {"declarer_seat": 2, "won": True, "game": "null", "ouvert": True, "hand": True},
    {"declarer_seat": 3, "won": False, "game": "hearts", "matadors": 3, "schneider": True},
    {
        "declarer_seat": 4,
        "won": True,
        "game": "clubs",
        "matadors": 1,
        "hand": True,
        "schneider_announced": True,
        "schneider": True,
    },
]


def field_by_field(game) -> dict:
    """What DRF's own ``to_representation`` makes of the serializer's declared fields."""
    return serializers.ModelSerializer.to_representation(GameSerializer(), game)


def test_the_direct_answer_renders_as_drfs_field_by_field_one_for_every_kind_of_game():
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for fields in GAMES:
        f.enter(table, **fields)

    games = Game.objects.filter(table=table).select_related("table__series__tournament")
    for game in games.order_by("number"):
        direct, drf = game_representation(game), field_by_field(game)
        assert JSONRenderer().render(direct) == JSONRenderer().render(drf)
        assert JSONRenderer().render(GameSerializer(game).data) == JSONRenderer().render(drf)
        assert direct["number"] == game.number and direct["list_points"]
    assert len(games) == len(GAMES)


def test_a_corrected_game_answers_with_both_moments_as_drf_writes_them():
    table = f.make_seated_table(players=3, rounds_per_series=1)
    f.enter(table, declarer_seat=2, won=True, game="grand", matadors=1)
    Game.objects.filter(table=table).update(
        entered_at="2026-03-29 00:59:59.123456+00:00", updated_at="2026-10-25 01:30:00+00:00"
    )
    game = Game.objects.select_related("table__series__tournament").get(table=table)

    direct = game_representation(game)

    assert JSONRenderer().render(direct) == JSONRenderer().render(field_by_field(game))
    assert (direct["entered_at"], direct["updated_at"]) == (
        "2026-03-29T01:59:59.123456+01:00",
        "2026-10-25T02:30:00+01:00",
    )


def test_the_answer_speaks_the_language_of_the_request():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    game = f.enter(table, passed=True)

    with translation.override("de"):
        german = game_representation(game)["explanation"]
    with translation.override("en"):
        english = game_representation(game)["explanation"]

    assert (german, english) == ("eingepasst", "passed in (eingepasst)")
