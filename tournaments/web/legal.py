"""The site's privacy notice (``/datenschutz/``) and imprint (``/impressum/``), linked from
every public page's footer: the texts of the club that runs the site
(services/legal_texts.py), escaped; until the club writes one, a placeholder that says so
and what belongs in it, never a text made up for the club."""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from tournaments.services.legal_texts import site_club

PAGES = {
    "privacy_notice": {
        "title": _("Privacy notice"),
        "missing": _("%(club)s has not yet written a privacy notice for this site."),
        "missing_club": _(
            "The club that runs this site has not yet written a privacy notice for it."
        ),
        "contents": [
            _("who is responsible (the club, its address and whom to contact);"),
            _(
                "which data are processed and why: names, clubs and results of the players, "
                "published as each player consented (full name, short name or start number);"
            ),
            _("the legal basis, how long the data are kept and who receives them;"),
            _(
                "the players' rights: information (Art. 15), correction, erasure (Art. 17), "
                "objection, and the right to complain to a data protection authority."
            ),
        ],
    },
    "imprint": {
        "title": _("Imprint"),
        "missing": _("%(club)s has not yet written an imprint for this site."),
        "missing_club": _("The club that runs this site has not yet written an imprint for it."),
        "contents": [
            _("the club's name and postal address;"),
            _("who represents it (the board) and how to reach them: e-mail, phone;"),
            _("the register of associations and the number, if the club is registered."),
        ],
    },
}


@require_safe
def privacy_notice(request):
    return _legal_page(request, "privacy_notice")


@require_safe
def imprint(request):
    return _legal_page(request, "imprint")


def _legal_page(request, field: str):
    club = site_club()
    page = PAGES[field]
    text = getattr(club, field) if club is not None else ""
    if club is None:
        missing = page["missing_club"]
    else:
        missing = page["missing"] % {"club": club.name}
    context = {**page, "club": club, "text": text, "missing": missing}
    return render(request, "public/legal_text.html", context)
