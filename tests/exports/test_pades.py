"""PAdES signatures on exported lists: valid with the club's certificate, broken by any change,
and a club's own certificate checked before it is stored."""

import io

import pytest
from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives.serialization import Encoding
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.signers.pdf_signer import PdfSigningSession
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko_certvalidator import ValidationContext

from tests import factories as f
from tournaments.exports import pades
from tournaments.exports.pdf_list import game_list_pdf
from tournaments.models import AuditEntry, SigningCertificate
from tournaments.services.errors import Rejected
from tournaments.services.sealing import certificates

pytestmark = pytest.mark.django_db


def signed_list(club):
    table = f.make_complete_table()
    table.series.tournament.club = club
    table.series.tournament.save()
    f.sign_all(table)
    stream = io.BytesIO(game_list_pdf(table, base_url="https://skat.example.org"))
    pades.add_digital_signature(stream, club, reason="Spielliste", location="Vereinsheim")
    return stream.getvalue()


def trusting(stored: SigningCertificate) -> ValidationContext:
    """A validation context that trusts exactly the club's certificate."""
    _key, certificate, _extra = certificates.load_key_and_certificate(stored)
    root = asn1_x509.Certificate.load(certificate.public_bytes(Encoding.DER))
    return ValidationContext(trust_roots=[root])


def validate(pdf: bytes, context: ValidationContext):
    signatures = PdfFileReader(io.BytesIO(pdf)).embedded_signatures
    assert len(signatures) == 1
    return validate_pdf_signature(signatures[0], context)


def test_signed_list_validates_with_the_club_certificate():
    club = f.make_club("Skatfreunde Grünhain")

    pdf = signed_list(club)

    stored = SigningCertificate.objects.get(club=club)
    status = validate(pdf, trusting(stored))
    assert (status.intact, status.valid, status.trusted, status.bottom_line) == (True,) * 4
    assert status.signing_cert.subject.native["common_name"] == "Skatfreunde Grünhain"
    assert stored.uploaded is False


def test_signed_list_is_not_intact_after_one_signed_byte_changed():
    club = f.make_club()
    pdf = signed_list(club)
    title = pdf.index(b"/Title (") + len(b"/Title (")
    changed = pdf[:title] + bytes([pdf[title] ^ 0x01]) + pdf[title + 1 :]

    status = validate(changed, trusting(SigningCertificate.objects.get(club=club)))

    assert (status.intact, status.bottom_line) == (False, False)


def test_signature_does_not_validate_against_another_clubs_certificate():
    club, other = f.make_club(), f.make_club()
    pdf = signed_list(club)

    status = validate(pdf, trusting(certificates.certificate_for(other)))

    assert status.intact is True
    assert status.trusted is False


def test_club_certificate_is_created_once_and_reused():
    club = f.make_club()

    first = certificates.certificate_for(club)
    second = certificates.certificate_for(club)

    assert first.pk == second.pk
    assert SigningCertificate.objects.filter(club=club).count() == 1


def test_tournament_without_club_is_signed_with_the_default_certificate():
    pdf = signed_list(None)

    status = validate(pdf, trusting(SigningCertificate.objects.get(club=None)))

    assert status.bottom_line is True
    assert status.signing_cert.subject.native["common_name"] == certificates.DEFAULT_SUBJECT


def test_uploaded_certificate_signs_the_clubs_lists_from_then_on():
    club = f.make_club()
    certificates.certificate_for(club)

    stored = certificates.upload_certificate(club, f.make_pkcs12(b"geheim"), "geheim")
    status = validate(signed_list(club), trusting(stored))

    assert stored.uploaded is True
    assert status.bottom_line is True
    assert status.signing_cert.subject.native["common_name"] == "Skatclub Eigenes Zertifikat"
    assert AuditEntry.objects.filter(action="certificate_uploaded").count() == 1


def test_certificate_with_an_unreadable_key_is_replaced_by_a_new_one(settings):
    club = f.make_club()
    old = certificates.certificate_for(club)
    settings.SEAL_SECRET = "another-seal-secret-0123456789abcdef0123456789"

    new = certificates.certificate_for(club)

    assert new.pk == old.pk and bytes(new.pkcs12) != bytes(old.pkcs12)
    assert certificates.load_key_and_certificate(new)[0] is not None


@pytest.mark.parametrize(
    ("data", "password", "field", "code"),
    [
        (f.make_pkcs12(b"geheim"), "falsch", "password", "wrong_certificate_password"),
        (f.make_pkcs12(b"geheim"), "", "password", "wrong_certificate_password"),
        (b"%PDF-1.4 not a certificate", "geheim", "file", "not_a_certificate"),
        (b"", "geheim", "file", "certificate_missing"),
        (b"0" * (certificates.MAX_UPLOAD_BYTES + 1), "geheim", "file", "certificate_too_large"),
        (f.make_pkcs12(b"geheim", key=False), "geheim", "file", "certificate_without_key"),
        (f.make_pkcs12(b"geheim", days=-30), "geheim", "file", "certificate_expired"),
    ],
    # Named, because a generated certificate differs in every pytest-xdist process.
    ids=[
        "wrong-password",
        "no-password",
        "a-pdf",
        "empty",
        "too-large",
        "without-key",
        "expired",
    ],
)
def test_upload_refuses_certificates_that_cannot_sign(data, password, field, code):
    club = f.make_club()

    with pytest.raises(Rejected) as refused:
        certificates.upload_certificate(club, data, password)

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == (field, code)
    assert not SigningCertificate.objects.filter(club=club).exists()


def test_upload_accepts_a_certificate_without_password():
    club = f.make_club()

    stored = certificates.upload_certificate(club, f.make_pkcs12(None), "")

    assert stored.uploaded is True


def test_signature_size_is_found_once_per_certificate_not_per_list(monkeypatch):
    """pyHanko's dummy signature to learn the size took a third of a list PDF's time."""
    club = f.make_club()
    signed_list(club)  # creates and loads the club's certificate
    monkeypatch.setattr(
        PdfSigningSession,
        "estimate_signature_container_size",
        lambda *a, **k: pytest.fail("a dummy signature was built for one list"),
    )

    pdfs = [signed_list(club) for _ in range(2)]

    context = trusting(SigningCertificate.objects.get(club=club))
    assert all(validate(pdf, context).bottom_line for pdf in pdfs)


def test_key_is_decrypted_and_parsed_once_for_many_signed_lists(monkeypatch):
    """OpenSSL checks an RSA key at every load (tens of ms): a list PDF must not pay that."""
    club = f.make_club()
    signed_list(club)  # creates and loads the club's certificate
    loads = []
    for module, name in (
        (certificates.pkcs12, "load_key_and_certificates"),
        (certificates.serialization, "load_der_private_key"),
    ):
        original = getattr(module, name)
        monkeypatch.setattr(
            module, name, lambda *a, _o=original, _n=name, **k: loads.append(_n) or _o(*a, **k)
        )

    pdfs = [signed_list(club) for _ in range(2)]

    assert loads == []
    context = trusting(SigningCertificate.objects.get(club=club))
    assert all(validate(pdf, context).bottom_line for pdf in pdfs)
