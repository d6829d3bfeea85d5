"""Sealing a match report: storing its document under a new seal, each seal in the audit
trail with its document (so a superseded printout is still recognised)."""

from django.utils import timezone

from league.models import MatchReport
from tournaments.services import audit
from tournaments.services.sealing.seal_document import seal_of

from .report_document import report_document


def by_user(user):
    return user if user is not None and user.is_authenticated else None


def record_seal(action: str, report: MatchReport, *, user, actor="", reason="", before=None):
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


def reseal(report: MatchReport, content: dict | None = None) -> dict:
    """Seal the report's document again as it is now; returns the document before."""
    before = {"seal": report.seal, "status": report.status}
    report.document = report_document(report, content)
    report.seal = seal_of(report.document)
    report.sealed_at = timezone.now()
    report.save(update_fields=["document", "seal", "sealed_at"])
    return before


def content_of(report: MatchReport) -> dict:
    """The report's content as sealed: a signature confirms it, it does not re-read it."""
    return {k: v for k, v in report.document.items() if k not in ("signatures", "corrections")}
