"""Prize payouts in the API (docs/api.md, "Money"): the prize places of a finished
tournament, one payout per place, and taking one back with a reason.

The director and the treasurer hand prizes over (``may_record_payments``); nobody else
reads or writes here. Amounts and winners come from the frozen settlement through
:mod:`tournaments.services.money.payouts`; these views only read the request.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.fields import StrictCharField, StrictDecimalField, StrictIntegerField
from tournaments.models import PrizePayout, Tournament
from tournaments.services import money
from tournaments.services.money.prizes import MAX_RANK

from .fields import StrictBooleanField
from .permissions import event_of


def Euros(**kwargs):  # noqa: N802 - reads like a field class
    return StrictDecimalField(max_digits=10, decimal_places=2, **kwargs)


class PlaceRequestSerializer(serializers.Serializer):
    classification = StrictCharField(
        required=False,
        default="overall",
        help_text="overall, women, juniors, seniors, teams or series.",
    )
    rank = StrictIntegerField(min_value=1, max_value=MAX_RANK, help_text="The place.")
    series = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=99,
        help_text="A series prize's series (classification series); 0 for every other prize.",
    )


class UndoRequestSerializer(PlaceRequestSerializer):
    reason = serializers.JSONField(
        required=False, help_text="Why the payout is taken back (required; audited)."
    )


class WinnerShareSerializer(serializers.Serializer):
    participant = StrictIntegerField()
    name = StrictCharField()
    amount = Euros()


class PayoutRowSerializer(serializers.Serializer):
    id = StrictIntegerField()
    participant = StrictIntegerField(source="participant_id")
    amount = Euros()
    paid_at = serializers.DateTimeField(source="created_at")


class PrizePlaceSerializer(serializers.Serializer):
    classification = StrictCharField()
    series = StrictIntegerField(help_text="A series prize's series; 0 for every other prize.")
    rank = StrictIntegerField()
    amount = Euros(help_text="The place's prize, all its winners together.")
    winners = WinnerShareSerializer(many=True)
    paid_out = StrictBooleanField()
    stale = StrictBooleanField(
        help_text="Paid out to other winners or amounts than the final standings now award "
        "(a correction after a reopen): undo the payout and pay the place again."
    )
    payouts = PayoutRowSerializer(many=True, help_text="What was handed over, per winner.")


class KeepsMoney(BasePermission):
    message = "Only the tournament director or the treasurer may pay out prizes."

    def has_permission(self, request, view) -> bool:
        return money.may_record_payments(request.user, event_of(request, view))


def _tournament(pk) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _place_data(place, payouts) -> dict:
    return {
        "classification": place.classification,
        "series": place.series,
        "rank": place.rank,
        "amount": str(place.amount),
        "winners": [
            {"participant": participant, "name": name, "amount": str(amount)}
            for participant, name, amount in place.winners
        ],
        "paid_out": place.paid_out,
        "stale": place.stale,
        "payouts": PayoutRowSerializer(
            payouts.get((place.classification, place.series, place.rank), []), many=True
        ).data,
    }


def _payouts_of(tournament) -> dict:
    grouped: dict = {}
    for payout in PrizePayout.objects.filter(tournament=tournament).order_by("id"):
        grouped.setdefault((payout.classification, payout.series, payout.rank), []).append(payout)
    return grouped


def _one_place(tournament, classification, rank, series) -> dict:
    place = money.prize_place(tournament, classification, rank, series=series)
    return _place_data(place, _payouts_of(tournament))


def _read(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data if isinstance(request.data, dict) else {})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class PayoutsView(APIView):
    scope_model = Tournament
    permission_classes = [KeepsMoney]

    @extend_schema(
        responses=PrizePlaceSerializer(many=True),
        summary="The prize places with their winners and whether each was paid out",
    )
    def get(self, request, pk):
        tournament = _tournament(pk)
        payouts = _payouts_of(tournament)
        finished = tournament.status == Tournament.Status.FINISHED
        places = money.prize_places(tournament) if finished else []
        return Response([_place_data(place, payouts) for place in places])

    @extend_schema(
        request=PlaceRequestSerializer,
        responses={201: PrizePlaceSerializer},
        summary="Record that the prize of a place was handed over (once per place)",
        examples=[OpenApiExample("Place 1", value={"classification": "overall", "rank": 1})],
    )
    def post(self, request, pk):
        tournament = _tournament(pk)
        data = _read(PlaceRequestSerializer, request)
        money.pay_out_prize(
            tournament,
            data["classification"],
            data["rank"],
            series=data["series"],
            user=request.user,
        )
        place = _one_place(tournament, data["classification"], data["rank"], data["series"])
        return Response(place, status=status.HTTP_201_CREATED)


class PayoutUndoView(APIView):
    """A payout tapped for the wrong place is taken back with a reason (audited)."""

    scope_model = Tournament
    permission_classes = [KeepsMoney]

    @extend_schema(
        request=UndoRequestSerializer,
        responses={200: PrizePlaceSerializer},
        summary="Take back a place's payout (with a reason, audited)",
        examples=[
            OpenApiExample(
                "Wrong place",
                value={"classification": "overall", "rank": 1, "reason": "falscher Platz"},
            )
        ],
    )
    def post(self, request, pk):
        tournament = _tournament(pk)
        data = _read(UndoRequestSerializer, request)
        money.undo_prize_payout(
            tournament,
            data["classification"],
            data["rank"],
            data.get("reason"),
            series=data["series"],
            user=request.user,
        )
        return Response(
            _one_place(tournament, data["classification"], data["rank"], data["series"])
        )
