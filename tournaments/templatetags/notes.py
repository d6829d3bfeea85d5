"""``{% tournament_notes tournament %}`` and ``{% dashboard_notes tournament %}``: the
notes other apps registered in :mod:`tournaments.web.notes`, a badge beside the
tournament's name on public pages, a line on the director's dashboard."""

from django import template
from django.utils.html import format_html, format_html_join

from tournaments.web.notes import dashboard_notes as dashboard_notes_of
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


@register.simple_tag
def dashboard_notes(tournament):
    notes = dashboard_notes_of(tournament)
    if not notes:
        return ""
    return format_html_join(
        "", '<p class="facts-line dashboard-note">{}</p>', ((n,) for n in notes)
    )
