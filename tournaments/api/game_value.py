"""``POST /api/v1/game-value/``: the game value calculator of docs/api.md 3.1.

A JSON body is the API's contract; a form body is the calculator page's form as posted,
read by :func:`tournaments.services.lists.game_form.calculator_fields`.
"""

from dataclasses import asdict

from django.http import QueryDict
from django.utils.translation import gettext, gettext_noop
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework_dataclasses.serializers import DataclassSerializer

from tournaments.api.fields import StrictIntegerField
from tournaments.services.lists.game_form import calculator_fields
from tournaments.skat import (
    GAME_FIELDS,
    Evaluation,
    GameType,
    ListPoints,
    Problem,
    evaluate_data,
)

from .errors import problems_response
from .fields import StrictBooleanField, StrictCharField
from .parsers import SafeJSONParser
from .throttles import AddressRateThrottle


class GameValueRequestSerializer(serializers.Serializer):
    """Documents the request; the rules engine does the validation to report every problem."""

    game = serializers.ChoiceField(choices=[g.value for g in GameType])
    matadors = StrictIntegerField(required=False, min_value=1, max_value=11)
    with_matadors = StrictBooleanField(required=False, default=True)
    hand = StrictBooleanField(required=False, default=False)
    ouvert = StrictBooleanField(required=False, default=False)
    schneider_announced = StrictBooleanField(required=False, default=False)
    schwarz_announced = StrictBooleanField(required=False, default=False)
    won = StrictBooleanField(required=False)
    schneider = StrictBooleanField(required=False, default=False)
    schwarz = StrictBooleanField(required=False, default=False)
    declarer_eyes = StrictIntegerField(required=False, min_value=0, max_value=120)
    declarer_tricks = StrictIntegerField(required=False, min_value=0, max_value=10)
    bid = StrictIntegerField(required=False, min_value=18, max_value=264)
    conceded = StrictBooleanField(
        required=False, default=False, help_text="Lost by a rule violation or conceded (einfach)."
    )


class GameValueResponseSerializer(serializers.Serializer):
    game = StrictCharField()
    scored_as = StrictCharField(help_text="Differs from game only for an overbid Null.")
    base_value = StrictIntegerField()
    multiplier = StrictIntegerField(allow_null=True)
    game_value = StrictIntegerField()
    won = StrictBooleanField()
    overbid = StrictBooleanField()
    score = StrictIntegerField()
    list_points = DataclassSerializer(dataclass=ListPoints)
    explanation = StrictCharField()


def evaluation_as_dict(evaluation: Evaluation) -> dict:
    return {
        "game": evaluation.game.value,
        "scored_as": evaluation.scored_as.value,
        "base_value": evaluation.base_value,
        "multiplier": evaluation.multiplier,
        "game_value": evaluation.game_value,
        "won": evaluation.won,
        "overbid": evaluation.overbid,
        "score": evaluation.score,
        "list_points": asdict(evaluation.list_points),
        "explanation": evaluation.explain(gettext),
    }


def unknown_field_problems(data: dict, allowed) -> list[Problem]:
    return [
        Problem(
            str(name),
            "unknown_field",
            gettext_noop("%(field)s is not a field of a game; check the spelling."),
            {"field": name},
        )
        for name in data
        if name not in allowed
    ]


def not_an_object() -> Problem:
    return Problem(
        "body",
        "not_an_object",
        gettext_noop('Send the game as a JSON object, e.g. {"game": "clubs", ...}.'),
    )


class GameValueView(APIView):
    """Value a game exactly as the ISkO says, with SkWO list points. No login needed."""

    permission_classes = [AllowAny]
    authentication_classes = []
    # JSON, and the calculator page's form (urlencoded, or multipart as FormData sends it).
    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]
    throttle_classes = [AddressRateThrottle]
    throttle_scope = "game-value"

    @extend_schema(
        request=GameValueRequestSerializer,
        responses={200: GameValueResponseSerializer},
        examples=[
            OpenApiExample(
                "Overbid clubs game",
                value={"game": "clubs", "matadors": 1, "won": True, "bid": 48},
                request_only=True,
            ),
            OpenApiExample(
                "Grand hand by eyes",
                value={"game": "grand", "matadors": 2, "hand": True, "declarer_eyes": 92},
                request_only=True,
            ),
        ],
    )
    def post(self, request):
        data = request.data
        if isinstance(data, QueryDict):
            # The calculator page posts its form as it is; the touch entry's form reader
            # turns it into game fields, so both pages ask the same question.
            return Response(evaluation_as_dict(evaluate_data(calculator_fields(data))))
        if not isinstance(data, dict):
            return problems_response([not_an_object()])
        unknown = unknown_field_problems(data, GAME_FIELDS)
        if unknown:
            return problems_response(unknown)
        return Response(evaluation_as_dict(evaluate_data(data)))
