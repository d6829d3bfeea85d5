"""The captains sign a match report, with the lists' means: the PIN of the captain's start
card at the venue (the same counter of wrong tries, the same 429) or a drawing checked as
a list's signature is. Every signature seals the report again (report_sealing.py)."""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import LeagueTeam, MatchReport, ReportSignature
from league.services import roles as league_roles
from tournaments.models import Participant
from tournaments.services.errors import Rejected
from tournaments.services.sealing import signing
from tournaments.services.sealing.signature_image import (
    check_drawing,
    looks_copied,
    read_signature_image,
)
from tournaments.services.sealing.signature_strokes import check_strokes, read_strokes
from tournaments.skat import Problem

from . import reading
from .report_document import content_digest
from .report_sealing import content_of, record_seal, reseal

NOT_AT_VENUE = gettext_noop("The team with the id %(id)s does not play at this venue.")


def sign(
    report: MatchReport,
    transition,
    *,
    user,
    actor,
    reason,
    team=None,
    pin=None,
    image=None,
    strokes=None,
):
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
    if not league_roles.may_sign_report(user, report, team):
        raise not_allowed(
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
        _check_drawing(report, team, png, strokes)
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
        before = reseal(report, content_of(report))
        record_seal("report_signed", report, user=user, actor=actor, before=before)
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


def _check_drawing(report: MatchReport, team: LeagueTeam, png: bytes, strokes=None) -> None:
    """A real signature, not a copy of another captain's (the lists' rules): plausible
    strokes where the pad sent them (the host's device always does; a program may send a
    scanned image alone), enough ink, not a filled box."""
    try:
        if strokes is not None:
            check_strokes(read_strokes(strokes), 0)
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
    for other in report.signatures.exclude(image=b"").select_related("team"):
        if looks_copied(png, bytes(other.image)):
            raise Rejected.because(
                "image",
                "image_copied",
                gettext_noop(
                    "The signature for %(team)s looks like a copy of the one for %(other)s. Every "
                    "captain signs for themselves."
                ),
                team=team.name,
                other=other.team.name,
            )


def not_allowed(message: str, **params) -> PermissionDenied:
    return PermissionDenied(Problem("team", "not_allowed", message, params).text())
