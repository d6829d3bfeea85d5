"""Groups (Staffeln) of a league and their group leaders (Staffelleiter)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.names import refuse_control_characters


class LeagueGroup(models.Model):
    """A group (Staffel) of teams that play their match days together."""

    league = models.ForeignKey(
        "league.League", verbose_name=_("league"), on_delete=models.CASCADE, related_name="groups"
    )
    name = models.CharField(_("name"), max_length=100, validators=[refuse_control_characters])
    promotion_places = models.PositiveSmallIntegerField(
        _("promotion places"), default=0, help_text=_("The first places marked for promotion.")
    )
    relegation_places = models.PositiveSmallIntegerField(
        _("relegation places"), default=0, help_text=_("The last places marked for relegation.")
    )
    live_public = models.BooleanField(
        _("live results in public"),
        default=True,
        help_text=_("On: venue results public live, as provisional. Off: once published."),
    )
    leaders = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("group leaders"),
        blank=True,
        related_name="led_groups",
    )
    # The promotion/relegation marks as a leader confirmed them at the season's end
    # ({team id: "promotion" | "relegation" | null}); the next season moves teams by them.
    confirmed_marks = models.JSONField(_("confirmed marks"), null=True, blank=True)
    marks_confirmed_at = models.DateTimeField(_("marks confirmed at"), null=True, blank=True)
    marks_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("marks confirmed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        # A context of their own: Django's user groups are "groups" too (Gruppen).
        verbose_name = pgettext_lazy("league", "group")
        verbose_name_plural = pgettext_lazy("league", "groups")
        ordering = ["league", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="group_unique_name"),
            models.CheckConstraint(
                condition=Q(promotion_places__lte=100) & Q(relegation_places__lte=100),
                name="group_marks_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league.name} – {self.name}"
