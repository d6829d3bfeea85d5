"""Reading the values of a league request: names, counts, ids and dates, each refused with
a message naming its field (through the product's one reader, services/input.py)."""

import datetime

from django.utils.translation import gettext_noop

from tournaments.services.errors import Rejected, is_id
from tournaments.services.input import ascii_whole_number, free_text, whole_number

NAME_LENGTH = 100


def name(value, *, field: str = "name", limit: int = NAME_LENGTH) -> str:
    """A required name of one line, blanks collapsed."""
    text = free_text(value, field=field, max_length=limit, required=True, multiline=False)
    return " ".join(text.split())


def count(value, *, field: str, low: int, high: int, default: int | None = None) -> int:
    """A whole number within ``low``..``high``; ``default`` when it is not given."""
    if value is None and default is not None:
        return default
    return whole_number(value, field=field, low=low, high=high)


def flag(value, *, field: str, default: bool = False) -> bool:
    if value is None:
        return default
    if not isinstance(value, bool):
        raise Rejected.because(field, "invalid_flag", gettext_noop("Answer with true or false."))
    return value


def date(value, *, field: str = "date") -> datetime.date:
    """A date as ``YYYY-MM-DD`` (or a date object)."""
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise Rejected.because(
        field, "invalid_date", gettext_noop('Give the date as year-month-day, e.g. "2027-03-22".')
    )


def object_of(queryset, value, *, field: str, missing: str):
    """The object with id ``value`` in ``queryset``, or a refusal naming the field with the
    message ``missing`` (a msgid with ``%(id)s``)."""
    pk = ascii_whole_number(value) if not isinstance(value, bool) else None
    found = queryset.filter(pk=pk).first() if is_id(pk) else None
    if found is None:
        raise Rejected.because(field, "unknown_id", missing, id=str(value)[:20])
    return found


def objects_of(queryset, values, *, field: str, missing: str, low: int = 0, high: int = 100):
    """A list of ids as the objects of ``queryset`` in that order, each at most once."""
    if not isinstance(values, list) or not low <= len(values) <= high:
        raise Rejected.because(
            field,
            "invalid_list",
            gettext_noop("Give a list of %(low)d to %(high)d ids."),
            low=low,
            high=high,
        )
    found = [object_of(queryset, value, field=field, missing=missing) for value in values]
    if len({obj.pk for obj in found}) != len(found):
        raise Rejected.because(
            field, "repeated_id", gettext_noop("Each id may be given only once in this list.")
        )
    return found


def all_of(**readers) -> dict:
    """Each ``name=lambda: reading(...)`` read, or one refusal with every problem at once."""
    values, problems = {}, []
    for name, read in readers.items():
        try:
            values[name] = read()
        except Rejected as refused:
            problems += refused.problems
    if problems:
        raise Rejected(problems)
    return values
