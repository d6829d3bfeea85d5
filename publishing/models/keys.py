"""The Ed25519 key pairs that seal a club's lists in results documents."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ClubKey(models.Model):
    """One of a club's signing keys. ``private_key`` is encrypted under a key derived from
    the hall's ``SEAL_SECRET`` (publishing/services/club_keys.py), so a backup holds it
    only as readable as the hall's secrets file allows; it is empty for a key this server
    only knows from an imported document."""

    club = models.ForeignKey(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="signing_keys",
    )
    key = models.CharField(_("key id"), max_length=64, unique=True)
    public_key = models.CharField(_("public key (base64)"), max_length=64)
    private_key = models.TextField(_("private key (encrypted)"), blank=True, editable=False)
    created = models.DateTimeField(_("created"))

    class Meta:
        verbose_name = _("club signing key")
        verbose_name_plural = _("club signing keys")
        ordering = ["club_id", "created", "key"]

    def __str__(self) -> str:
        return self.key
