"""Strict field types for request bodies: text is a JSON string, a yes/no is a JSON boolean.

DRF's own ``CharField`` turns the number ``0`` into the name ``"0"`` and its
``BooleanField`` reads ``0``, ``"1"``, ``"yes"`` or ``"on"`` as booleans; a script with a
bug would store nonsense without a word. These refuse anything but the type the schema
names, with the field's name in the API's error format. Multipart forms (the player
import) send text only, so a boolean may also be the text ``"true"`` or ``"false"``.
"""

import re

from django.db import models
from rest_framework import serializers

# Whole numbers and ids in a request are written in ASCII digits: Python's int() and
# Decimal() also read "٣٠" (Arabic-Indic) or "３０" (full-width) as 30, and Decimal "1e2"
# as 100, which would find or store something nobody typed.
ASCII_INTEGER = re.compile(r"-?[0-9]+")
ASCII_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def ascii_number_text(data, pattern) -> bool:
    """Whether ``data`` is not text, or text in ``pattern``'s ASCII digits."""
    return not isinstance(data, str) or pattern.fullmatch(data.strip()) is not None


class StrictCharField(serializers.CharField):
    default_error_messages = {"invalid": serializers.CharField.default_error_messages["invalid"]}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    TEXT = {"true": True, "false": False}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        if isinstance(data, str) and data in self.TEXT:
            return self.TEXT[data]
        self.fail("invalid", input=data)


class StrictIntegerField(serializers.IntegerField):
    """A whole number as a JSON number or a text of ASCII digits."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not ascii_number_text(data, ASCII_INTEGER):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictDecimalField(serializers.DecimalField):
    """An amount as a JSON number or a text of ASCII digits with a decimal point (no
    exponent, no other script's digits, no "Infinity")."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not ascii_number_text(data, ASCII_DECIMAL):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictPrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField):
    """An id as a JSON number or a text of ASCII digits."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not ascii_number_text(data, ASCII_INTEGER):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


class StrictModelSerializer(serializers.ModelSerializer):
    """A model serializer whose text, boolean, number and id fields are strict."""

    serializer_related_field = StrictPrimaryKeyRelatedField
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.AutoField: StrictIntegerField,
        models.BigAutoField: StrictIntegerField,
        models.BigIntegerField: StrictIntegerField,
        models.IntegerField: StrictIntegerField,
        models.PositiveIntegerField: StrictIntegerField,
        models.PositiveSmallIntegerField: StrictIntegerField,
        models.PositiveBigIntegerField: StrictIntegerField,
        models.SmallIntegerField: StrictIntegerField,
        models.DecimalField: StrictDecimalField,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.SlugField: StrictCharField,
        models.EmailField: serializers.EmailField,
        models.BooleanField: StrictBooleanField,
    }
