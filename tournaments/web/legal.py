"""The site's privacy notice (``/datenschutz/``) and imprint (``/impressum/``), linked from
every public page's footer: the texts of the club that runs the site
(services/legal_texts.py), escaped; until the club writes one, a placeholder that says so
and what belongs in it, never a text made up for the club."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.services.legal_texts import site_page


@require_safe
def privacy_notice(request):
    return _legal_page(request, "privacy_notice")


@require_safe
def imprint(request):
    return _legal_page(request, "imprint")


def _legal_page(request, field: str):
    return render(request, "public/legal_text.html", site_page(field))
