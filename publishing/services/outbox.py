"""The hall's outbox (docs/results-format.md, "Publishing from the hall"): the portal to
publish to, queueing a tournament, and what the director is told.

A tournament is queued by the director (``POST tournaments/{id}/publish/``), when one of
its lists is signed or locked, a series or the tournament is finished
(:mod:`publishing.signals`), and whenever a tournament published before has changed: the
sender compares its version with the last one sent (:func:`queue_changed_published`), so
no way of changing it — and no crash between a change and its queueing — is missed.

An entry whose document is not made yet stands for "the tournament as it is when sent":
queueing the tournament again while such an entry waits changes nothing.
"""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from publishing.models import OutboxEntry, PublishingTarget
from tournaments.models import TournamentVersion
from tournaments.services.errors import Refusal

URL_INVALID = Refusal(
    "url",
    "portal_url_invalid",
    gettext_noop("Please give the portal's address starting with http:// or https://."),
)
TOKEN_INVALID = Refusal(
    "token",
    "portal_token_invalid",
    gettext_noop("Please give the publishing token the portal issued (without spaces)."),
)
NO_PORTAL = Refusal(
    None,
    "no_portal",
    gettext_noop(
        "No results portal is set: enter its address and token on the page “Veröffentlichen” first."
    ),
    conflict=True,
)
MAX_URL = 300
MAX_TOKEN = 200


def _wake_sender() -> None:
    from publishing import sender  # the thread's module; it imports these services

    sender.wake()


def target() -> PublishingTarget | None:
    return PublishingTarget.objects.order_by("pk").first()


def set_target(url, token) -> PublishingTarget:
    """Set the portal's address and token; documents the portal refused before (e.g. for a
    wrong token) are tried again."""
    url = url.strip().rstrip("/") if isinstance(url, str) else ""
    scheme, _, rest = url.partition("://")
    if scheme not in ("http", "https") or not rest or len(url) > MAX_URL or " " in url:
        raise URL_INVALID.rejected()
    token = token.strip() if isinstance(token, str) else ""
    if not token or len(token) > MAX_TOKEN or any(c.isspace() for c in token):
        raise TOKEN_INVALID.rejected()
    with transaction.atomic():
        found = target() or PublishingTarget()
        found.url, found.token, found.last_error = url, token, ""
        found.save()
        OutboxEntry.objects.filter(sent_at__isnull=True, refused=True).update(
            refused=False, attempts=0, next_attempt_at=None
        )
    transaction.on_commit(_wake_sender)
    return found


def pending() -> int:
    return OutboxEntry.objects.filter(sent_at__isnull=True, refused=False).count()


def status() -> dict:
    """What ``GET publishing/`` answers and the pages show."""
    found = target()
    return {
        "url": found.url if found else "",
        "pending": pending(),
        "last_success": found.last_success if found else None,
        "last_error": found.last_error if found else "",
    }


def queue(tournament_id: int, *, refuse_without_portal: bool = False) -> OutboxEntry | None:
    """Queue the tournament unless it already waits unmade; None without a portal."""
    if target() is None:
        if refuse_without_portal:
            raise NO_PORTAL.rejected("tournament")
        return None
    waiting = OutboxEntry.objects.filter(
        tournament_id=tournament_id, sent_at__isnull=True, refused=False, document__isnull=True
    ).first()
    entry = waiting or OutboxEntry.objects.create(tournament_id=tournament_id)
    transaction.on_commit(_wake_sender)
    return entry


def queue_changed_published() -> list[OutboxEntry]:
    """Queue every tournament published before whose version rose since its newest
    document; returns the new entries."""
    newest = dict(
        OutboxEntry.objects.filter(version__isnull=False)
        .values("tournament_id")
        .annotate(newest=Max("version"))
        .values_list("tournament_id", "newest")
    )
    if not newest:
        return []
    changed = [
        tournament_id
        for tournament_id, version in TournamentVersion.objects.filter(
            pk__in=newest.keys()
        ).values_list("pk", "version")
        if version > newest[tournament_id]
    ]
    waiting = set(
        OutboxEntry.objects.filter(
            tournament_id__in=changed, sent_at__isnull=True, document__isnull=True
        ).values_list("tournament_id", flat=True)
    )
    return [queue(tournament_id) for tournament_id in changed if tournament_id not in waiting]
