"""An arrival at the door (Ankunft): a self-registration waiting for the desk.

An arrival is no participant: nothing of it reaches a public page until the director
accepts it, which registers (or finds) the player and links the participant here.
"""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Publication
from tournaments.models.names import refuse_control_characters


def new_phone_token() -> str:
    """The secret in the phone's link to its own registration; unguessable, so nobody
    reads another's waiting number or seat."""
    return secrets.token_urlsafe(24)


class Arrival(models.Model):
    """A player who registered on their own phone at the door of a tournament."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("rejected")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="arrivals",
    )
    number = models.PositiveIntegerField(_("waiting number"))
    first_name = models.CharField(
        _("first name"), max_length=100, validators=[refuse_control_characters]
    )
    last_name = models.CharField(
        _("last name"), max_length=100, validators=[refuse_control_characters]
    )
    club_name = models.CharField(
        _("club as typed"), max_length=200, blank=True, validators=[refuse_control_characters]
    )
    club = models.ForeignKey(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    member_number = models.CharField(_("member number"), max_length=30, blank=True)
    # The consent given on the phone (API §10), passed on to the player when accepted.
    publication = models.CharField(
        _("publication"), max_length=5, choices=Publication.choices, default=Publication.FULL
    )
    person_key = models.CharField(
        _("person key"),
        max_length=400,
        editable=False,
        help_text=_("Name and club as a name search compares them; the same person twice."),
    )
    token = models.CharField(_("phone token"), max_length=64, unique=True, default=new_phone_token)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.WAITING
    )
    # A foreign key, not one-to-one: a person who registered twice in ways no rule joins
    # (another club typed) is accepted twice as the same participant.
    participant = models.ForeignKey(
        "tournaments.Participant",
        verbose_name=_("participant"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="arrivals",
    )
    match = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("recognised player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The first series an accepted arrival plays: the series after those already drawn
    # when the desk accepted them (a late arrival plays from series 2 on, say).
    from_series = models.PositiveSmallIntegerField(_("plays from series"), null=True, blank=True)
    # The start number kept for this arrival in the order of arrival, once an arrival who
    # registered later was accepted first (door/services/start_numbers.py).
    start_number = models.PositiveIntegerField(_("start number kept"), null=True, blank=True)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("arrival")
        verbose_name_plural = _("arrivals")
        ordering = ["tournament_id", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="arrival_unique_waiting_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.first_name} {self.last_name}"

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"
