"""Game lists as PDF files, and the club certificate that signs them (docs/api.md).

``tables/{id}/list.pdf`` and ``series/{id}/lists.pdf`` are signed with PAdES by the
organising club's certificate (:mod:`tournaments.exports.pades`), so a PDF reader shows
them as issued by the club and unchanged; the blank list is a form to fill in by hand and
stays unsigned. The series file is rendered into a spooled temporary file (in memory up to
a few MB, then on disk) and streamed from there, so a series of hundreds of tables does
not sit in memory as one string.
"""

import io
import tempfile

from cryptography.hazmat.primitives import hashes
from django.conf import settings
from django.core.files.storage import default_storage
from django.db.models import Count
from django.http import FileResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.exports import pades
from tournaments.exports.kept import background, files
from tournaments.exports.listsheet import table_queryset
from tournaments.exports.pdf_bulk import series_lists_pdf
from tournaments.exports.pdf_list import blank_list_pdf, game_list_pdf
from tournaments.models import Club, Series, SigningCertificate, Tournament
from tournaments.services.errors import Rejected
from tournaments.services.sealing import certificates

from ..permissions import DirectorWritesOthersRead
from ..schema import ErrorSerializer
from .base import PDF, FileView, base_url, series_scope, with_money
from .names import attachment_header, download_name

SPOOL_IN_MEMORY = 8 * 1024 * 1024


NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such table or series.")
PDF_RESPONSES = {(200, PDF): OpenApiTypes.BINARY, 404: NOT_FOUND}


def pdf_response(stream, name: str) -> FileResponse:
    stream.seek(0)
    response = FileResponse(stream, content_type=PDF)
    response["Content-Disposition"] = attachment_header(name)
    response["Cache-Control"] = "no-store"
    return response


def sign_for_club(stream, tournament: Tournament, reason: str) -> None:
    """Sign the PDF in ``stream`` with the organising club's certificate (PAdES)."""
    pades.add_digital_signature(stream, tournament.club, reason=reason, location=tournament.venue)


def table_file_name(kind: str, table) -> str:
    """``<tournament>_<date>_Serie-1_Tisch-3_<kind>.pdf``: a table's list as a file."""
    return download_name(kind, extension="pdf", **series_scope(table.series), table=table.number)


class TableListPDFView(FileView):
    """``tables/{id}/list.pdf``: the filled game list, signed by the organising club."""

    @extend_schema(
        responses=PDF_RESPONSES,
        summary="The game list of a table as a signed PDF (PAdES)",
        description="The official list with settlement, signatures and, once sealed, the "
        "seal code with a QR code of the verification page. Signed with the organising "
        "club's certificate (self-signed on first use unless the club uploaded one).",
    )
    def get(self, request, pk: int):
        table = get_object_or_404(table_queryset(), pk=pk)
        tournament = table.series.tournament
        site = base_url(request)
        money = with_money(request, tournament)

        def make_pdf() -> bytes:
            stream = io.BytesIO(game_list_pdf(table, base_url=site, with_money=money))
            sign_for_club(stream, tournament, gettext("Game list"))
            return stream.getvalue()

        # A locked list is rendered once and kept under its seal (exports/kept/).
        stored = files.sealed_list_name(table, site, with_money=money)
        stream = files.stored_or_rendered(stored, make_pdf)
        return pdf_response(stream, table_file_name(gettext("Game list"), table))


class TableBlankListPDFView(FileView):
    """``tables/{id}/blank-list.pdf``: the list as a paper form with the table's players."""

    @extend_schema(
        responses=PDF_RESPONSES,
        summary="A blank game list of a table (PDF) for playing on paper",
        description="Header with the players and start numbers, one numbered line per "
        "game with its dealer, empty settlement and signature fields. Not signed: it is a "
        "form to fill in.",
    )
    def get(self, request, pk: int):
        table = get_object_or_404(table_queryset(), pk=pk)
        name = table_file_name(gettext("Blank game list"), table)
        return pdf_response(io.BytesIO(blank_list_pdf(table)), name)


class SeriesListsPDFView(FileView):
    """``series/{id}/lists.pdf``: every game list of a series in one signed PDF."""

    @extend_schema(
        responses=PDF_RESPONSES,
        summary="All game lists of a series as one signed PDF (PAdES)",
        description="One list after the other in table order, each starting on a new page; "
        "signed once with the organising club's certificate.",
    )
    def get(self, request, pk: int):
        series = get_object_or_404(
            Series.objects.select_related("tournament__club").annotate(table_count=Count("tables")),
            pk=pk,
        )
        tournament = series.tournament
        site = base_url(request)
        money = with_money(request, tournament)
        name = download_name(
            gettext("Game lists"), extension="pdf", tournament=tournament, series=series.number
        )

        def write(stream):
            series_lists_pdf(series, stream, base_url=site, with_money=money)
            sign_for_club(stream, tournament, gettext("Game lists"))

        if series.table_count > settings.SERIES_PDF_INLINE_TABLES:
            # Hundreds of lists take seconds: made in the background (exports/kept/).
            stored = files.series_lists_name(series, site, with_money=money)
            if default_storage.exists(stored):
                return pdf_response(default_storage.open(stored, "rb"), name)
            background.start_in_background(stored, write)
            return background.being_prepared(request, name)
        stream = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
        try:
            write(stream)
        except BaseException:
            stream.close()
            raise
        return pdf_response(stream, name)


class CertificateSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    subject = serializers.CharField(help_text="Who the PDF readers show as the signer.")
    valid_until = serializers.DateTimeField()
    uploaded = serializers.BooleanField(
        help_text="true: the club's own certificate; false: self-signed by Skatverein."
    )
    sha256_fingerprint = serializers.CharField(
        help_text="SHA-256 of the certificate (DER), to compare with what a PDF reader shows."
    )


class CertificateUploadSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text=f"The certificate with its private key as PKCS#12 (.p12 / .pfx), "
        f"at most {certificates.MAX_UPLOAD_BYTES // 1000} KB."
    )
    password = serializers.CharField(
        required=False, allow_blank=True, help_text="The password of the PKCS#12 file."
    )


def certificate_data(club: Club, stored: SigningCertificate) -> dict:
    """What may be shown of a certificate: never the key or the PKCS#12 container."""
    _key, certificate, _extra = certificates.load_key_and_certificate(stored)
    fingerprint = certificate.fingerprint(hashes.SHA256()).hex(":").upper()
    return {
        "club": club.pk,
        "subject": stored.subject,
        "valid_until": stored.valid_until,
        "uploaded": stored.uploaded,
        "sha256_fingerprint": fingerprint,
    }


class ClubCertificateView(APIView):
    """``clubs/{id}/certificate/``: the certificate the club's lists are signed with."""

    permission_classes = [DirectorWritesOthersRead]
    scope_model = Club
    parser_classes = [MultiPartParser, FormParser]
    http_method_names = ["get", "post", "head", "options"]

    @extend_schema(
        responses={200: CertificateSerializer, 404: ErrorSerializer},
        summary="The certificate that signs the club's PDF lists",
        description="404 until the club has one: a self-signed certificate is made when the "
        "first list of the club is downloaded, unless the club uploads its own.",
    )
    def get(self, request, pk: int):
        club = get_object_or_404(Club, pk=pk)
        stored = SigningCertificate.objects.filter(club=club).first()
        if stored is None:
            raise Rejected.because(
                "club",
                "no_certificate",
                gettext_noop(
                    "This club has no signing certificate yet. One is created when its first "
                    "list is downloaded as PDF, or upload the club's own certificate."
                ),
                missing=True,
            )
        return Response(certificate_data(club, stored))

    @extend_schema(
        request={"multipart/form-data": CertificateUploadSerializer},
        responses={201: CertificateSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
        summary="Upload the club's own signing certificate (PKCS#12 with its key)",
        description="Replaces the certificate the club's PDF lists are signed with. The "
        "file must hold the private key, be valid now and allow digital signatures.",
    )
    def post(self, request, pk: int):
        club = get_object_or_404(Club, pk=pk)
        upload = request.data.get("file")
        # One byte more than allowed is enough for the service to refuse a file as too big.
        data = upload.read(certificates.MAX_UPLOAD_BYTES + 1) if hasattr(upload, "read") else b""
        stored = certificates.upload_certificate(
            club, data, request.data.get("password"), user=request.user
        )
        return Response(certificate_data(club, stored), status=status.HTTP_201_CREATED)
