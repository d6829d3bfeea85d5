"""Strict field types for request bodies: text is a JSON string, a yes/no is a JSON boolean.

DRF's own ``CharField`` turns the number ``0`` into the name ``"0"`` and its
``BooleanField`` reads ``0``, ``"1"``, ``"yes"`` or ``"on"`` as booleans; a script with a
bug would store nonsense without a word. These refuse anything but the type the schema
names, with the field's name in the API's error format. Multipart forms (the player
import) send text only, so a boolean may also be the text ``"true"`` or ``"false"``.
"""

from django.db import models
from rest_framework import serializers


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


class StrictModelSerializer(serializers.ModelSerializer):
    """A model serializer whose text and boolean model fields are strict."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.SlugField: StrictCharField,
        models.EmailField: serializers.EmailField,
        models.BooleanField: StrictBooleanField,
    }
