"""Match reports (Spielberichte): a venue's results, signed by the captains, checked and
published by the group leader, binding once the protest window has passed."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def _user(verbose_name):
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )


class MatchReport(models.Model):
    """The report of one venue: its document (results, line-ups, the seals of its lists)
    under the report's own seal.

    ``status`` is the stored step; *binding* follows from it (docs/league.md): a published
    report is binding once the league's protest window after the match day has passed
    and no protest is open.
    """

    class Status(models.TextChoices):
        SUBMITTED = "submitted", _("submitted")
        CHECKED = "checked", _("checked")
        PUBLISHED = "published", _("published")

    venue = models.OneToOneField(
        "league.Venue", verbose_name=_("venue"), on_delete=models.CASCADE, related_name="report"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SUBMITTED
    )
    document = models.JSONField(_("sealed document"))
    seal = models.CharField(_("seal"), max_length=64, db_index=True)
    sealed_at = models.DateTimeField(_("sealed at"))
    submitted_at = models.DateTimeField(_("submitted at"), auto_now_add=True)
    submitted_by = _user(_("submitted by"))
    checked_at = models.DateTimeField(_("checked at"), null=True, blank=True)
    checked_by = _user(_("checked by"))
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    published_by = _user(_("published by"))
    # What the public sees: the document as last published. A correction after publishing
    # changes ``document`` and ``seal``; these stay until the report is published again.
    published_document = models.JSONField(_("published document"), null=True, blank=True)
    published_seal = models.CharField(_("published seal"), max_length=64, blank=True)
    published_sealed_at = models.DateTimeField(_("published seal's time"), null=True, blank=True)

    class Meta:
        verbose_name = _("match report")
        verbose_name_plural = _("match reports")
        ordering = ["venue"]

    def __str__(self) -> str:
        return _("Match report %(venue)s") % {"venue": self.venue_id}


class ReportSignature(models.Model):
    """A captain's confirmation of the report, with the start-card PIN or a drawing.

    ``report_digest`` is the fingerprint of the results the captain confirmed; a
    correction by the group leader after that is kept beside it in the document.
    """

    class Method(models.TextChoices):
        PIN = "pin", _("PIN")
        IMAGE = "image", _("drawn signature")

    report = models.ForeignKey(
        MatchReport, verbose_name=_("report"), on_delete=models.CASCADE, related_name="signatures"
    )
    team = models.ForeignKey(
        "league.LeagueTeam", verbose_name=_("team"), on_delete=models.PROTECT, related_name="+"
    )
    signer = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("signed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    method = models.CharField(_("method"), max_length=5, choices=Method.choices)
    image = models.BinaryField(_("signature image"), blank=True, default=b"")
    report_digest = models.CharField(_("confirmed fingerprint"), max_length=64)
    signed_at = models.DateTimeField(_("signed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("report signature")
        verbose_name_plural = _("report signatures")
        ordering = ["report", "signed_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["report", "team"], name="report_signed_once_a_team"),
        ]

    def __str__(self) -> str:
        return f"{self.report}: {self.team}"


class Protest(models.Model):
    """A protest (Einspruch) against a report, lodged before the protest window ends; the
    report is not binding while a protest is undecided."""

    class Decision(models.TextChoices):
        OPEN = "", _("open")
        UPHELD = "upheld", _("upheld")
        REJECTED = "rejected", _("rejected")

    report = models.ForeignKey(
        MatchReport, verbose_name=_("report"), on_delete=models.CASCADE, related_name="protests"
    )
    team = models.ForeignKey(
        "league.LeagueTeam", verbose_name=_("team"), on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(_("reason"))
    lodged_at = models.DateTimeField(_("lodged at"), auto_now_add=True)
    lodged_by = _user(_("lodged by"))
    decision = models.CharField(
        _("decision"), max_length=10, choices=Decision.choices, default="", blank=True
    )
    decision_reason = models.TextField(_("reason for the decision"), blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = _user(_("decided by"))

    class Meta:
        verbose_name = _("protest")
        verbose_name_plural = _("protests")
        ordering = ["report", "lodged_at", "id"]

    def __str__(self) -> str:
        return f"{self.report}: {self.team}"
