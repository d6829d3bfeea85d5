"""What a results portal keeps beside the tournaments it was sent: the clubs' publishing
tokens."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PublishingToken(models.Model):
    """A token that may publish one club's tournaments to this portal. Only its SHA-256
    digest is kept: a copied database publishes nothing."""

    club = models.ForeignKey(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="publishing_tokens",
    )
    digest = models.CharField(_("token digest"), max_length=64, unique=True, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("publishing token")
        verbose_name_plural = _("publishing tokens")

    def __str__(self) -> str:
        return f"{self.club} ({self.created:%Y-%m-%d})"
