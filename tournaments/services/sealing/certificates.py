"""The certificates that sign the exported game lists (exports/pades.py signs with them).

Every PDF game list is signed with the organising club's certificate, so any PDF reader
shows who issued the list and that it is unchanged since. A club without a certificate
gets a self-signed one on first use (CN = club name); a club may instead upload its own
(PKCS#12 with the private key). Tournaments without a club use the certificate stored
with ``club=None``. Keys are stored as PKCS#12 encrypted with a passphrase derived from
``settings.SEAL_SECRET``, so a copy of the database alone cannot sign lists.
"""

import datetime
import hashlib
import hmac
import logging

from asn1crypto import pkcs12 as asn1_pkcs12
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Club, SigningCertificate
from tournaments.services import audit
from tournaments.services.errors import Refusal

CERTIFICATE_MISSING = Refusal(
    "file",
    "certificate_missing",
    gettext_noop("Choose the certificate file (.p12 or .pfx) to upload."),
)
CERTIFICATE_TOO_LARGE = Refusal(
    "file",
    "certificate_too_large",
    gettext_noop(
        "The file is larger than %(limit)d KB; a certificate file is much smaller. "
        "Check that you chose the right file."
    ),
)
NOT_A_CERTIFICATE = Refusal(
    "file",
    "not_a_certificate",
    gettext_noop(
        "The file is not a PKCS#12 certificate (.p12 or .pfx). Export the "
        "certificate together with its private key and upload that file."
    ),
)
WRONG_CERTIFICATE_PASSWORD = Refusal(
    "password",
    "wrong_certificate_password",
    gettext_noop(
        "The password does not open this certificate file. Enter the password that "
        "was set when the certificate was exported."
    ),
)
CERTIFICATE_WITHOUT_KEY = Refusal(
    "file",
    "certificate_without_key",
    gettext_noop(
        "The file holds no certificate with its private key. Export the certificate "
        "including the private key."
    ),
)
CERTIFICATE_KEY_MISMATCH = Refusal(
    "file",
    "certificate_key_mismatch",
    gettext_noop("The private key in the file does not belong to its certificate."),
)
CERTIFICATE_EXPIRED = Refusal(
    "file",
    "certificate_expired",
    gettext_noop("The certificate expired on %(date)s; upload a current one."),
)
CERTIFICATE_NOT_YET_VALID = Refusal(
    "file",
    "certificate_not_yet_valid",
    gettext_noop("The certificate is valid only from %(date)s on."),
)
CERTIFICATE_CANNOT_SIGN = Refusal(
    "file",
    "certificate_cannot_sign",
    gettext_noop(
        "This certificate may not be used for signatures (key usage); ask the "
        "issuer for a signing certificate."
    ),
)


logger = logging.getLogger(__name__)

SELF_SIGNED_YEARS = 5
DEFAULT_SUBJECT = "Skatverein"
MAX_UPLOAD_BYTES = 200_000
_PASSPHRASE_CONTEXT = b"skatverein/pdf-signing-certificate/v1"


def passphrase() -> bytes:
    """The PKCS#12 passphrase: an HMAC of a fixed context under the seal secret."""
    secret = settings.SEAL_SECRET
    key = secret.encode() if isinstance(secret, str) else bytes(secret)
    return hmac.new(key, _PASSPHRASE_CONTEXT, hashlib.sha256).hexdigest().encode()


def certificate_for(club: Club | None) -> SigningCertificate:
    """The club's usable certificate; a self-signed one is made if it has none (or none valid).

    A stored certificate that has expired or that the current seal secret cannot open is
    replaced by a new self-signed one, so lists always stay downloadable and signed.
    """
    stored = SigningCertificate.objects.filter(club=club).first()
    if stored is not None and _usable(stored):
        return stored
    if stored is not None:
        logger.warning(
            "Signing certificate %r (club %s) expired or unreadable; creating a new one.",
            stored.subject,
            club.pk if club else None,
        )
    return _store(club, *_self_signed(club), uploaded=False)


def _usable(stored: SigningCertificate) -> bool:
    if stored.valid_until <= timezone.now() + datetime.timedelta(days=1):
        return False
    try:
        load_key_and_certificate(stored)
    except ValueError:
        return False
    return True


def load_key_and_certificate(stored: SigningCertificate):
    """(private key, certificate, further certificates) of a stored certificate.

    Decrypted once per process, keyed by the file's bytes and the passphrase, so a
    replaced certificate or a changed seal secret is opened afresh. Raises ValueError when
    the passphrase does not open it.
    """
    data, secret = bytes(stored.pkcs12), passphrase()
    index = (hashlib.sha256(data).digest(), hashlib.sha256(secret).digest())
    found = _opened.get(index)
    if found is None:
        found = pkcs12.load_key_and_certificates(data, secret)
        if len(_opened) >= OPENED_KEPT:
            _opened.clear()
        _opened[index] = found
    return found


OPENED_KEPT = 16
_opened: dict[tuple[bytes, bytes], tuple] = {}


def _self_signed(club: Club | None):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = (club.name if club else DEFAULT_SUBJECT)[:64]
    subject = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, name),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, name),
        ]
    )
    now = timezone.now()
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=365 * SELF_SIGNED_YEARS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=True,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .sign(key, hashes.SHA256())
    )
    return key, certificate, []


def _store(club, key, certificate, extra, *, uploaded: bool) -> SigningCertificate:
    data = pkcs12.serialize_key_and_certificates(
        name=certificate.subject.rfc4514_string().encode()[:64],
        key=key,
        cert=certificate,
        cas=extra or None,
        encryption_algorithm=serialization.BestAvailableEncryption(passphrase()),
    )
    values = {
        "subject": certificate.subject.rfc4514_string()[:300],
        "pkcs12": data,
        "uploaded": uploaded,
        "valid_until": certificate.not_valid_after_utc,
    }
    try:
        with transaction.atomic():
            stored, _ = SigningCertificate.objects.update_or_create(club=club, defaults=values)
    except IntegrityError:
        # Another request created the club's certificate at the same moment: use that one.
        stored = SigningCertificate.objects.get(club=club)
    return stored


@transaction.atomic
def upload_certificate(club: Club, data, password, *, user=None) -> SigningCertificate:
    """Store the club's own certificate (PKCS#12 with its key) after checking it can sign."""
    if not isinstance(data, bytes | bytearray) or not data:
        raise CERTIFICATE_MISSING.rejected()
    if len(data) > MAX_UPLOAD_BYTES:
        raise CERTIFICATE_TOO_LARGE.rejected(limit=MAX_UPLOAD_BYTES // 1000)
    data = bytes(data)
    if not _is_pkcs12(data):
        raise NOT_A_CERTIFICATE.rejected()
    key, certificate, extra = _open_pkcs12(data, password)
    _check_can_sign(key, certificate)
    stored = _store(club, key, certificate, extra, uploaded=True)
    audit.record(
        "certificate_uploaded",
        user=user,
        obj=club,
        after={"subject": stored.subject, "valid_until": stored.valid_until.isoformat()},
    )
    return stored


def _is_pkcs12(data: bytes) -> bool:
    try:
        parsed = asn1_pkcs12.Pfx.load(data, strict=True)
        return parsed["version"].native == "v3" and parsed["auth_safe"] is not None
    except (ValueError, TypeError, KeyError):
        return False


def _open_pkcs12(data: bytes, password):
    if password is not None and not isinstance(password, str):
        password = None
    candidates = [password.encode()] if password else [None, b""]
    for candidate in candidates:
        try:
            return pkcs12.load_key_and_certificates(data, candidate)
        except ValueError:
            continue
    raise WRONG_CERTIFICATE_PASSWORD.rejected()


def _check_can_sign(key, certificate) -> None:
    if key is None or certificate is None:
        raise CERTIFICATE_WITHOUT_KEY.rejected()
    public = serialization.PublicFormat.SubjectPublicKeyInfo
    encoding = serialization.Encoding.DER
    if key.public_key().public_bytes(encoding, public) != certificate.public_key().public_bytes(
        encoding, public
    ):
        raise CERTIFICATE_KEY_MISMATCH.rejected()
    now = timezone.now()
    if certificate.not_valid_after_utc <= now:
        raise CERTIFICATE_EXPIRED.rejected(date=f"{certificate.not_valid_after_utc:%d.%m.%Y}")
    if certificate.not_valid_before_utc > now:
        raise CERTIFICATE_NOT_YET_VALID.rejected(
            date=f"{certificate.not_valid_before_utc:%d.%m.%Y}"
        )
    try:
        usage = certificate.extensions.get_extension_for_class(x509.KeyUsage).value
    except x509.ExtensionNotFound:
        return
    if not (usage.digital_signature or usage.content_commitment):
        raise CERTIFICATE_CANNOT_SIGN.rejected()
