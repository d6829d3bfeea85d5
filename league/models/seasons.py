"""Seasons and leagues (Saison, Liga) with the league's settings (docs/rules.md 6)."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.names import refuse_control_characters


class Season(models.Model):
    """A season (Saison) of the association's leagues, e.g. "2027"."""

    name = models.CharField(
        _("name"), max_length=100, unique=True, validators=[refuse_control_characters]
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    is_demo = models.BooleanField(
        _("demo"),
        default=False,
        editable=False,
        help_text=_("Example data to try the software; the director deletes it in one step."),
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-name"]

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """A league of a season (Bundesliga … Landesliga), split into groups.

    ``scheme``: DSkV teams of four, one team point per team beaten in a series; ISPA teams
    of ``players_per_team`` (6 or 8) on a scale of 6 per series (docs/rules.md 6).
    """

    class Scheme(models.TextChoices):
        DSKV = "dskv", _("DSkV (teams of four)")
        ISPA = "ispa", _("ISPA (teams of six or eight)")

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="leagues"
    )
    name = models.CharField(_("name"), max_length=100, validators=[refuse_control_characters])
    level = models.PositiveSmallIntegerField(
        _("level"),
        default=1,
        help_text=_(
            "1 for the highest league, 2 for the one below, …: promoted teams move one "
            "level up in the next season, relegated ones one down."
        ),
    )
    series_per_match_day = models.PositiveSmallIntegerField(
        _("series per match day"),
        default=3,
        help_text=_("1. Bundesliga 4, 2. Bundesliga to Oberliga 3, Landesliga 2."),
    )
    rounds_per_series = models.PositiveSmallIntegerField(
        _("rounds per series"),
        default=12,
        help_text=_("12 rounds = 48 games at a 4-table, the normal series."),
    )
    protest_days = models.PositiveSmallIntegerField(
        _("protest window in days"),
        default=14,
        help_text=_("Results become binding this many days after the match day."),
    )
    min_games = models.PositiveIntegerField(
        _("minimum games for the individual ranking"),
        default=0,
        help_text=_("Players with fewer games in the season are listed apart."),
    )
    scheme = models.CharField(_("rules"), max_length=4, choices=Scheme.choices, default=Scheme.DSKV)
    players_per_team = models.PositiveSmallIntegerField(
        _("players per team"),
        default=4,
        help_text=_("DSkV 4; ISPA 6 or 8."),
    )

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["season", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="league_unique_name"),
            models.CheckConstraint(
                condition=Q(series_per_match_day__gte=1) & Q(series_per_match_day__lte=8),
                name="league_series_per_match_day_range",
            ),
            models.CheckConstraint(
                condition=Q(rounds_per_series__gte=1) & Q(rounds_per_series__lte=40),
                name="league_rounds_per_series_range",
            ),
            models.CheckConstraint(
                condition=Q(protest_days__lte=365), name="league_protest_days_range"
            ),
            models.CheckConstraint(
                condition=(Q(scheme="dskv") & Q(players_per_team=4))
                | (Q(scheme="ispa") & Q(players_per_team__in=[6, 8])),
                name="league_players_per_team_of_scheme",
            ),
            models.CheckConstraint(
                condition=Q(level__gte=1) & Q(level__lte=20), name="league_level_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}"
