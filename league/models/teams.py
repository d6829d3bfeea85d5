"""League teams (Mannschaften) and their rosters: players, captain and substitutes."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.names import refuse_control_characters


class LeagueTeam(models.Model):
    """A club's team in a league group; four players play, a roster holds substitutes.

    ``captain`` is a player of the roster (Mannschaftsführer); ``captain_user`` the login
    through which the captain sees the team's results and signs its match reports.
    """

    group = models.ForeignKey(
        "league.LeagueGroup",
        verbose_name=pgettext_lazy("league", "group"),
        on_delete=models.CASCADE,
        related_name="teams",
    )
    club = models.ForeignKey(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        related_name="league_teams",
    )
    name = models.CharField(_("name"), max_length=100, validators=[refuse_control_characters])
    captain = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("captain"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    captain_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("captain's login"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_teams",
    )

    class Meta:
        verbose_name = _("league team")
        verbose_name_plural = _("league teams")
        ordering = ["group", "name"]
        constraints = [
            models.UniqueConstraint(fields=["group", "name"], name="league_team_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class RosterEntry(models.Model):
    """A player on a team's roster (Meldeliste), in order; ``substitute`` for the reserve.

    ``league`` repeats the team's league so that the database keeps a player to one team
    per league (and so per season).
    """

    team = models.ForeignKey(
        LeagueTeam, verbose_name=_("team"), on_delete=models.CASCADE, related_name="roster"
    )
    league = models.ForeignKey(
        "league.League", verbose_name=_("league"), on_delete=models.CASCADE, related_name="+"
    )
    player = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="league_rosters",
    )
    position = models.PositiveSmallIntegerField(_("position"))
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        verbose_name = _("roster entry")
        verbose_name_plural = _("roster")
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                name="roster_one_team_per_league",
                violation_error_message=_("This player already plays for a team of this league."),
            ),
            models.UniqueConstraint(fields=["team", "position"], name="roster_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"
