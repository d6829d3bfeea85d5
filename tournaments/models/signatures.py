"""Signatures under a game list and the certificates that sign exported PDFs."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .checks import within
from .locking import ListRow
from .relations import participant_link, table_link


class Signature(ListRow):
    """A player's confirmation of a table's list: a drawn signature or the start-card PIN.

    ``list_digest`` fingerprints the list as it was signed, so a signature given before a
    later correction is recognised as no longer confirming the list.
    """

    class Method(models.TextChoices):
        IMAGE = "image", _("signature drawn on the device")
        PIN = "pin", _("confirmed with PIN")

    table = table_link("signatures")
    seat = models.PositiveSmallIntegerField(_("seat"))
    participant = participant_link("signatures")
    method = models.CharField(_("method"), max_length=5, choices=Method.choices)
    image = models.BinaryField(_("signature image (PNG)"), blank=True, default=b"")
    signed_at = models.DateTimeField(_("signed at"), auto_now_add=True)
    list_digest = models.CharField(_("fingerprint of the signed list"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("signature")
        verbose_name_plural = _("signatures")
        ordering = ["table_id", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "participant"], name="signature_once_per_participant"
            ),
            models.CheckConstraint(
                condition=Q(method__in=["image", "pin"]), name="signature_method_valid"
            ),
            within("signature", "seat", 1, 4),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.participant}: {self.get_method_display()}"


class SigningCertificate(models.Model):
    """The X.509 certificate and key a club signs its PDF lists with (PAdES).

    Created on first use (self-signed) or uploaded by the club; the key is kept as an
    encrypted PKCS#12 container whose passphrase derives from the seal secret.
    """

    club = models.OneToOneField(
        "tournaments.Club",
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="signing_certificate",
        help_text=_("Empty: the certificate for tournaments without an organising club."),
    )
    subject = models.CharField(_("subject"), max_length=300)
    pkcs12 = models.BinaryField(_("certificate and key (PKCS#12)"))
    uploaded = models.BooleanField(_("uploaded by the club"), default=False)
    valid_until = models.DateTimeField(_("valid until"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("signing certificate")
        verbose_name_plural = _("signing certificates")
        constraints = [
            models.UniqueConstraint(
                fields=["club"],
                condition=Q(club__isnull=True),
                name="signing_certificate_one_without_club",
            ),
        ]

    def __str__(self) -> str:
        return self.subject
