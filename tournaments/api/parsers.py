"""A JSON parser that turns every malformed body into a 400, including absurd nesting.

It also refuses NUL characters (``\\u0000``) anywhere in the document, naming the field:
PostgreSQL cannot store them, and fields that no serializer checks (a correction's
``reason``, for instance) would otherwise reach the database and fail there with a 500.
"""

from django.utils.translation import gettext
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    """DRF's parser lets Python's RecursionError through for deeply nested JSON (a 500)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            field = _nul_character_at(data)
        except RecursionError as error:
            raise ParseError("JSON nested too deeply") from error
        if field is not None:
            message = gettext(
                "%(field)s contains a NUL character (\\u0000), which cannot be stored; remove it."
            ) % {"field": field or "body"}
            raise ValidationError({field or "body": [message]}, code="nul_character")
        return data


def _nul_character_at(data, path: str = "") -> str | None:
    """The dotted path of the first key or text with a NUL character, or None."""
    if isinstance(data, str):
        return path if "\x00" in data else None
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = ((str(index), value) for index, value in enumerate(data))
    else:
        return None
    for key, value in items:
        here = f"{path}.{key}" if path else key
        if "\x00" in key:
            return here.replace("\x00", "\\u0000")
        found = _nul_character_at(value, here)
        if found is not None:
            return found
    return None
