"""Digital signatures (PAdES) on exported game lists, with the club's certificate.

The certificate comes from :mod:`tournaments.services.sealing.certificates` (made on first
use, or uploaded by the club); this module only signs a rendered PDF with it, so any PDF
reader shows who issued the list and that it is unchanged since.
"""

import asyncio
import hashlib
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from pyhanko.keys.internal import (
    translate_pyca_cryptography_cert_to_asn1,
    translate_pyca_cryptography_key_to_asn1,
)
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields, signers
from pyhanko_certvalidator.registry import SimpleCertificateStore
from pyhanko_certvalidator.util import get_pyca_cryptography_hash

from tournaments.models import Club, SigningCertificate
from tournaments.services.sealing.certificates import certificate_for, load_key_and_certificate


class _KeptKeySigner(signers.SimpleSigner):
    """pyHanko's signer with its RSA key parsed once.

    ``SimpleSigner`` parses its key from DER for every signature, twice per PDF (once to
    estimate the signature's size), and OpenSSL checks an RSA key whenever it is parsed:
    tens of milliseconds each time, more than rendering a list takes. Other key types
    and mechanisms go the library's way.
    """

    def __init__(self, key, **kwargs):
        super().__init__(**kwargs)
        self.parsed_key = key

    def sign_raw(self, data: bytes, digest_algorithm: str) -> bytes:
        mechanism = self.get_signature_mechanism_for_digest(digest_algorithm)
        if mechanism.signature_algo != "rsassa_pkcs1v15" or not isinstance(
            self.parsed_key, rsa.RSAPrivateKey
        ):
            return super().sign_raw(data, digest_algorithm)
        algorithm = get_pyca_cryptography_hash(digest_algorithm)
        return self.parsed_key.sign(data, padding.PKCS1v15(), algorithm)


@dataclass(frozen=True)
class _Loaded:
    contents: tuple  # (key, certificate, further certificates), as cryptography loads them
    signer: _KeptKeySigner
    reserved_bytes: int  # room for the signature in the PDF, see _room_for_signature


def _room_for_signature(signer: _KeptKeySigner) -> int:
    """The bytes a signature by ``signer`` needs in the PDF, found once per certificate.

    Left to itself, pyHanko builds a dummy signature before every real one to learn its
    size: a third of the time a list PDF takes. The size depends only on the key and the
    certificates, so the dummy is built once here, with pyHanko's own margin (half again;
    hexadecimal doubles the bytes).
    """
    empty_digest = hashes.Hash(hashes.SHA256()).finalize()
    dummy = asyncio.run(signer.async_sign(empty_digest, "sha256", use_pades=True, dry_run=True))
    hexadecimal = len(dummy.dump()) * 2
    return hexadecimal + 2 * (hexadecimal // 4)


_LOADED_KEPT = 16
_loaded_by_digest: dict[bytes, _Loaded] = {}


def _loaded(stored: SigningCertificate) -> _Loaded:
    """The signer of a stored certificate, made once per process and certificate file."""
    index = hashlib.sha256(bytes(stored.pkcs12)).digest()
    found = _loaded_by_digest.get(index)
    if found is None:
        key, certificate, extra = load_key_and_certificate(stored)
        registry = SimpleCertificateStore()
        registry.register_multiple(translate_pyca_cryptography_cert_to_asn1(one) for one in extra)
        signer = _KeptKeySigner(
            key,
            signing_key=translate_pyca_cryptography_key_to_asn1(key),
            signing_cert=translate_pyca_cryptography_cert_to_asn1(certificate),
            cert_registry=registry,
        )
        found = _Loaded((key, certificate, extra), signer, _room_for_signature(signer))
        if len(_loaded_by_digest) >= _LOADED_KEPT:
            _loaded_by_digest.clear()
        _loaded_by_digest[index] = found
    return found


def add_digital_signature(stream, club: Club | None, *, reason: str, location: str = "") -> None:
    """Sign the PDF in ``stream`` (a seekable read/write binary file) in place with PAdES.

    The signature is an incremental update appended to the file: the rendered pages stay
    byte for byte as they are, and a reader shows the list as signed by the club.
    """
    stored = certificate_for(club)
    loaded = _loaded(stored)
    meta = signers.PdfSignatureMetadata(
        field_name="Skatverein",
        md_algorithm="sha256",
        subfilter=fields.SigSeedSubFilter.PADES,
        reason=reason,
        location=location or None,
        name=stored.subject,
    )
    stream.seek(0)
    writer = IncrementalPdfFileWriter(stream, strict=False)
    signers.sign_pdf(
        writer, meta, signer=loaded.signer, in_place=True, bytes_reserved=loaded.reserved_bytes
    )
    stream.seek(0)
