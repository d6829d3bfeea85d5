"""Idempotency keys: the first answer to a request a device may send again (docs/api.md).

A table device that gets no answer (a timeout, a dropped connection) sends its game
again; with the same ``Idempotency-Key`` header the server returns the first answer
instead of storing the game twice. Rows are written in the same transaction as the game,
so a key exists exactly when its game does, and pruned after a day.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class IdempotencyKey(models.Model):
    """One key within its scope (the request's path) and the answer given to it."""

    scope = models.CharField(_("scope"), max_length=200)
    key = models.CharField(_("key"), max_length=200)
    request_hash = models.CharField(_("request hash"), max_length=64)
    response_status = models.PositiveSmallIntegerField(_("response status"))
    response_body = models.JSONField(_("response body"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_unique")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"
