"""The door's API bodies (API §11): a self-registration, arrivals, accepting, checking in."""

from rest_framework import serializers

from tournaments.api.fields import StrictBooleanField, StrictCharField
from tournaments.models import Publication


class SelfRegistrationSerializer(serializers.Serializer):
    """What the phone sends; read by the service, which names the field of a bad value."""

    first_name = StrictCharField(max_length=100)
    last_name = StrictCharField(max_length=100)
    club = StrictCharField(max_length=200, required=False, allow_blank=True)
    member_number = StrictCharField(max_length=30, required=False, allow_blank=True)
    publication = serializers.ChoiceField(choices=Publication.choices)


class RegisteredSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    number = serializers.IntegerField(help_text="The waiting number (Wartenummer).")


class ArrivalSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField(source="club_label")
    member_number = serializers.CharField()
    match = serializers.IntegerField(source="match_id", allow_null=True)
    created_at = serializers.DateTimeField()


class ArrivalsSerializer(serializers.Serializer):
    waiting = ArrivalSerializer(many=True)
    from_series = serializers.IntegerField(
        help_text="The series an arrival accepted now plays from (2 after series 1 is drawn)."
    )


class AcceptSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True, required=False)
    paid = StrictBooleanField(required=False)


class CheckInSerializer(serializers.Serializer):
    paid = StrictBooleanField(required=False)


class RejectSerializer(serializers.Serializer):
    arrivals = serializers.ListField(child=serializers.IntegerField())


class RejectedSerializer(serializers.Serializer):
    rejected = serializers.IntegerField(help_text="How many waiting registrations were rejected.")
