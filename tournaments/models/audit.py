"""The audit trail (Änderungsprotokoll): every change to a list, who made it and why."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .relations import recorded_by, table_link


class AuditEntry(models.Model):
    """One change: before and after as JSON, so a referee can trace every correction."""

    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    user = recorded_by(_("user"))
    actor = models.CharField(_("who"), max_length=150)
    action = models.CharField(_("action"), max_length=40)
    table = table_link("audit_entries", on_delete=models.SET_NULL, optional=True)
    object_repr = models.CharField(_("object"), max_length=200)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit trail")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.created_at:%d.%m.%Y %H:%M} {self.actor}: {self.action} {self.object_repr}"
