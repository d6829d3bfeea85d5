"""Reading amounts of money from user input: exact decimals with at most two decimals."""

import re
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext_noop

from tournaments.services.errors import Rejected
from tournaments.skat import Problem

MAX_AMOUNT = Decimal("999999.99")
# Digits 0-9, a sign and a decimal point only: Decimal() also reads "1e2" as 100, "٣" or
# "１０" (other scripts' digits) as numbers, and "Infinity".
_AMOUNT_TEXT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def amount_problem(field: str, value, *, maximum: Decimal = MAX_AMOUNT) -> Problem | None:
    """Why ``value`` is no amount in euros (None if it is one)."""
    number = _decimal(value)
    if number is None:
        return Problem(
            field,
            "amount_not_a_number",
            gettext_noop("Enter an amount in euros such as 0.50 or 10.00."),
        )
    if number < 0:
        return Problem(
            field, "amount_negative", gettext_noop("An amount cannot be negative; enter 0 or more.")
        )
    if number.as_tuple().exponent < -2:
        return Problem(
            field,
            "amount_too_precise",
            gettext_noop("Amounts have at most two decimals (cents), e.g. 0.50."),
        )
    if number > maximum:
        return Problem(
            field,
            "amount_too_large",
            gettext_noop("The amount is too large; at most %(maximum)s."),
            {"maximum": str(maximum)},
        )
    return None


def read_amount(field: str, value, *, maximum: Decimal = MAX_AMOUNT) -> Decimal:
    """``value`` as an exact Decimal with two decimals, or :class:`Rejected` naming ``field``."""
    problem = amount_problem(field, value, maximum=maximum)
    if problem is not None:
        raise Rejected([problem])
    return _decimal(value).quantize(Decimal("0.01"))


def _decimal(value) -> Decimal | None:
    """Strings and whole numbers; also German "0,50". Floats only through their text."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        value = value.strip().replace(",", ".") if value.count(",") == 1 else value.strip()
        if not _AMOUNT_TEXT.fullmatch(value):
            return None
    elif isinstance(value, float):
        value = repr(value)
    elif not isinstance(value, int | Decimal):
        return None
    try:
        number = Decimal(value)
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None
