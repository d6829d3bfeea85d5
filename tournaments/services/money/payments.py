"""Payments: money handed to or back from the cash box, one row each, never edited.

A mistake is corrected by a refund, so the cash box's history stays complete.
"""

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Participant, Payment, Series, Table, Tournament
from tournaments.services.errors import Rejected, is_id
from tournaments.skat import Problem
from tournaments.skat.money import ZERO

from .amounts import amount_problem, read_amount
from .lists import table_money

K = Payment.Kind


def record_payment(tournament: Tournament, data, *, user=None) -> Payment:
    """One payment from ``{"participant", "kind", "amount", "series"?}``; every problem is
    reported at once and nothing is stored on any."""
    if not isinstance(data, dict):
        raise Rejected.because(
            "", "payment_not_an_object", gettext_noop("Send the payment as a JSON object.")
        )
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
    return Payment.objects.create(
        tournament=tournament,
        participant=participant,
        series=series,
        kind=kind,
        amount=read_amount("amount", data["amount"]),
        created_by=user if user is not None and user.is_authenticated else None,
    )


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
    from .settlement import settle_cash

    settlement = settle_cash(participant.tournament)
    statement = next(s for s in settlement.participants if s.participant == participant.id)
    paid = Payment.objects.filter(participant=participant, kind=K.ENTRY_FEE).values_list(
        "amount", flat=True
    )
    owed = statement.entry_fee - sum(paid, ZERO)
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
