"""The site's privacy notice and imprint (docs/privacy.md, "Privacy notice and imprint").

The texts belong to a club: the site's are those of the club that runs it
(``Club.runs_site``), and on a hall's laptop with only its own club, that club's without
a mark. A club's directors write them on ``/leitung/vereine/<id>/rechtliches/`` as plain
text; the pages show them escaped. One club at most runs a site: a second one's director
cannot take it over (the association's administrator moves the mark in the admin).
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import audit, roles
from .errors import Refusal

TEXT_FIELDS = ("privacy_notice", "imprint")
TEXT_LENGTH = 20_000  # a long privacy notice is some 10,000 characters

NOT_THE_CLUB_S_DIRECTOR = Refusal(
    "imprint",
    "not_the_club_s_director",
    gettext_noop("Only the tournament director of %(club)s may change its texts."),
    forbidden=True,
)
SITE_RUN_BY_ANOTHER_CLUB = Refusal(
    "runs_site",
    "site_run_by_another_club",
    gettext_noop(
        "This site is run by %(club)s; its texts are the site's. The association's "
        "administrator can change that."
    ),
    conflict=True,
)
TEXT_TOO_LONG = Refusal(
    None, "text_too_long", gettext_noop("The text may be at most %(limit)s characters long.")
)


# What each page is called, its placeholder and what belongs in it (the placeholder
# lists it; a text is never made up for the club).
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


def site_club() -> Club | None:
    """The club whose texts are the site's: the one marked, else the only club, else none."""
    marked = Club.objects.filter(runs_site=True).first()
    if marked is not None:
        return marked
    clubs = list(Club.objects.all()[:2])
    return clubs[0] if len(clubs) == 1 else None


def site_page(field: str) -> dict:
    """What the page of ``field`` (``privacy_notice`` or ``imprint``) shows: its title, the
    site's club and its text, else the placeholder (``missing``) and its ``contents``. The
    hall's pages and the static site (publishing) show the same."""
    club = site_club()
    page = PAGES[field]
    text = getattr(club, field) if club is not None else ""
    if club is None:
        missing = page["missing_club"]
    else:
        missing = page["missing"] % {"club": club.name}
    return {**page, "club": club, "text": text, "missing": missing}


def save_texts(club: Club, *, privacy_notice, imprint, runs_site: bool, user) -> Club:
    """Store the club's two texts and whether it runs the site, with an audit entry of
    what changed; only the club's directors (and the admin)."""
    if not roles.directs_club(user, club.pk):
        raise NOT_THE_CLUB_S_DIRECTOR.rejected(club=club.name)
    after = {
        "privacy_notice": _text(privacy_notice, "privacy_notice"),
        "imprint": _text(imprint, "imprint"),
        "runs_site": bool(runs_site),
    }
    if after["runs_site"] and not club.runs_site:
        other = Club.objects.filter(runs_site=True).exclude(pk=club.pk).first()
        if other is not None:
            raise SITE_RUN_BY_ANOTHER_CLUB.rejected(club=other.name)
    before = {field: getattr(club, field) for field in after}
    changed = [field for field in after if after[field] != before[field]]
    if not changed:
        return club
    try:
        with transaction.atomic():
            Club.objects.filter(pk=club.pk).update(**after)
            audit.record(
                "club_legal_texts_changed",
                user=user,
                obj=club,
                before={field: before[field] for field in changed},
                after={field: after[field] for field in changed},
            )
    except IntegrityError:  # another club took the site between the check and the write
        raise SITE_RUN_BY_ANOTHER_CLUB.rejected(club=site_club()) from None
    for field, value in after.items():
        setattr(club, field, value)
    return club


def _text(value, field: str) -> str:
    """The text with its line ends made plain and surrounding blanks gone."""
    text = str(value or "").replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(text) > TEXT_LENGTH:
        raise TEXT_TOO_LONG.rejected(field, limit=TEXT_LENGTH)
    return text
