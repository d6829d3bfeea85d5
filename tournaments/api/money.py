"""The cash box in the API (docs/api.md, "Money"): tariff, cash, payments, prizes.

Amounts are decimal strings in euros with two decimals ("0.50"). The director and the
treasurer see money; the public sees the prize table (with the winners) only once the
tournament is finished. Thin views: :mod:`tournaments.services.money` checks every value.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.fields import StrictDecimalField, StrictIntegerField
from tournaments.models import Payment, PrizeRule, Tournament
from tournaments.services import money
from tournaments.services.errors import Rejected
from tournaments.services.money.prize_list import prize_list, prize_list_published
from tournaments.services.result_access import refuse_withheld
from tournaments.skat.money import cents

from .fields import StrictBooleanField, StrictCharField
from .game_value import not_an_object
from .permissions import event_of


def Euros(**kwargs):  # noqa: N802 - reads like a field class
    return StrictDecimalField(max_digits=10, decimal_places=2, **kwargs)


class TariffSerializer(serializers.Serializer):
    entry_fee = Euros(help_text="Startgeld per participant.")
    lost_game_fee = Euros(help_text="Per game lost as declarer.")
    lost_game_fee_from = StrictIntegerField(
        allow_null=True, required=False, help_text="From this lost game of a series on …"
    )
    lost_game_fee_higher = Euros(allow_null=True, required=False, help_text="… this rate.")
    passed_game_fee = Euros(required=False, help_text="Per passed-in game and player in it.")
    team_fee = Euros(required=False, help_text="Per player in a team.")
    tandem_fee = Euros(required=False, help_text="Per player of the tandem classification.")


class StatementSerializer(serializers.Serializer):
    participant = StrictIntegerField()
    start_number = StrictIntegerField()
    name = StrictCharField()
    entry_fee = Euros()
    lost_games = StrictIntegerField(help_text="Games lost as declarer, all series.")
    lost_game_fees = Euros()
    paid = Euros(help_text="Entry fee and lost-game money paid.")
    refunded = Euros()
    prize = Euros()
    net = Euros(help_text="prize − entry fee − lost-game money")
    owes = Euros(help_text="Still to pay (negative: the club owes the participant).")


class SeriesMoneySerializer(serializers.Serializer):
    series = StrictIntegerField()
    number = StrictIntegerField()
    lost_games = StrictIntegerField()
    lost_game_fees_due = Euros()
    lost_game_fees_paid = Euros()


class AwardSerializer(serializers.Serializer):
    classification = serializers.ChoiceField(choices=PrizeRule.Classification.choices)
    rank = StrictIntegerField()
    participant = StrictIntegerField()
    name = StrictCharField()
    amount = Euros()
    shared_with = StrictIntegerField(help_text="Players sharing the place.")
    team = StrictCharField()
    series = StrictIntegerField(help_text="A series prize's series number; 0 otherwise.")


class TieWarningSerializer(serializers.Serializer):
    classification = StrictCharField()
    total = StrictIntegerField()
    names = serializers.ListField(child=StrictCharField())
    amounts = serializers.ListField(child=Euros())


class CashSerializer(serializers.Serializer):
    entry_fees_due = Euros()
    entry_fees_paid = Euros()
    lost_game_fees_due = Euros()
    lost_game_fees_paid = Euros()
    refunds = Euros()
    collected = Euros(help_text="entry fees paid + lost-game money paid − refunds")
    prizes = Euros()
    balance = Euros(help_text="What remains for the club: collected − prizes.")
    frozen = StrictBooleanField(help_text="Frozen when the tournament was finished.")
    series = SeriesMoneySerializer(many=True)
    participants = StatementSerializer(many=True)
    awards = AwardSerializer(many=True)
    warnings = TieWarningSerializer(
        many=True, help_text="Equal totals where the tie-break alone decides money."
    )


class PaymentRequestSerializer(serializers.Serializer):
    participant = StrictIntegerField()
    kind = serializers.ChoiceField(choices=Payment.Kind.choices)
    amount = Euros()
    series = StrictIntegerField(
        required=False, help_text="For lost-game money: the series paid for."
    )


class PaymentSerializer(PaymentRequestSerializer):
    id = StrictIntegerField()
    amount = StrictDecimalField(
        max_digits=10,
        decimal_places=2,
        help_text="Negative only for a counter-entry, which cancels the payment it reverses.",
    )
    series = StrictIntegerField(source="series_id", allow_null=True)
    participant = StrictIntegerField(source="participant_id")
    reverses = StrictIntegerField(
        source="reverses_id", allow_null=True, help_text="The payment this counter-entry cancels."
    )
    reversed_by = serializers.SerializerMethodField(
        help_text="The counter-entry that cancelled this payment, if any."
    )
    reason = StrictCharField(help_text="Why a counter-entry was made; empty otherwise.")
    created_at = serializers.DateTimeField()

    def get_reversed_by(self, payment) -> int | None:
        return self.context.get("reversed_by", {}).get(payment.id)


class ReversalRequestSerializer(serializers.Serializer):
    reason = StrictCharField(
        max_length=500, help_text="Why the payment is reversed; kept in the audit trail."
    )


class WinnerSerializer(serializers.Serializer):
    participant = StrictIntegerField()
    name = StrictCharField()
    amount = Euros()


class PrizeSerializer(serializers.Serializer):
    classification = serializers.ChoiceField(
        choices=PrizeRule.Classification.choices, required=False, default="overall"
    )
    series = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="Series prizes only: the series; null or left out for every series.",
    )
    rank = StrictIntegerField()
    amount = Euros(required=False, help_text="A fixed amount …")
    percent = StrictDecimalField(
        max_digits=5, decimal_places=2, required=False, help_text="… or % of the entry fees."
    )
    preview = Euros(read_only=True, help_text="The amount for the current number of participants.")
    winners = WinnerSerializer(
        many=True,
        read_only=True,
        help_text="Who won it: empty until the tournament is finished.",
    )


class PrizeTableSerializer(serializers.Serializer):
    prizes = PrizeSerializer(many=True)
    confirm = StrictBooleanField(
        required=False, help_text="Pay out more than the entry fees anyway."
    )


class SeesMoney(BasePermission):
    message = "Only the tournament director or the treasurer may see the cash box."

    def has_permission(self, request, view) -> bool:
        return money.may_see_money(request.user, event_of(request, view))


class DirectorWritesMoneyRolesRead(SeesMoney):
    message = "Only the tournament director may change this; the treasurer may read it."

    def has_permission(self, request, view) -> bool:
        tournament = event_of(request, view)
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return money.may_see_money(request.user, tournament)
        return money.may_set_tariff_and_prizes(request.user, tournament)


def _tournament(pk) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _tariff_data(tournament) -> dict:
    return TariffSerializer(money.tariff_of(tournament)).data


class TariffView(APIView):
    scope_model = Tournament
    permission_classes = [DirectorWritesMoneyRolesRead]

    @extend_schema(responses=TariffSerializer, summary="The tournament's tariff")
    def get(self, request, pk):
        return Response(_tariff_data(_tournament(pk)))

    @extend_schema(
        request=TariffSerializer,
        responses=TariffSerializer,
        summary="Set the tariff (a change once play started is audited)",
        examples=[
            OpenApiExample(
                "Tiered lost-game fee",
                value={
                    "entry_fee": "10.00",
                    "lost_game_fee": "0.50",
                    "lost_game_fee_from": 4,
                    "lost_game_fee_higher": "1.00",
                    "passed_game_fee": "0.00",
                },
            )
        ],
    )
    def put(self, request, pk):
        tournament = _tournament(pk)
        money.set_tariff(tournament, request.data, user=request.user)
        return Response(_tariff_data(tournament))


class CashView(APIView):
    scope_model = Tournament
    permission_classes = [SeesMoney]

    @extend_schema(responses=CashSerializer, summary="The settlement of the cash box")
    def get(self, request, pk):
        return Response(CashSerializer(money.settlement_of(_tournament(pk))).data)


class PaymentsView(APIView):
    scope_model = Tournament
    permission_classes = [SeesMoney]

    @extend_schema(
        responses=PaymentSerializer(many=True),
        summary="Every payment and counter-entry, oldest first",
    )
    def get(self, request, pk):
        payments = list(_tournament(pk).payments.order_by("created_at", "id"))
        reversed_by = {p.reverses_id: p.id for p in payments if p.reverses_id}
        data = PaymentSerializer(payments, many=True, context={"reversed_by": reversed_by}).data
        return Response(data)

    @extend_schema(
        request=PaymentRequestSerializer,
        responses={201: PaymentSerializer},
        summary="Record an entry fee, lost-game money or a refund (at most what was paid)",
    )
    def post(self, request, pk):
        payment = money.record_payment(_tournament(pk), request.data, user=request.user)
        return Response(PaymentSerializer(payment).data, status=status.HTTP_201_CREATED)


class PaymentReversalView(APIView):
    """A payment is never changed or deleted: a counter-entry with a reason cancels it."""

    scope_model = Tournament
    permission_classes = [SeesMoney]

    @extend_schema(
        request=ReversalRequestSerializer,
        responses={201: PaymentSerializer},
        summary="Reverse a payment by a counter-entry (with a reason, audited)",
    )
    def post(self, request, pk, payment_id):
        body = request.data if isinstance(request.data, dict) else {}
        reversal = money.reverse_payment(
            _tournament(pk), payment_id, body.get("reason"), user=request.user
        )
        return Response(PaymentSerializer(reversal).data, status=status.HTTP_201_CREATED)


class PrizesView(APIView):
    """Readable by anyone once the tournament is finished, by the money roles always."""

    scope_model = Tournament

    def get_permissions(self):
        return [DirectorWritesMoneyRolesRead()]

    def check_permissions(self, request):
        if request.method == "GET" and self._finished():
            if not money.may_see_money(request.user, event_of(request, self)):
                # The winners are results: withheld where the results are (a league venue
                # before its report), as on the prize list page.
                refuse_withheld(request.user, self.kwargs["pk"])
            return
        super().check_permissions(request)

    def _finished(self) -> bool:
        tournament = Tournament.objects.filter(pk=self.kwargs["pk"]).first()
        return tournament is not None and tournament.status == Tournament.Status.FINISHED

    @extend_schema(
        responses=PrizeSerializer(many=True),
        summary="The prize table with the amounts for the current participants",
    )
    def get(self, request, pk):
        tournament = _tournament(pk)
        public = not money.may_see_money(request.user, tournament)
        return Response(_prize_rows(tournament, public=public))

    @extend_schema(
        request=PrizeSerializer(many=True),
        responses=PrizeSerializer(many=True),
        summary="Replace the prize table (a list, or {prizes, confirm})",
        examples=[
            OpenApiExample(
                "Fixed and percent",
                value=[{"rank": 1, "amount": "100.00"}, {"rank": 2, "percent": "20"}],
            )
        ],
    )
    def put(self, request, pk):
        tournament = _tournament(pk)
        rows, confirm = request.data, request.query_params.get("confirm") == "true"
        if isinstance(rows, dict):
            rows, confirm = rows.get("prizes"), rows.get("confirm") is True
        if rows is None:
            raise Rejected([not_an_object()])
        money.set_prize_table(tournament, rows, confirm=confirm, user=request.user)
        return Response(_prize_rows(tournament, public=False))


def _prize_rows(tournament, *, public: bool) -> list[dict]:
    """The prize table; once the tournament is finished each place with its winners from
    the prize list (the settlement's awards), named for the public when ``public``."""
    preview = money.prize_preview(tournament)
    own_lines = {rule.series for rule in money.prize_rules(tournament) if rule.series}
    winners: dict = {}
    if prize_list_published(tournament):
        for line in prize_list(tournament, public=public):
            winner = {
                "participant": line.participant,
                "name": line.name,
                "amount": str(line.amount),
            }
            if line.classification == PrizeRule.Classification.SERIES:
                winner["series"] = line.series
            winners.setdefault((line.classification, line.rank), []).append(winner)
    rows = []
    for rule in money.prize_rules(tournament):
        row = {"classification": rule.classification, "rank": rule.rank}
        if rule.classification == PrizeRule.Classification.SERIES:
            row["series"] = rule.series or None
        if rule.amount is not None:
            row["amount"] = str(cents(rule.amount))
        else:
            row["percent"] = str(cents(rule.percent))
        row["preview"] = str(preview[money.prize_key(rule.classification, rule.series)][rule.rank])
        row["winners"] = _winners_of(rule, winners, own_lines)
        rows.append(row)
    return rows


def _winners_of(rule, winners: dict, own_lines: set[int]) -> list[dict]:
    """A line's winners; the scheme of every series lists those of the series it paid
    (every series without lines of its own), a series' own line those of its series."""
    found = winners.get((rule.classification, rule.rank), [])
    if rule.classification != PrizeRule.Classification.SERIES:
        return found
    if rule.series:
        return [w for w in found if w["series"] == rule.series]
    return [w for w in found if w["series"] not in own_lines]
