"""The cash box (Kasse): tariff, the money of each list, payments, prizes, settlement.

Interfaces import from here; see docs/money.md for the rules decided.
"""

from .access import may_record_payments, may_see_money, may_set_tariff_and_prizes
from .lists import SeatMoney, TableMoney, table_money, tables_money
from .payments import mark_entry_fee_paid, mark_table_paid, record_payment
from .prizes import expected_entry_fees, prize_preview, prize_rules, set_prizes
from .settlement import (
    Settlement,
    freeze_settlement,
    prize_base_for_check,
    set_prize_table,
    settle_cash,
    settlement_of,
    unfreeze_settlement,
)
from .tariff import set_tariff, tariff_of

__all__ = [
    "SeatMoney",
    "Settlement",
    "TableMoney",
    "freeze_settlement",
    "mark_entry_fee_paid",
    "mark_table_paid",
    "may_record_payments",
    "may_see_money",
    "may_set_tariff_and_prizes",
    "prize_rules",
    "record_payment",
    "set_prizes",
    "set_tariff",
    "settle_cash",
    "settlement_of",
    "table_money",
    "tables_money",
    "tariff_of",
    "expected_entry_fees",
    "prize_preview",
    "prize_base_for_check",
    "set_prize_table",
    "unfreeze_settlement",
]
