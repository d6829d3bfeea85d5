"""Clubs and their players: who takes part in a tournament and for which club."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.names import refuse_control_characters


class Club(models.Model):
    """A Skat club, the home of players and the unit club rankings are computed for."""

    name = models.CharField(
        _("name"), max_length=200, validators=[refuse_control_characters], unique=True
    )
    short_name = models.CharField(
        _("short name"),
        max_length=50,
        blank=True,
        validators=[refuse_control_characters],
        help_text=_("Shown where space is tight, e.g. on score sheets and rankings."),
    )
    federation_number = models.CharField(
        _("federation number"),
        max_length=30,
        blank=True,
        help_text=_("The club's number with the Skat federation, if it is a member."),
    )
    season_best_series = models.PositiveSmallIntegerField(
        _("season ranking: best series"),
        null=True,
        blank=True,
        help_text=_("Count only a player's best N series of the year; empty: all series."),
    )
    season_min_series = models.PositiveSmallIntegerField(
        _("season ranking: minimum series"),
        default=1,
        help_text=_("Players with fewer series in the year are not listed."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(season_best_series__isnull=True)
                | models.Q(season_best_series__gte=1),
                name="club_season_best_series_min",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person who plays in tournaments; without a club the player is a guest."""

    first_name = models.CharField(
        _("first name"), max_length=100, validators=[refuse_control_characters]
    )
    last_name = models.CharField(
        _("last name"), max_length=100, validators=[refuse_control_characters]
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        help_text=_("Leave empty for a guest player."),
    )
    member_number = models.CharField(
        _("member number"),
        max_length=30,
        blank=True,
        help_text=_("The player's membership number, unique within the club."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~models.Q(member_number=""),
                name="unique_member_number_per_club",
                violation_error_message=_("This member number is already used in this club."),
            ),
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        """First and last name, as people are named on score sheets and rankings."""
        return f"{self.first_name} {self.last_name}"
