"""The public identities of clubs and tournaments in results documents, and the seals a
document brought along when it was imported."""

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class ClubIdentity(models.Model):
    """A club's id in results documents: the same on the hall and on every server that
    imported the club's tournaments, whatever the club's row is numbered there."""

    club = models.OneToOneField(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="public_identity",
    )
    uuid = models.UUIDField(_("public id"), default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        verbose_name = _("public identity of a club")
        verbose_name_plural = _("public identities of clubs")

    def __str__(self) -> str:
        return str(self.uuid)


class TournamentIdentity(models.Model):
    """A tournament's id in results documents. ``imported_version`` is set for a tournament
    imported from a document: the version that document had (an import of the same
    version changes nothing, a newer one replaces the tournament, an older one is refused);
    empty for a tournament kept on this server, whose version is its own change counter."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="public_identity",
    )
    uuid = models.UUIDField(_("public id"), default=uuid.uuid4, unique=True)
    imported_version = models.PositiveBigIntegerField(_("imported version"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported at"), null=True, blank=True)
    # When a newer version replaced one of a finished tournament: the portal's pages say
    # "berichtigt am …" (a running tournament's newer versions are its progress).
    corrected_at = models.DateTimeField(_("corrected at"), null=True, blank=True)

    class Meta:
        verbose_name = _("public identity of a tournament")
        verbose_name_plural = _("public identities of tournaments")

    def __str__(self) -> str:
        return str(self.uuid)


class ImportedSeal(models.Model):
    """The Ed25519 seal an imported document carried for a list. This server has no
    private key of the club, so it publishes the list again with the seal it received."""

    table = models.OneToOneField(
        "tournaments.Table",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="imported_seal",
    )
    key = models.CharField(_("key"), max_length=64)
    signature = models.CharField(_("signature"), max_length=128)

    class Meta:
        verbose_name = _("imported seal")
        verbose_name_plural = _("imported seals")

    def __str__(self) -> str:
        return self.key
