"""Tournaments, their participants and teams (Turnier, Teilnehmer, Mannschaft)."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.names import refuse_control_characters
from tournaments.skat import GAME_POINTS_ONLY, SKWO, ExtraPointsScheme

from .checks import at_least, within
from .clubs import AgeCategory, Gender
from .progress import Progress
from .relations import club_link, tournament_link


def new_pin() -> str:
    """A random four-digit PIN for signing lists; secrets, because a PIN must not be guessable."""
    return f"{secrets.randbelow(10_000):04d}"


class ExtraPoints(models.TextChoices):
    """How lists are settled: SkWO extra points (Seeger-Fabian) or the game points alone."""

    SKWO = "skwo", _("SkWO extra points (Seeger-Fabian)")
    NONE = "none", _("Game points only")

    @property
    def scheme(self) -> ExtraPointsScheme:
        return SKWO if self is ExtraPoints.SKWO else GAME_POINTS_ONLY


class Tournament(Progress):
    """A tournament or club evening (Turnier / Spielabend) of one or more series."""

    club = club_link("tournaments", _("organising club"))
    name = models.CharField(_("name"), max_length=200, validators=[refuse_control_characters])
    date = models.DateField(_("date"))
    venue = models.CharField(
        _("venue"), max_length=200, blank=True, validators=[refuse_control_characters]
    )
    rounds_per_series = models.PositiveSmallIntegerField(
        _("rounds per series"),
        default=12,
        help_text=_("A round is one deal by every player: 12 rounds = 48 games at a 4-table."),
    )
    planned_series = models.PositiveSmallIntegerField(_("planned number of series"), default=2)
    team_size = models.PositiveSmallIntegerField(
        _("players per team"),
        default=4,
        help_text=_("A team's total is the sum of its members' totals."),
    )
    extra_points = models.CharField(
        _("extra points"), max_length=8, choices=ExtraPoints.choices, default=ExtraPoints.SKWO
    )
    sign_with_pin = models.BooleanField(
        _("sign with PIN"),
        default=False,
        help_text=_(
            "Players confirm their lists only with the PIN of their start card, not with a "
            "drawing on the table device (for championships)."
        ),
    )
    lists_per_table = models.PositiveSmallIntegerField(
        _("lists per table"),
        choices=[(1, _("one list")), (2, _("two lists, compared game by game"))],
        default=1,
        help_text=_(
            "Two: a second player at each table keeps a second list on a second device; "
            "the lists are compared game by game and signed once they agree (championships)."
        ),
    )
    self_registration = models.BooleanField(
        _("self-registration open"),
        default=False,
        help_text=_(
            "Players register themselves on their own phone at the door (QR code); the "
            "director accepts each arrival at the desk."
        ),
    )
    check_in = models.BooleanField(
        _("check-in required"),
        default=False,
        help_text=_("Only participants marked present at the desk are drawn."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    is_demo = models.BooleanField(
        _("demo"),
        default=False,
        editable=False,
        help_text=_("Example data to try the software; the director deletes it in one step."),
    )

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]
        constraints = [
            within("tournament", "rounds_per_series", 1, 40),
            at_least("tournament", "planned_series"),
            within("tournament", "team_size", 1, 12),
            models.CheckConstraint(
                condition=Q(lists_per_table__in=[1, 2]), name="tournament_lists_per_table_1_or_2"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    @property
    def scheme(self) -> ExtraPointsScheme:
        return ExtraPoints(self.extra_points).scheme

    @property
    def two_lists(self) -> bool:
        """Whether every table keeps a second list (doppelte Listenführung)."""
        return self.lists_per_table == 2


class Team(models.Model):
    """A team (Mannschaft) of a tournament; its total is the sum of its members' totals."""

    tournament = tournament_link("teams")
    name = models.CharField(_("name"), max_length=200, validators=[refuse_control_characters])
    club = club_link("teams")

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Participant(models.Model):
    """A player registered for a tournament (Teilnehmer) with a start number."""

    # The same choices as the player's, who keeps them from evening to evening.
    Gender = Gender
    Category = AgeCategory

    tournament = tournament_link("participants")
    player = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="participations",
    )
    start_number = models.PositiveIntegerField(_("start number"))
    team = models.ForeignKey(
        Team,
        verbose_name=_("team"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    present = models.BooleanField(
        _("present"),
        default=False,
        help_text=_("Checked in at the desk; with check-in required only they are drawn."),
    )
    pin = models.CharField(
        _("PIN"),
        max_length=8,
        default=new_pin,
        help_text=_("Printed on the start card; confirms a game list without a touch screen."),
    )
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    gender = models.CharField(
        _("gender"), max_length=1, choices=Gender.choices, default="", blank=True
    )
    category = models.CharField(
        _("age category"), max_length=8, choices=Category.choices, default="", blank=True
    )

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["tournament_id", "start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="participant_unique_player"
            ),
            models.UniqueConstraint(
                fields=["tournament", "start_number"], name="participant_unique_start_number"
            ),
            at_least("participant", "start_number"),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}: {self.player}"
