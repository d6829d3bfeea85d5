"""The match report (Spielbericht): submitted by the host, signed by the captains, checked,
corrected and published by the group leader, binding after the protest window.

States (docs/league.md): *submitted* → *checked* → *published*; *binding* follows once the
league's protest window after the match day has passed and no protest is undecided.
Every step is a row of :data:`tournaments.services.states.TRANSITIONS` (kind ``report``)
and goes through ``states.apply``; the functions here carry them out.

Signing reuses the lists' means: the captain's start-card PIN at the venue (the same
counter of wrong tries) or a drawing checked like a list's signature. The report is sealed
like a list (HMAC under ``SEAL_SECRET``) and sealed again whenever a captain signs or the
group leader corrects it; each seal is kept in the audit trail with its document.
"""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.models import LeagueTeam, MatchReport, Protest, ReportSignature, Venue
from tournaments.models import Participant, Tournament
from tournaments.services import audit, roles, signing
from tournaments.services.errors import Rejected
from tournaments.services.input import MAX_REASON_LENGTH, free_text
from tournaments.services.seal import seal_of
from tournaments.services.signature_image import check_drawing, read_drawing, read_signature_image
from tournaments.skat import Problem

from . import reading
from .report_document import content_digest, is_current, report_content, report_document

BINDING = "binding"
STATE_LABELS = {
    "submitted": gettext_noop("submitted"),
    "checked": gettext_noop("checked"),
    "published": gettext_noop("published"),
    BINDING: gettext_noop("binding"),
}
NOT_AT_VENUE = gettext_noop("The team with the id %(id)s does not play at this venue.")


def binding_date(report: MatchReport) -> datetime.date:
    """The day from which the report is binding, unless a protest is undecided."""
    match_day = report.venue.match_day
    return match_day.date + datetime.timedelta(days=match_day.group.league.protest_days)


def protest_deadline(report: MatchReport) -> datetime.date:
    """The last day on which a protest may be lodged."""
    return binding_date(report) - datetime.timedelta(days=1)


def state_of(report: MatchReport, today: datetime.date | None = None) -> str:
    """The report's state as people see it: its stored status, or *binding*."""
    today = today or timezone.localdate()
    published = report.status == MatchReport.Status.PUBLISHED
    if published and today >= binding_date(report) and not open_protests(report).exists():
        return BINDING
    return report.status


def state_label(state: str) -> str:
    """A report state in the reader's language."""
    from django.utils.translation import gettext

    return gettext(STATE_LABELS[state])


def open_protests(report: MatchReport):
    return report.protests.filter(decision=Protest.Decision.OPEN)


# --- Submitting ------------------------------------------------------------------------


@transaction.atomic
def submit_report(venue: Venue, *, user=None) -> MatchReport:
    """The host sends the report once the venue's tournament is finished (every list
    signed or closed, every series finished)."""
    venue = (
        Venue.objects.select_for_update().select_related("tournament", "match_day").get(pk=venue.pk)
    )
    if venue.tournament.status != Tournament.Status.FINISHED:
        raise Rejected.because(
            "venue",
            "venue_not_finished",
            gettext_noop(
                "Play at this venue is not finished yet. Finish the venue's tournament (every "
                "list signed or closed, every series finished), then send the report."
            ),
            conflict=True,
        )
    if MatchReport.objects.filter(venue=venue).exists():
        raise Rejected.because(
            "venue",
            "report_exists",
            gettext_noop("The match report of this venue has already been sent."),
            conflict=True,
        )
    content = report_content(venue)
    document = {**content, "signatures": [], "corrections": []}
    now = timezone.now()
    report = MatchReport.objects.create(
        venue=venue,
        document=document,
        seal=seal_of(document),
        sealed_at=now,
        submitted_by=_by(user),
    )
    _record_seal("report_submitted", report, user=user)
    return report


def _by(user):
    return user if user is not None and user.is_authenticated else None


def _record_seal(action: str, report: MatchReport, *, user, actor="", reason="", before=None):
    audit.record(
        action,
        user=user,
        actor=actor,
        obj=report,
        before=before,
        after={
            "report": report.pk,
            "seal": report.seal,
            "sealed_at": report.sealed_at.isoformat(),
            "document": report.document,
        },
        reason=reason,
    )


def _reseal(report: MatchReport, content: dict | None = None) -> dict:
    """Seal the report's document again as it is now; returns the document before."""
    before = {"seal": report.seal, "status": report.status}
    report.document = report_document(report, content)
    report.seal = seal_of(report.document)
    report.sealed_at = timezone.now()
    report.save(update_fields=["document", "seal", "sealed_at"])
    return before


# --- Signing ---------------------------------------------------------------------------


def sign(report: MatchReport, transition, *, user, actor, reason, team=None, pin=None, image=None):
    """A captain confirms the report for ``team`` with the start-card PIN or a drawing.

    The PIN is checked before the report is locked, as for lists: a wrong PIN stays
    counted in the audit trail although the signing is refused.
    """
    team = reading.object_of(
        LeagueTeam.objects.filter(venue_entries__venue=report.venue_id),
        team,
        field="team",
        missing=NOT_AT_VENUE,
    )
    if not roles.may_sign_report(user, report, team):
        raise _not_allowed(
            gettext_noop("Only the captain of %(team)s, or the host on the venue's device, signs."),
            team=team.name,
        )
    if (pin is None) == (image is None):
        raise Rejected.because(
            "pin",
            "pin_or_image",
            gettext_noop(
                "Sign with either the PIN of the captain's start card or a drawn signature "
                "(image), not both and not neither."
            ),
        )
    _ensure_may_sign(report, team)
    captain = _captain_at_venue(report, team)
    if pin is not None:
        _check_pin(report, team, captain, pin, user=user, actor=actor)
        png = b""
    else:
        png = read_signature_image(image)
        _check_drawing(report, team, png)
    with transaction.atomic():
        report = MatchReport.objects.select_for_update().get(pk=report.pk)
        if report.status not in (MatchReport.Status.SUBMITTED, MatchReport.Status.CHECKED):
            raise Rejected([states_refusal(report, "sign")], conflict=True)
        _ensure_may_sign(report, team)
        signature = ReportSignature.objects.create(
            report=report,
            team=team,
            signer=captain.player if captain else None,
            method=ReportSignature.Method.PIN if pin is not None else ReportSignature.Method.IMAGE,
            image=png,
            report_digest=content_digest(report.document),
        )
        before = _reseal(report, _content_of(report))
        _record_seal("report_signed", report, user=user, actor=actor, before=before)
    return signature


def _ensure_may_sign(report: MatchReport, team: LeagueTeam) -> None:
    entry = report.venue.venue_teams.get(team=team)
    if entry.no_show:
        raise Rejected.because(
            "team",
            "team_did_not_come",
            gettext_noop("%(team)s did not turn up at this venue; it does not sign."),
            conflict=True,
            team=team.name,
        )
    if report.signatures.filter(team=team).exists():
        raise Rejected.because(
            "team",
            "already_signed",
            gettext_noop("The captain of %(team)s has already signed this report."),
            conflict=True,
            team=team.name,
        )


def states_refusal(report: MatchReport, action: str) -> Problem:
    from tournaments.services.states import refusal

    return refusal(report, "report", report.status, action)


def _content_of(report: MatchReport) -> dict:
    """The report's content as sealed: a signature confirms it, it does not re-read it."""
    return {k: v for k, v in report.document.items() if k not in ("signatures", "corrections")}


def _captain_at_venue(report: MatchReport, team: LeagueTeam) -> Participant | None:
    if team.captain_id is None:
        return None
    return (
        Participant.objects.filter(tournament=report.venue.tournament_id, player=team.captain_id)
        .select_related("player")
        .first()
    )


def _check_pin(report, team, captain, pin, *, user, actor) -> None:
    if captain is None:
        raise Rejected.because(
            "pin",
            "no_captain",
            gettext_noop(
                "%(team)s has no captain with a start card at this venue; the captain signs "
                "with a drawing, or the group leader names the captain."
            ),
            team=team.name,
        )
    if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() or len(pin) > 8:
        raise Rejected.because(
            "pin",
            "invalid_pin",
            gettext_noop('Enter the PIN as printed on the start card: its digits, e.g. "0815".'),
        )
    try:
        signing.check_start_card_pin(captain, pin, user=user, actor=actor, obj=report)
    except signing.TooManyAttempts as blocked:
        raise CaptainPinBlocked(team.name, blocked.retry_after) from None
    except Rejected:
        raise Rejected.because(
            "pin",
            "pin_mismatch",
            gettext_noop(
                "The PIN does not match the start card of %(captain)s, captain of %(team)s. "
                "Check the four digits and try again."
            ),
            captain=captain.player.full_name,
            team=team.name,
        ) from None


class CaptainPinBlocked(signing.TooManyAttempts):
    """Too many wrong PINs for a captain's start card (429 with ``Retry-After``)."""

    def __init__(self, team: str, retry_after: int):
        self.retry_after = max(1, int(retry_after))
        minutes = max(1, -(-self.retry_after // 60))
        problem = Problem(
            "pin",
            "too_many_pin_attempts",
            gettext_noop(
                "Too many wrong PINs for the captain of %(team)s. Try again in %(minutes)d "
                "minutes, or sign with a drawn signature."
            ),
            {"team": team, "minutes": minutes},
        )
        Rejected.__init__(self, [problem])


def _check_drawing(report: MatchReport, team: LeagueTeam, png: bytes) -> None:
    """A real signature, not a copy of another captain's (the lists' rules)."""
    try:
        check_drawing(png, 0)
    except Rejected as refused:
        problem = refused.problems[0]
        raise Rejected.because(
            "image",
            problem.code,
            gettext_noop(
                "The drawn signature for %(team)s is empty or too small. Sign with the "
                "captain's name across the field, or use the PIN of the start card."
            ),
            team=team.name,
        ) from None
    drawing = read_drawing(png)
    for other in report.signatures.exclude(image=b"").select_related("team"):
        theirs = read_drawing(bytes(other.image))
        if bytes(other.image) == png or (theirs and theirs.pixel_sha256 == drawing.pixel_sha256):
            raise Rejected.because(
                "image",
                "image_copied",
                gettext_noop(
                    "The signature for %(team)s is identical to the one for %(other)s. Every "
                    "captain signs for themselves."
                ),
                team=team.name,
                other=other.team.name,
            )


def _not_allowed(message: str, **params):
    from django.core.exceptions import PermissionDenied

    return PermissionDenied(Problem("team", "not_allowed", message, params).text())


# --- The group leader's steps ------------------------------------------------------------


def _ensure_current(report: MatchReport) -> None:
    if not is_current(report):
        raise Rejected.because(
            "report",
            "report_outdated",
            gettext_noop(
                "The venue's lists or results changed after this report was sealed. Correct "
                "the report (with a reason) so that it is sealed again with the results as "
                "they are now."
            ),
            conflict=True,
        )


def check(report: MatchReport, transition, *, user, actor, reason):
    _ensure_current(report)
    report.status = transition.target
    report.checked_at, report.checked_by = timezone.now(), _by(user)
    report.save(update_fields=["status", "checked_at", "checked_by"])
    audit.record(transition.audit, user=user, actor=actor, obj=report, after={"report": report.pk})
    return report


def publish(report: MatchReport, transition, *, user, actor, reason):
    _ensure_current(report)
    report.status = transition.target
    report.published_at, report.published_by = timezone.now(), _by(user)
    if report.checked_at is None:
        report.checked_at, report.checked_by = report.published_at, _by(user)
    report.save(
        update_fields=["status", "checked_at", "checked_by", "published_at", "published_by"]
    )
    audit.record(transition.audit, user=user, actor=actor, obj=report, after={"report": report.pk})
    return report


def correct(report: MatchReport, transition, *, user, actor, reason):
    """Seal the report again with the venue's results as they are now, after the group
    leader corrected lists (reopened, corrected and closed them again, each step audited
    on its list). The captains' signatures stay, each with the fingerprint it confirmed;
    the correction is kept in the document with its reason."""
    before = report.document
    report.document = {
        **report.document,
        "corrections": [
            *report.document.get("corrections", []),
            {
                "at": timezone.now().replace(microsecond=0).isoformat(),
                "by": user.get_username() if _by(user) else "",
                "reason": reason,
                "sealed_before": report.seal,
            },
        ],
    }
    _reseal(report)
    _record_seal(transition.audit, report, user=user, actor=actor, reason=reason, before=before)
    return report


def protest(report: MatchReport, transition, *, user, actor, reason, team=None):
    """A captain lodges a protest for their team before the protest window ends."""
    team = reading.object_of(
        LeagueTeam.objects.filter(venue_entries__venue=report.venue_id),
        team,
        field="team",
        missing=NOT_AT_VENUE,
    )
    if not roles.may_protest(user, team):
        raise _not_allowed(
            gettext_noop("Only the captain of %(team)s or the group leader lodges its protest."),
            team=team.name,
        )
    if timezone.localdate() > protest_deadline(report):
        raise Rejected.because(
            "report",
            "protest_window_closed",
            gettext_noop("The protest window ended on %(date)s; the results are binding."),
            conflict=True,
            date=protest_deadline(report).strftime("%d.%m.%Y"),
        )
    lodged = Protest.objects.create(report=report, team=team, reason=reason, lodged_by=_by(user))
    audit.record(
        transition.audit,
        user=user,
        actor=actor,
        obj=report,
        after={"report": report.pk, "protest": lodged.pk, "team": team.pk},
        reason=reason,
    )
    return lodged


@transaction.atomic
def decide_protest(protest: Protest, data: dict, *, user=None) -> Protest:
    """The group leader decides a protest (upheld or rejected) with a reason; an upheld
    protest is carried out by correcting the lists and the report."""
    decision = data.get("decision")
    if decision not in (Protest.Decision.UPHELD, Protest.Decision.REJECTED):
        raise Rejected.because(
            "decision",
            "invalid_decision",
            gettext_noop('Decide with "upheld" or "rejected".'),
        )
    reason = free_text(
        data.get("reason"), field="reason", max_length=MAX_REASON_LENGTH, required=True
    )
    protest = Protest.objects.select_for_update().get(pk=protest.pk)
    if protest.decision:
        raise Rejected.because(
            "protest",
            "protest_decided",
            gettext_noop("This protest has already been decided."),
            conflict=True,
        )
    protest.decision, protest.decision_reason = decision, reason
    protest.decided_at, protest.decided_by = timezone.now(), _by(user)
    protest.save(update_fields=["decision", "decision_reason", "decided_at", "decided_by"])
    audit.record(
        "protest_decided",
        user=user,
        obj=protest.report,
        after={"report": protest.report_id, "protest": protest.pk, "decision": decision},
        reason=reason,
    )
    return protest
