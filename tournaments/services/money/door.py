"""The cash box at the door: what one tap pays, and what is still to be paid per list.

Every payment goes through :func:`~.payments.record_payment` (one row each, audited); the
functions here only decide which rows one tap stands for (docs/money.md).
"""

from decimal import Decimal

from django.db import transaction

from tournaments.models import Payment, Table, Tournament

from .lists import TableMoney
from .payments import ensure_cash_box_open, record_payment
from .settlement import settle_cash

K = Payment.Kind


def mark_entry_fees_paid(tournament: Tournament, *, user=None) -> list[Payment]:
    """Everyone who still owes (part of) the entry fee hands it over: one payment each, in
    the order of the start numbers; nothing for those who owe none."""
    ensure_cash_box_open(tournament)
    with transaction.atomic():
        owed = [
            (statement.participant, statement.entry_fee - statement.entry_fee_paid)
            for statement in settle_cash(tournament).participants
        ]
        return [
            record_payment(
                tournament,
                {"participant": participant, "kind": K.ENTRY_FEE, "amount": str(amount)},
                user=user,
            )
            for participant, amount in owed
            if amount > 0
        ]


def tables_still_owing(tables: list[Table], lists: dict[int, TableMoney]) -> set[int]:
    """The ids of the ``tables`` whose list money (``lists``, by table id) someone still
    owes; one query. A player sits at one table per series, so what they paid for a
    series is what they paid for that table's list."""
    series = {table.series_id for table in tables}
    paid: dict[tuple[int, int], Decimal] = {}
    for row in Payment.objects.filter(series_id__in=series, kind=K.LOST_GAME_FEES).values(
        "participant", "series", "amount"
    ):
        key = (row["participant"], row["series"])
        paid[key] = paid.get(key, Decimal(0)) + row["amount"]
    owing = set()
    for table in tables:
        money = lists.get(table.id)
        if money is None:
            continue
        due: dict[int, Decimal] = {}
        for line in money.lines:
            due[line.participant] = due.get(line.participant, Decimal(0)) + line.amount
        if any(amount > paid.get((p, table.series_id), 0) for p, amount in due.items()):
            owing.add(table.id)
    return owing
