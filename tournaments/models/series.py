"""Series (Serie): one game list per table, a fixed number of rounds."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .relations import tournament_link


class Series(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    tournament = tournament_link("series")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    draw_seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    draw_mode = models.CharField(_("draw mode"), max_length=10, blank=True)
    draw_prefer_three = models.BooleanField(_("draw preferred 3-player tables"), default=False)
    draw_separate_clubs = models.BooleanField(_("draw kept club mates apart"), default=False)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="series_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="series_number_min"),
        ]

    def __str__(self) -> str:
        return _("Series %(number)d") % {"number": self.number}
