"""Sending the outbox to the portal, one entry at a time in the order queued
(docs/results-format.md, "Publishing from the hall"); run by the sender thread
(:mod:`publishing.sender`), never while a request waits.

An entry is marked sent only after the portal's answer; a crash in between sends it again,
which the portal answers "unchanged" (its id and version are the same). No answer, a 5xx
or a 429 is retried after a pause that doubles from 2 seconds up to a minute, the entries
behind it waiting (they are in order); any other refusal (a wrong token, a broken
document) is kept as refused and shown to the director, and the queue moves on. A 202
"in progress" (the portal still imports this tournament's document) is no error: the entry
waits 30 seconds and is sent again, its attempts not counted.
"""

import datetime
import http.client
import json
import urllib.error
import urllib.request

from django.conf import settings
from django.db.models import Q
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from publishing.models import OutboxEntry, PublishingTarget, SenderLease
from publishing.services import results_document
from tournaments.models import Tournament

from .outbox import target

LEASE_SECONDS = 30
TIMEOUT_SECONDS = 20
# The portal answers a document once it is imported, in time that grows with its size
# (docs/performance.md, "Publishing"): the sender waits 20 s and 5 s more per megabyte
# (60 s for a 400-player evening of 8 MB), at most the portal's worker timeout.
SECONDS_PER_MEGABYTE = 5
LONGEST_TIMEOUT_SECONDS = 900
FIRST_PAUSE_SECONDS = 2
LONGEST_PAUSE_SECONDS = 60
RETRIED = {429} | set(range(500, 600))
# 202: the portal is importing a document of this tournament right now (this one, sent
# before the sender gave up waiting for its answer). Not an error: the entry is sent again
# after the portal's pause and then hears how that import ended.
IN_PROGRESS = 202
IN_PROGRESS_PAUSE_SECONDS = 30
MAX_ERROR = 500


def claim_lease(holder: str, *, now=None, seconds: float = LEASE_SECONDS) -> bool:
    """Take or renew the one sender's lease for ``seconds``; False while another holder's
    runs."""
    now = now or timezone.now()
    SenderLease.objects.bulk_create([SenderLease(pk=1)], ignore_conflicts=True)
    taken = (
        SenderLease.objects.filter(pk=1)
        .filter(Q(holder=holder) | Q(expires__isnull=True) | Q(expires__lt=now))
        .update(holder=holder, expires=now + datetime.timedelta(seconds=seconds))
    )
    return taken == 1


def release_lease(holder: str) -> None:
    SenderLease.objects.filter(pk=1, holder=holder).update(expires=None)


def build_document(entry: OutboxEntry) -> OutboxEntry:
    """Make and keep the entry's document, once: every retry sends the same one."""
    if entry.document is None:
        tournament = Tournament.objects.get(pk=entry.tournament_id)
        document = results_document.results_document(tournament)
        entry.document, entry.version = document, document["version"]
        entry.save(update_fields=["document", "version"])
    return entry


def timeout_for(size: int) -> float:
    """How long the sender waits for the portal's answer to a body of ``size`` bytes."""
    scaled = TIMEOUT_SECONDS + SECONDS_PER_MEGABYTE * size / 1_000_000
    return min(scaled, LONGEST_TIMEOUT_SECONDS)


def send_next(*, now=None, holder: str | None = None) -> bool | None:
    """Send the first waiting entry if it is due: True sent, False failed (retried later
    or refused), None when nothing is due. ``holder``'s lease is first extended over the
    whole wait for the answer, so no other worker's sender sends the entry meanwhile."""
    now = now or timezone.now()
    portal = target()
    entry = OutboxEntry.objects.filter(sent_at__isnull=True, refused=False).first()
    if portal is None or entry is None:
        return None
    if entry.next_attempt_at is not None and entry.next_attempt_at > now:
        return None
    build_document(entry)
    body = json.dumps(entry.document, ensure_ascii=False).encode("utf-8")
    timeout = timeout_for(len(body))
    if holder is not None and not claim_lease(holder, now=now, seconds=timeout + LEASE_SECONDS):
        return None
    with translation.override(settings.LANGUAGE_CODE):
        code, detail = _post(portal, body, timeout)
        if code in (200, 201, 409):  # 409: the portal holds a newer version already
            entry.sent_at = now
            entry.last_error = ""
            _record(entry, portal, success=now)
            return True
        if code == IN_PROGRESS:
            entry.next_attempt_at = now + datetime.timedelta(seconds=IN_PROGRESS_PAUSE_SECONDS)
            entry.last_error = ""
            entry.save(update_fields=["next_attempt_at", "last_error"])
            return False
        if code is None or code in RETRIED:
            entry.attempts += 1
            pause = min(FIRST_PAUSE_SECONDS * 2 ** (entry.attempts - 1), LONGEST_PAUSE_SECONDS)
            entry.next_attempt_at = now + datetime.timedelta(seconds=pause)
            entry.last_error = _retry_message(code, detail, entry.next_attempt_at)
        else:
            entry.attempts += 1
            entry.refused = True
            entry.last_error = gettext(
                "The portal refuses the results of %(tournament)s (%(status)d): %(detail)s"
            ) % {
                "tournament": entry.document["tournament"]["name"],
                "status": code,
                "detail": detail,
            }
        _record(entry, portal)
        return False


def _record(entry: OutboxEntry, portal: PublishingTarget, *, success=None) -> None:
    entry.last_error = entry.last_error[:MAX_ERROR]
    entry.save(update_fields=["sent_at", "attempts", "next_attempt_at", "refused", "last_error"])
    change = {"last_error": entry.last_error}
    if success is not None:
        change["last_success"] = success
    PublishingTarget.objects.filter(pk=portal.pk).update(**change)


def _retry_message(code, detail: str, retry_at) -> str:
    at = formats.time_format(timezone.localtime(retry_at), "H:i:s")
    if code is None:
        return gettext("The portal cannot be reached (%(reason)s); next try at %(time)s.") % {
            "reason": detail,
            "time": at,
        }
    return gettext("The portal answers %(status)d; next try at %(time)s.") % {
        "status": code,
        "time": at,
    }


def _post(portal: PublishingTarget, body: bytes, timeout: float) -> tuple[int | None, str]:
    """(status, detail) of the portal's answer; (None, reason) when there is none."""
    request = urllib.request.Request(
        f"{portal.url}/api/v1/results/",
        data=body,
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Token {portal.token}",
            "Accept-Language": settings.LANGUAGE_CODE,
        },
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            answer.read()
            return answer.status, ""
    except urllib.error.HTTPError as error:
        return error.code, _detail(error)
    except (OSError, http.client.HTTPException, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        return None, str(reason) or type(error).__name__


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(error.read().decode("utf-8", "replace"))
    except (OSError, ValueError, http.client.HTTPException):
        return str(error.reason)
    return str(body.get("detail", "")) if isinstance(body, dict) else str(error.reason)
