"""The notes a portal's public pages show beside a published tournament's name
(docs/results-format.md, "A results portal"): "vorläufig" until its hall finished it,
"berichtigt am …" once a newer version replaced a finished one. Registered with the core's
:mod:`tournaments.web.notes` from ``publishing/apps.py``; only a portal asks (one query),
so a hall's pages keep their query counts. And the line the director's dashboard shows
about the hall's outbox."""

from django.conf import settings
from django.utils import formats, timezone
from django.utils.translation import gettext, ngettext

from publishing.models import TournamentIdentity
from tournaments.models import Tournament


def publication_note(tournament: Tournament) -> str | None:
    if not settings.SKATVEREIN_PORTAL:
        return None
    identity = (
        TournamentIdentity.objects.filter(tournament=tournament, imported_version__isnull=False)
        .only("corrected_at")
        .first()
    )
    if identity is None:
        return None
    if tournament.status != Tournament.Status.FINISHED:
        return gettext("provisional")
    if identity.corrected_at is not None:
        when = timezone.localtime(identity.corrected_at)
        when = formats.date_format(when, "SHORT_DATETIME_FORMAT")
        return gettext("corrected on %(when)s") % {"when": when}
    return None


def publishing_note(tournament: Tournament) -> str | None:
    """The director's dashboard line: "veröffentlicht um 21:14 · 3 Stände warten · …"
    (one query without a portal, three with one)."""
    from .outbox import pending, target

    portal = target()
    if portal is None:
        return None
    parts = []
    if portal.last_success is not None:
        at = formats.time_format(timezone.localtime(portal.last_success), "H:i")
        parts.append(gettext("published at %(time)s") % {"time": at})
    waiting = pending()
    if waiting:
        parts.append(
            ngettext("%(count)d result waits", "%(count)d results wait", waiting)
            % {"count": waiting}
        )
    if portal.last_error:
        parts.append(portal.last_error)
    return " · ".join(parts) or None
