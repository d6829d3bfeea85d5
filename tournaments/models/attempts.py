"""Attempt counters: how often one address (or account) tried something within a window.

Wrong table codes, logins, token requests and calculator requests are limited per client
address. The count lives in the database, the one store every server process shares, and
is raised by a single ``UPDATE … SET count = count + 1`` (services/attempts.py), so
concurrent requests never lose an increment the way a read-then-write cache entry does.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AttemptCounter(models.Model):
    """The attempts of one ``key`` (an address) in one ``scope`` since ``started_at``."""

    scope = models.CharField(_("scope"), max_length=32)
    key = models.CharField(_("key"), max_length=64)
    count = models.PositiveIntegerField(_("attempts"), default=0)
    started_at = models.DateTimeField(_("window started at"), db_index=True)

    class Meta:
        verbose_name = _("attempt counter")
        verbose_name_plural = _("attempt counters")
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="attempt_counter_unique")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}: {self.count}"
