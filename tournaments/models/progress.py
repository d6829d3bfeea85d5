"""The course a tournament and each of its series take: planned, running, finished."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Progress(models.Model):
    """Planned until the first draw, running while lists are kept, then finished (abgeschlossen).

    ``services.states`` moves a tournament or series along (finish, reopen) and keeps when it
    finished; a tournament and its series share the steps, so they share the choices.
    """

    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        abstract = True
