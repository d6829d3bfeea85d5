"""Series (Serie): one game list per table, a fixed number of rounds."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .numbering import numbered_within
from .progress import Progress
from .relations import tournament_link


class Series(Progress):
    tournament = tournament_link("series")
    number = models.PositiveSmallIntegerField(_("number"))
    draw_seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    draw_mode = models.CharField(_("draw mode"), max_length=10, blank=True)
    draw_prefer_three = models.BooleanField(_("draw preferred 3-player tables"), default=False)
    draw_separate_clubs = models.BooleanField(_("draw kept club mates apart"), default=False)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    players = models.ManyToManyField(
        "tournaments.Participant",
        verbose_name=_("line-up"),
        blank=True,
        related_name="lineup_series",
        help_text=_(
            "Who plays this series when it is fixed in advance (a league team's line-up). "
            "Empty: every participant who has not withdrawn is drawn."
        ),
    )

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["tournament_id", "number"]
        constraints = numbered_within("tournament", "series")

    def __str__(self) -> str:
        return _("Series %(number)d") % {"number": self.number}
