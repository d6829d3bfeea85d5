"""``{% load public_names %}``: a participant as the public sees them, for the templates
of public pages (services/public_names.py; templates never format a public name)."""

from django import template

from tournaments.services.public_names import PublicName, public_name

register = template.Library()


@register.filter
def shown(participant) -> PublicName:
    """``{% with person=participant|shown %}{{ person.name }} {{ person.club }}``."""
    return public_name(participant.player, start_number=participant.start_number)


@register.filter
def public_player_name(player) -> str:
    """A player without a tournament's start number (a league roster), as the public
    sees them: "Teilnehmer" alone for a player who consented to no name."""
    return public_name(player).name
