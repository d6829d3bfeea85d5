"""The cash box (Kasse): tariff, the money of each list, payments, prizes, settlement.

Interfaces import from here; see docs/money.md for the rules decided.
"""

from tournaments.services.roles import (
    may_record_payments,
    may_see_money,
    may_set_tariff_and_prizes,
)

from .door import mark_entry_fees_paid, tables_still_owing
from .lists import SeatMoney, TableMoney, table_money, tables_money
from .payments import (
    CASH_BOX_CLOSED,
    ensure_cash_box_open,
    mark_entry_fee_paid,
    mark_table_paid,
    open_money,
    record_payment,
    reverse_payment,
)
from .payouts import (
    PrizePlace,
    pay_out_prize,
    prize_place,
    prize_places,
    recorded_payouts,
    undo_prize_payout,
)
from .prizes import expected_entry_fees, prize_key, prize_rules, series_prizes, set_prizes
from .settlement import (
    Settlement,
    freeze_settlement,
    prize_base_for_check,
    prize_preview,
    set_prize_table,
    settle_cash,
    settlement_of,
    unfreeze_settlement,
)
from .tariff import set_tariff, tariff_of

__all__ = [
    "CASH_BOX_CLOSED",
    "ensure_cash_box_open",
    "open_money",
    "reverse_payment",
    "SeatMoney",
    "Settlement",
    "TableMoney",
    "freeze_settlement",
    "mark_entry_fee_paid",
    "mark_entry_fees_paid",
    "mark_table_paid",
    "may_record_payments",
    "may_see_money",
    "may_set_tariff_and_prizes",
    "prize_rules",
    "prize_key",
    "series_prizes",
    "PrizePlace",
    "pay_out_prize",
    "prize_place",
    "prize_places",
    "recorded_payouts",
    "undo_prize_payout",
    "record_payment",
    "set_prizes",
    "set_tariff",
    "settle_cash",
    "settlement_of",
    "table_money",
    "tables_money",
    "tables_still_owing",
    "tariff_of",
    "expected_entry_fees",
    "prize_preview",
    "prize_base_for_check",
    "set_prize_table",
    "unfreeze_settlement",
]
