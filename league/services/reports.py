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

import copy
import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, pgettext

from league.models import LeagueTeam, MatchReport, Protest, Venue
from league.services import roles as league_roles
from tournaments.models import Tournament
from tournaments.services import audit, public_names
from tournaments.services.errors import Rejected
from tournaments.services.input import MAX_REASON_LENGTH, free_text
from tournaments.services.sealing.seal_document import seal_of

from . import reading
from .report_document import is_current, report_content
from .report_sealing import by_user, record_seal, reseal
from .report_signing import NOT_AT_VENUE, CaptainPinBlocked, not_allowed, sign

__all__ = ["CaptainPinBlocked", "sign"]  # the captains' step, carried out in report_signing.py

BINDING = "binding"
STATE_LABELS = {
    "submitted": gettext_noop("submitted"),
    "checked": gettext_noop("checked"),
    "published": gettext_noop("published"),
    BINDING: gettext_noop("binding"),
}


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


def binding_sentence(report: MatchReport, today: datetime.date | None = None) -> str:
    """Whether the results are binding, in one sentence for the report's PDF: binding since
    a day, held by an undecided protest, not before publishing, or from a day unless a
    protest is lodged."""
    today = today or timezone.localdate()
    params = {"date": binding_date(report).strftime("%d.%m.%Y")}
    if state_of(report, today) == BINDING:
        return pgettext("binding", "since %(date)s") % params
    if open_protests(report).exists():
        return gettext("not binding while a protest is undecided")
    if report.status != MatchReport.Status.PUBLISHED:
        if today >= binding_date(report):
            return gettext("binding once the group leader publishes it")
        return gettext("binding from %(date)s once published, unless a protest is lodged") % params
    return gettext("binding from %(date)s unless a protest is lodged") % params


def state_label(state: str) -> str:
    """A report state in the reader's language."""
    return gettext(STATE_LABELS[state])


def as_seen_by(user, report: MatchReport) -> MatchReport:
    """The report as ``user`` may see it: a corrected report not yet published again shows
    the public its published document and seal; who sees unpublished results (the group's
    leaders, the venue's director and captains) sees it as it is now. Not saved."""
    if report.published_document is None or report.published_seal == report.seal:
        return report
    if league_roles.may_see_unpublished(user, report.venue):
        return report
    seen = copy.copy(report)
    seen.document, seen.seal = report.published_document, report.published_seal
    seen.sealed_at = report.published_sealed_at or report.sealed_at
    seen.as_published = True
    return seen


def named_publicly(report: MatchReport) -> MatchReport:
    """The report with its line-ups naming each player as they consented to be named in
    public (docs/privacy.md), for a reader who does not run the event. The names are the
    document's labels, which its seal leaves out, so the seal printed stays right. Not
    saved."""
    document = report.document or {}
    ids = [
        seat["participant"]
        for team in document.get("teams", [])
        for seat in team.get("lineups", [])
        if "participant" in seat
    ]
    seen = copy.copy(report)
    seen.document = public_names.renamed(document, public_names.participant_names(ids))
    return seen


def awaits_publishing(report: MatchReport) -> bool:
    """Whether the report has something not yet published: not published at all, or
    corrected since it was."""
    return report.status != MatchReport.Status.PUBLISHED or report.seal != report.published_seal


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
        submitted_by=by_user(user),
    )
    record_seal("report_submitted", report, user=user)
    return report


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
    report.checked_at, report.checked_by = timezone.now(), by_user(user)
    report.save(update_fields=["status", "checked_at", "checked_by"])
    audit.record(transition.audit, user=user, actor=actor, obj=report, after={"report": report.pk})
    return report


def missing_signatures(report: MatchReport) -> list[LeagueTeam]:
    """The teams present at the venue whose captain has not signed the report (a team that
    did not turn up signs nothing)."""
    signed = report.signatures.values("team")
    present = {"venue_entries__venue": report.venue_id, "venue_entries__no_show": False}
    return list(LeagueTeam.objects.filter(**present).exclude(pk__in=signed).order_by("name", "pk"))


def publish(report: MatchReport, transition, *, user, actor, reason):
    """Publish the checked report. A present team's missing signature is published only
    with the group leader's reason (RULES 6.1), kept in the audit trail with the teams."""
    _ensure_current(report)
    if report.status == MatchReport.Status.PUBLISHED and report.seal == report.published_seal:
        raise Rejected.because(
            "report",
            "report_published",
            gettext_noop(
                "The report is published as it is. Publish it again only after a correction."
            ),
            conflict=True,
        )
    missing = missing_signatures(report)
    reason = free_text(reason, field="missing_signatures_reason", max_length=MAX_REASON_LENGTH)
    if missing and not reason:
        raise Rejected.because(
            "missing_signatures_reason",
            "signatures_missing",
            gettext_noop(
                "Not signed by the captain of: %(teams)s. Publish the report only with a "
                "reason for the missing signatures."
            ),
            conflict=True,
            teams=", ".join(team.name for team in missing),
        )
    report.status = transition.target
    report.published_at, report.published_by = timezone.now(), by_user(user)
    report.published_document, report.published_seal = report.document, report.seal
    report.published_sealed_at = report.sealed_at
    report.save(
        update_fields=[
            "status",
            "published_at",
            "published_by",
            "published_document",
            "published_seal",
            "published_sealed_at",
        ]
    )
    after = {"report": report.pk, "seal": report.seal}
    if missing:
        after["missing_signatures"] = [team.pk for team in missing]
    audit.record(
        transition.audit,
        user=user,
        actor=actor,
        obj=report,
        after=after,
        reason=reason if missing else "",
    )
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
                "by": user.get_username() if by_user(user) else "",
                "reason": reason,
                "sealed_before": report.seal,
            },
        ],
    }
    reseal(report)
    record_seal(transition.audit, report, user=user, actor=actor, reason=reason, before=before)
    return report


def protest(report: MatchReport, transition, *, user, actor, reason, team=None):
    """A captain lodges a protest for their team before the protest window ends."""
    team = reading.object_of(
        LeagueTeam.objects.filter(venue_entries__venue=report.venue_id),
        team,
        field="team",
        missing=NOT_AT_VENUE,
    )
    if not league_roles.may_protest(user, team):
        raise not_allowed(
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
    lodged = Protest.objects.create(
        report=report, team=team, reason=reason, lodged_by=by_user(user)
    )
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
    protest.decided_at, protest.decided_by = timezone.now(), by_user(user)
    protest.save(update_fields=["decision", "decision_reason", "decided_at", "decided_by"])
    audit.record(
        "protest_decided",
        user=user,
        obj=protest.report,
        after={"report": protest.report_id, "protest": protest.pk, "decision": decision},
        reason=reason,
    )
    return protest
