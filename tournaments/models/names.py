"""Names people type (players, clubs, tournaments, teams): no invisible control characters.

A control character (Unicode category Cc: the C0 range including tab, line feed and NUL,
DEL and the C1 range) is never part of a name; it comes from copying out of another
program. It breaks what the name is written into later — PostgreSQL refuses NUL,
spreadsheets refuse most of C0 — so names are refused at input, with the field named,
by every way in: the API's serializers, the web forms and the admin (they all use the
model field's validators).
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


def control_character_in(text: str) -> str | None:
    """The first control character of ``text`` as ``U+XXXX``, or None if there is none."""
    for character in text:
        if unicodedata.category(character) == "Cc":
            return f"U+{ord(character):04X}"
    return None


def refuse_control_characters(value) -> None:
    """Validator of name fields: a clear refusal instead of an invisible character, or of
    U+FFFD, what bytes that were no UTF-8 were read as (services/input.py)."""
    if "\ufffd" in str(value):
        raise ValidationError(
            _(
                "The name contains a broken character (�): it did not arrive as it was "
                "typed. Type the name again."
            ),
            code="invalid_character",
        )
    found = control_character_in(str(value))
    if found is not None:
        raise ValidationError(
            _(
                "The name contains an invisible control character (%(character)s), e.g. a "
                "line break or tab copied from another program. Type the name again."
            ),
            code="control_character",
            params={"character": found},
        )
