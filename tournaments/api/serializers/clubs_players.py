"""Clubs and players (Vereine und Spieler) as the API reads and writes them."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.models import Club, Player, Publication
from tournaments.services import roles
from tournaments.services.public_names import public_name

from ..fields import StrictCharField, StrictModelSerializer


class ClubSerializer(StrictModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "short_name", "federation_number", "default_publication"]


class PlayerSerializer(StrictModelSerializer):
    name = StrictCharField(source="full_name", read_only=True)

    class Meta:
        model = Player
        fields = [
            "id",
            "first_name",
            "last_name",
            "name",
            "club",
            "member_number",
            "publication",
        ]
        # The model's unique (club, member number) constraint would refuse a taken number
        # without naming the field; validate() below names it.
        validators = []

    def to_representation(self, instance):
        """Member numbers are club records, not public: only staff read them. The public
        reads a player as they consented to be named (services/public_names.py)."""
        data = super().to_representation(instance)
        request = self.context.get("request")
        if request is None or not roles.is_director(request.user):
            data.pop("member_number", None)
        if request is None or not roles.sees_full_names(request.user):
            shown = public_name(instance)
            data["name"] = shown.name
            if instance.publication != Publication.FULL:
                del data["first_name"], data["last_name"]
            if shown.club is None:
                data["club"] = None
        return data

    def validate(self, attrs):
        club = attrs.get("club", getattr(self.instance, "club", None))
        number = attrs.get("member_number", getattr(self.instance, "member_number", ""))
        if club is not None and number:
            others = Player.objects.filter(club=club, member_number=number)
            if self.instance is not None:
                others = others.exclude(pk=self.instance.pk)
            if others.exists():
                raise serializers.ValidationError(
                    {"member_number": _("This member number is already used in this club.")}
                )
        return attrs
