"""Reading what people type or send: whole numbers and free text, one way for every door.

Every service and view that takes a number from a query string or a form, or a free text
(a reason, a note), reads it here, so that hostile or odd input gets the same clear refusal
everywhere instead of a 500:

- **Whole numbers** are ASCII digits only. ``str.isdigit()`` also accepts "³" or "٣",
  which ``int()`` then refuses (or reads as another number); a range keeps a number from
  reaching the database or a loop unbounded.
- **Free text** is stored in Unicode normal form C, without control characters (other than
  line breaks and tabs where several lines make sense), without lone surrogates, which
  no database encoding can store, and without U+FFFD, the mark of bytes that were no
  UTF-8; its length is limited (documented in docs/api.md), so
  that one device cannot fill the audit trail.
"""

import re
import unicodedata

from django.utils.translation import gettext_noop

from .errors import Refusal

# The readers are told the field they read, so their refusals name none of their own.
INVALID_NUMBER = Refusal(
    None,
    "invalid_number",
    gettext_noop("Enter a whole number from %(low)d to %(high)d (digits 0–9 only)."),
)
INVALID_TEXT = Refusal(None, "invalid_text", gettext_noop("Enter text here."))
LONE_SURROGATE = Refusal(
    None,
    "invalid_character",
    gettext_noop("The text contains a broken character (a lone surrogate); type it again."),
)
BROKEN_IN_TRANSIT = Refusal(
    None,
    "invalid_character",
    gettext_noop(
        "The text contains a broken character (�): it did not arrive as it was "
        "typed; type it again."
    ),
)
CONTROL_CHARACTER = Refusal(
    None,
    "control_character",
    gettext_noop(
        "The text contains an invisible control character (%(character)s); type it again."
    ),
)
TOO_LONG = Refusal(
    None, "too_long", gettext_noop("At most %(max)d characters, please (now %(length)d).")
)
REQUIRED = Refusal(None, "required", gettext_noop("This field is required."))


# The documented limits of free text (docs/api.md, "Limits").
MAX_REASON_LENGTH = 500
MAX_NOTE_LENGTH = 500
# A step that is audited with a reason (reopening, reversing a payment) refuses without one.
REASON_REQUIRED = Refusal(
    "reason", "reason_required", gettext_noop("Give a reason; it is kept in the audit trail.")
)

# Django reads bytes that are not UTF-8 in a form or query (a broken phone, a lone
# surrogate sent as UTF-8) as U+FFFD; the text that was meant is lost, so it is refused
# like a lone surrogate in JSON. Nobody types U+FFFD on purpose.
REPLACEMENT_CHARACTER = "\ufffd"
_DIGITS = re.compile(r"[0-9]{1,18}")
# Line breaks and tabs belong in a text of several lines; every other control character
# (C0, DEL, C1) comes from copying out of another program.
_MULTILINE_ALLOWED = frozenset("\n\t")


def ascii_whole_number(value) -> int | None:
    """``value`` as a non-negative whole number if it is one written in ASCII digits, else None.

    Integers pass as they are (booleans do not: ``True`` is no number of games).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str):
        text = value.strip()
        return int(text) if _DIGITS.fullmatch(text) else None
    return None


def query_number(value, *, default: int, low: int, high: int) -> int:
    """A number from a query string, within ``low``..``high``; ``default`` if it is none.

    For parameters where a bad value is no error worth showing (a page number, rows per
    page): the page is shown with the default instead.
    """
    number = ascii_whole_number(value) if value not in (None, "") else None
    return default if number is None else min(max(number, low), high)


def whole_number(value, *, field: str, low: int, high: int) -> int:
    """A required whole number within ``low``..``high``, or a refusal naming ``field``."""
    number = ascii_whole_number(value)
    if number is None or not low <= number <= high:
        raise INVALID_NUMBER.rejected(field, low=low, high=high)
    return number


def free_text(
    value, *, field: str, max_length: int, required: bool = False, multiline: bool = True
) -> str:
    """``value`` as clean text (NFC, trimmed) of at most ``max_length`` characters.

    Refused, naming ``field``: anything that is not text, a lone surrogate, a control
    character, more than ``max_length`` characters, or nothing where ``required``.
    """
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise INVALID_TEXT.rejected(field)
    if any(0xD800 <= ord(character) <= 0xDFFF for character in value):
        raise LONE_SURROGATE.rejected(field)
    if REPLACEMENT_CHARACTER in value:
        raise BROKEN_IN_TRANSIT.rejected(field)
    text = unicodedata.normalize("NFC", value).strip()
    allowed = _MULTILINE_ALLOWED if multiline else frozenset()
    for character in text:
        if unicodedata.category(character) == "Cc" and character not in allowed:
            raise CONTROL_CHARACTER.rejected(field, character=f"U+{ord(character):04X}")
    if len(text) > max_length:
        raise TOO_LONG.rejected(field, max=max_length, length=len(text))
    if required and not text:
        raise REQUIRED.rejected(field)
    return text
