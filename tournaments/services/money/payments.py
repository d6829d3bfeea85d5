"""Payments: money handed to or back from the cash box, one row each, never edited.

Three rules keep the cash box balanced by construction:

- a refund never exceeds what that participant has paid and not yet got back;
- a mistake is undone by a counter-entry (:func:`reverse_payment`, with a reason, in the
  audit trail), never by changing or deleting a row (the model refuses both);
- a finished tournament's cash box is closed: its settlement is frozen, so payments are
  refused until the director reopens the tournament (with a reason).

Each payment locks its participant's row first, so two refunds at once cannot both pass
the check against the same amount paid.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext_noop

from tournaments.models import Participant, Payment, Series, Table, Tournament
from tournaments.services import audit
from tournaments.services.errors import Refusal, Rejected, is_id
from tournaments.services.finishing import ensure_unfinished
from tournaments.services.input import MAX_REASON_LENGTH, REASON_REQUIRED, free_text
from tournaments.skat import Problem
from tournaments.skat.money import ZERO, cents

from .amounts import amount_problem, read_amount
from .lists import table_money

PAYMENT_NOT_AN_OBJECT = Refusal(
    "", "payment_not_an_object", gettext_noop("Send the payment as a JSON object.")
)
REFUND_EXCEEDS_PAID = Refusal(
    "amount",
    "refund_exceeds_paid",
    gettext_noop(
        "A refund can be at most what %(name)s has paid and not got back yet: %(refundable)s €."
    ),
)
PAYMENT_NOT_FOUND = Refusal(
    "payment",
    "payment_not_found",
    gettext_noop("There is no such payment in this tournament's cash box."),
    missing=True,
)
PAYMENT_IS_A_REVERSAL = Refusal(
    "payment",
    "payment_is_a_reversal",
    gettext_noop("This entry is itself a counter-entry; record the payment anew instead."),
    conflict=True,
)
PAYMENT_ALREADY_REVERSED = Refusal(
    "payment",
    "payment_already_reversed",
    gettext_noop("This payment has already been reversed."),
    conflict=True,
)
REVERSAL_BELOW_REFUNDS = Refusal(
    "payment",
    "reversal_below_refunds",
    gettext_noop(
        "Reversing this payment would leave more refunded than paid. Reverse the refund first."
    ),
    conflict=True,
)
MONEY_OPEN = Refusal(
    "open_money_ok",
    "money_open",
    gettext_noop(
        "Money is still open: %(amounts)s. Collect it before finishing — afterwards "
        "the cash box takes no payments — or confirm that these amounts stay open in "
        "the settlement."
    ),
    conflict=True,
)


K = Payment.Kind
# Why the cash box of a finished tournament takes no money; the pages say it too.
CASH_BOX_CLOSED = Refusal(
    None,
    "tournament_finished",
    gettext_noop(
        "The tournament is finished, so its cash box is closed and the settlement is frozen. "
        "To record a payment or change the tariff or the prizes, reopen the tournament (with "
        "a reason) on its page, then finish it again."
    ),
    conflict=True,
)


def ensure_cash_box_open(tournament: Tournament, field: str = "tournament") -> None:
    """Refuse a change to a finished tournament's money (409, ``tournament_finished``)."""
    ensure_unfinished(tournament, CASH_BOX_CLOSED, field)


def record_payment(tournament: Tournament, data, *, user=None) -> Payment:
    """One payment from ``{"participant", "kind", "amount", "series"?}``; every problem is
    reported at once and nothing is stored on any."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        ensure_cash_box_open(tournament)
        payment = _new_payment(tournament, data, user=user)
        audit.record(
            "payment_recorded",
            user=user,
            obj=payment,
            after={
                "payment": payment.id,
                "participant": payment.participant_id,
                "kind": payment.kind,
                "amount": str(payment.amount),
            },
        )
    return payment


def _new_payment(tournament, data, *, user) -> Payment:
    if not isinstance(data, dict):
        raise PAYMENT_NOT_AN_OBJECT.rejected()
    problems: list[Problem] = []
    participant = _participant(tournament, data.get("participant"), problems)
    kind = data.get("kind")
    if kind not in K.values:
        problems.append(
            Problem(
                "kind",
                "unknown_payment_kind",
                gettext_noop("Choose entry_fee, lost_game_fees or refund."),
            )
        )
    problem = amount_problem("amount", data.get("amount"))
    if problem is None and read_amount("amount", data.get("amount")) == ZERO:
        problem = Problem(
            "amount", "amount_zero", gettext_noop("A payment needs an amount above 0.00.")
        )
    if problem is not None:
        problems.append(problem)
    series = _series(tournament, data.get("series"), problems)
    if problems:
        raise Rejected(problems)
    Participant.objects.select_for_update().filter(pk=participant.pk).first()
    amount = read_amount("amount", data["amount"])
    if kind == K.REFUND:
        refundable = _refundable(participant)
        if amount > refundable:
            raise REFUND_EXCEEDS_PAID.rejected(
                name=participant.player.full_name, refundable=_euros(refundable)
            )
    return Payment.objects.create(
        tournament=tournament,
        participant=participant,
        series=series,
        kind=kind,
        amount=amount,
        created_by=user if user is not None and user.is_authenticated else None,
    )


def reverse_payment(tournament: Tournament, payment_id, reason, *, user=None) -> Payment:
    """Cancel a payment by a counter-entry: the negative amount, same kind and series.

    Refused (naming the field) for a payment of another tournament, a counter-entry, one
    already reversed, a reversal that would leave more refunded than paid, a missing
    reason, and while the tournament is finished.
    """
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        ensure_cash_box_open(tournament)
        original = (
            Payment.objects.filter(pk=payment_id, tournament=tournament).first()
            if is_id(payment_id)
            else None
        )
        if original is None:
            raise PAYMENT_NOT_FOUND.rejected()
        Participant.objects.select_for_update().filter(pk=original.participant_id).first()
        _ensure_reversible(original, reason)
        reversal = Payment.objects.create(
            tournament=tournament,
            participant_id=original.participant_id,
            series_id=original.series_id,
            kind=original.kind,
            amount=-original.amount,
            reverses=original,
            reason=reason,
            created_by=user if user is not None and user.is_authenticated else None,
        )
        audit.record(
            "payment_reversed",
            user=user,
            obj=original,
            before={"payment": original.id, "kind": original.kind, "amount": str(original.amount)},
            after={"payment": reversal.id, "amount": str(reversal.amount)},
            reason=reason,
        )
    return reversal


def _ensure_reversible(original: Payment, reason: str) -> None:
    if original.reverses_id is not None:
        raise PAYMENT_IS_A_REVERSAL.rejected()
    if Payment.objects.filter(reverses=original).exists():
        raise PAYMENT_ALREADY_REVERSED.rejected()
    if original.kind != K.REFUND and _refundable(original.participant) < original.amount:
        raise REVERSAL_BELOW_REFUNDS.rejected()
    if not reason:
        raise REASON_REQUIRED.rejected()


def _refundable(participant: Participant) -> Decimal:
    """What ``participant`` has paid (entry fee and lost-game money) less what was refunded."""
    sums = dict(
        Payment.objects.filter(participant=participant)
        .order_by()
        .values("kind")
        .annotate(total=Sum("amount"))
        .values_list("kind", "total")
    )
    paid = sums.get(K.ENTRY_FEE, ZERO) + sums.get(K.LOST_GAME_FEES, ZERO)
    # SQLite sums decimals as floats: back to cents before comparing.
    return cents(paid - sums.get(K.REFUND, ZERO))


@dataclass(frozen=True)
class OpenAmount:
    """What one participant still owes (negative: what the club still owes them)."""

    participant: int
    name: str
    owes: Decimal

    @property
    def amount(self) -> Decimal:
        """The open amount without its direction, as a page lists it."""
        return abs(self.owes)


def open_money(tournament: Tournament) -> list[OpenAmount]:
    """Every participant whose account is not settled, by start number."""
    from .settlement import settle_cash

    return [
        OpenAmount(s.participant, s.name, s.owes)
        for s in settle_cash(tournament).participants
        if s.owes != ZERO
    ]


def ensure_money_settled(tournament: Tournament, *, open_money_ok=False, **_details) -> None:
    """Before a tournament is finished: refuse while money is open, unless confirmed.

    After the finish the cash box takes no payments, so the treasurer collects first; a
    director who knows the amounts stay open confirms with ``open_money_ok``.
    """
    if open_money_ok is True:
        return
    still_open = open_money(tournament)
    if still_open:
        raise MONEY_OPEN.rejected(
            amounts="; ".join(f"{a.name} {_euros(a.owes)} €" for a in still_open)
        )


def _euros(amount: Decimal) -> str:
    """10,50 — the German way, as the pages show amounts."""
    return f"{amount:.2f}".replace(".", ",")


def _participant(tournament, value, problems) -> Participant | None:
    participant = (
        Participant.objects.filter(pk=value).select_related("tournament").first()
        if is_id(value)
        else None
    )
    if participant is None or participant.tournament_id != tournament.id:
        problems.append(
            Problem(
                "participant",
                "participant_not_in_tournament",
                gettext_noop(
                    "This participant is not registered for this tournament; choose one of "
                    "its participants."
                ),
            )
        )
        return None
    return participant


def _series(tournament, value, problems) -> Series | None:
    if value is None:
        return None
    series = (
        Series.objects.filter(pk=value, tournament=tournament).first() if is_id(value) else None
    )
    if series is None:
        problems.append(
            Problem(
                "series",
                "series_not_in_tournament",
                gettext_noop("This series does not belong to this tournament."),
            )
        )
    return series


def mark_entry_fee_paid(participant: Participant, *, user=None) -> Payment | None:
    """The participant hands over the entry fee still owed (nothing if none is owed)."""
    from .settlement import entry_fee_due_of

    ensure_cash_box_open(participant.tournament)
    paid = Payment.objects.filter(participant=participant, kind=K.ENTRY_FEE).values_list(
        "amount", flat=True
    )
    owed = entry_fee_due_of(participant) - sum(paid, ZERO)
    if owed <= 0:
        return None
    return record_payment(
        participant.tournament,
        {"participant": participant.id, "kind": K.ENTRY_FEE, "amount": str(owed)},
        user=user,
    )


def mark_table_paid(table: Table, *, user=None) -> list[Payment]:
    """Everyone at the table pays the lost-game money of this list still owed."""
    tournament = table.series.tournament
    ensure_cash_box_open(tournament)
    owed = outstanding_for_series(table)
    with transaction.atomic():
        return [
            record_payment(
                tournament,
                {
                    "participant": participant,
                    "kind": K.LOST_GAME_FEES,
                    "amount": str(amount),
                    "series": table.series_id,
                },
                user=user,
            )
            for participant, amount in owed.items()
            if amount > 0
        ]


def outstanding_for_series(table: Table) -> dict[int, Decimal]:
    """Participant → lost-game money of this table's list not yet paid for its series."""
    money = table_money(table)
    due: dict[int, Decimal] = {}
    for line in money.lines:
        due[line.participant] = due.get(line.participant, ZERO) + line.amount
    for payment in Payment.objects.filter(
        series=table.series, kind=K.LOST_GAME_FEES, participant_id__in=list(due)
    ).values("participant", "amount"):
        due[payment["participant"]] -= payment["amount"]
    return due
