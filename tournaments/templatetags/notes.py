"""``{% tournament_notes tournament %}``: the notes other apps registered in
:mod:`tournaments.web.notes`, each as a badge beside the tournament's name."""

from django import template
from django.utils.html import format_html, format_html_join

from tournaments.web.notes import tournament_notes as notes_of

register = template.Library()


@register.simple_tag
def tournament_notes(tournament):
    notes = notes_of(tournament)
    if not notes:
        return ""
    return format_html(
        '<p class="tournament-notes">{}</p>',
        format_html_join(" ", '<span class="status status-note">{}</span>', ((n,) for n in notes)),
    )
