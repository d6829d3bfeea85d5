"""Invitation links (Einladungen): a person follows ``/einladung/<token>/``, sets a
password once and gets a login bound to a league role — leader of a group, captain of a
team, director of a club, or director of one venue on its match day only.

Only the token's SHA-256 digest is stored: the link is shown once, when it is made, and
whoever reads the database cannot use a pending invitation.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Invitation(models.Model):
    class Role(models.TextChoices):
        GROUP_LEADER = "group_leader", _("group leader")
        CAPTAIN = "captain", _("captain")
        CLUB_DIRECTOR = "club_director", _("tournament director of the club")
        VENUE_DIRECTOR = "venue_director", _("director of the venue on its match day")

    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    group = models.ForeignKey(
        "league.LeagueGroup",
        verbose_name=pgettext_lazy("league", "group"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
    )
    team = models.ForeignKey(
        "league.LeagueTeam",
        verbose_name=_("team"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
    )
    club = models.ForeignKey(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="league_invitations",
    )
    venue = models.ForeignKey(
        "league.Venue",
        verbose_name=_("venue"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
    )
    name = models.CharField(_("invited person"), max_length=200)
    token_digest = models.CharField(_("token digest"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    expires_at = models.DateTimeField(_("valid until"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="league_invitations",
    )

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(role="group_leader", group__isnull=False)
                    | Q(role="captain", team__isnull=False)
                    | Q(role="club_director", club__isnull=False)
                    | Q(role="venue_director", venue__isnull=False)
                ),
                name="invitation_names_its_object",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}: {self.name}"
