"""What a hall keeps to publish its tournaments to a results portal: the portal's address
and token, the queued documents, and the lease that lets one sender run at a time."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PublishingTarget(models.Model):
    """The results portal this hall publishes to (one row), and how the last tries went.
    The token is kept as entered: the hall has to send it."""

    url = models.URLField(_("portal address"), max_length=300)
    token = models.CharField(_("publishing token"), max_length=200)
    last_success = models.DateTimeField(_("last published"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("results portal")
        verbose_name_plural = _("results portals")

    def __str__(self) -> str:
        return self.url


class OutboxEntry(models.Model):
    """One publication of a tournament, sent in the order queued. The document is made
    when it is first sent and kept, so a retry sends the very same id and version (the
    portal answers "unchanged" to a repeat). ``sent_at`` set: done; ``refused``: the portal
    refused it for good (400/403), shown to the director and not retried."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="publications",
    )
    queued_at = models.DateTimeField(_("queued at"), auto_now_add=True)
    document = models.JSONField(_("document"), null=True, blank=True)
    version = models.PositiveBigIntegerField(_("version"), null=True, blank=True)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(_("next attempt"), null=True, blank=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    refused = models.BooleanField(_("refused"), default=False)
    last_error = models.CharField(_("last error"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("queued publication")
        verbose_name_plural = _("queued publications")
        ordering = ["pk"]
        indexes = [models.Index(fields=["sent_at", "refused"], name="outbox_pending")]

    def __str__(self) -> str:
        return f"{self.tournament_id} v{self.version}"


class SenderLease(models.Model):
    """The one row a sender must hold to send (a lease: on SQLite, where there is no
    advisory lock, a sender that died lets another take over once ``expires`` passed)."""

    holder = models.CharField(_("holder"), max_length=100, blank=True)
    expires = models.DateTimeField(_("expires"), null=True, blank=True)

    class Meta:
        verbose_name = _("sender lease")
        verbose_name_plural = _("sender leases")

    def __str__(self) -> str:
        return self.holder
