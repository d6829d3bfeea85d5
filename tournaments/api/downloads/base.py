"""What every file download of the API shares: renderers, the file view, object lookup.

Rankings and the table plan are public, like the rankings they print. Start cards carry
the players' PINs and the director's table plan the table codes, so both are for
tournament directors only. The views only pick the object and the exporter; refusals
(an unknown id, a bad season year) are the API's usual JSON errors, also when the client
asked for a file type.
"""

from django.http import HttpResponse
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from skatverein.site_address import site_url, table_site_url
from tournaments.models import Series, Tournament
from tournaments.services import roles

from ..lookup import get_or_404
from ..permissions import DirectorWritesOthersRead, event_of
from ..schema import ErrorSerializer
from .names import attachment_header, download_name

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"


class FileRenderer(BaseRenderer):
    """Lets clients ask for a file type; the views answer with the file itself, not data."""

    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


class PDFRenderer(FileRenderer):
    media_type, format = PDF, "pdf"


class XLSXRenderer(FileRenderer):
    media_type, format = XLSX, "xlsx"


class CSVRenderer(FileRenderer):
    media_type, format, charset, render_style = CSV, "csv", "utf-8", "text"


class IsDirector(BasePermission):
    message = gettext_lazy(
        "Only a tournament director may download this, since it shows PINs or table codes; "
        "please log in."
    )

    def has_permission(self, request, view) -> bool:
        return roles.may_see_secrets(request.user, event_of(request, view))


RENDERERS = {PDF: PDFRenderer, XLSX: XLSXRenderer, CSV: CSVRenderer}
ERRORS = OpenApiResponse(ErrorSerializer, description="No such object.")
BAD_SEASON = OpenApiResponse(ErrorSerializer, description="A bad year, best or min_series.")


class FileView(APIView):
    """A download of one file type; errors are JSON whatever type the client accepts."""

    permission_classes = [DirectorWritesOthersRead]
    http_method_names = ["get", "head", "options"]
    content_type = PDF
    extension = "pdf"

    def get_renderers(self):
        return [RENDERERS[self.content_type](), JSONRenderer()]

    def finalize_response(self, request, response, *args, **kwargs):
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)

    def file_response(self, content: bytes, kind: str, **scope) -> HttpResponse:
        """The file as an attachment named by :func:`download_name` (``scope``: its event)."""
        content_type = f"{CSV}; charset=utf-8" if self.content_type == CSV else self.content_type
        response = HttpResponse(content, content_type=content_type)
        name = download_name(kind, extension=self.extension, **scope)
        response["Content-Disposition"] = attachment_header(name)
        response["Cache-Control"] = "no-store"
        return response


def base_url(request) -> str:
    """The site's address the printed verification link points to."""
    return site_url(request)


def with_money(request, tournament: Tournament) -> bool:
    """Whether the files of ``tournament`` carry its money for this request's user
    (services/roles.money_visible: its directors and treasurers, everyone once finished)."""
    finished = tournament.status == Tournament.Status.FINISHED
    return roles.money_visible(request.user, finished=finished, obj=tournament)


def table_base_url(request) -> str:
    """The address the printed table-code QR codes point to: the table devices' one."""
    return table_site_url(request)


def file_schema(content_type: str, summary: str, *, staff=False, parameters=(), bad=None):
    responses = {(200, content_type): OpenApiTypes.BINARY, (404, "application/json"): ERRORS}
    if staff:
        responses[(403, "application/json")] = OpenApiResponse(
            ErrorSerializer, description="Not logged in as a tournament director."
        )
    if bad is not None:
        responses[(400, "application/json")] = bad
    return extend_schema(summary=summary, responses=responses, parameters=list(parameters))


def series_or_404(pk: int) -> Series:
    return get_or_404(Series.objects.select_related("tournament__club"), pk)


def tournament_or_404(pk: int) -> Tournament:
    return get_or_404(Tournament.objects.select_related("club"), pk)


def series_scope(series: Series) -> dict:
    """The name parts of a series' file: its tournament and number."""
    return {"tournament": series.tournament, "series": series.number}
