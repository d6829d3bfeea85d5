"""Rankings, table plans and start cards as files (API.md section 4): PDF, XLSX and CSV.

Rankings and the table plan are public, like the rankings they print. Start cards carry
the players' PINs and the director's table plan the table codes, so both are for
tournament directors only. The views only pick the object and the exporter; refusals
(an unknown id, a bad season year) are the API's usual JSON errors, also when the client
asked for a file type.
"""

import io
import re

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.exports import pdf_plan, pdf_ranking, spreadsheets
from tournaments.exports.formatting import filename
from tournaments.models import Club, Series, Tournament
from tournaments.services import ranking
from tournaments.services.errors import is_id

from .exports import ErrorSerializer, PDFRenderer, base_url
from .permissions import DirectorWritesOthersRead, is_director
from .rankings import BEST, MIN_SERIES

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"


class XLSXRenderer(BaseRenderer):
    """Lets clients ask for an Excel workbook; the views answer with the file itself."""

    media_type = XLSX
    format = "xlsx"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


class CSVRenderer(BaseRenderer):
    media_type = CSV
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


class IsDirector(BasePermission):
    message = gettext_lazy(
        "Only a tournament director may download this, since it shows PINs or table codes; "
        "please log in."
    )

    def has_permission(self, request, view) -> bool:
        return is_director(request.user)


RENDERERS = {PDF: PDFRenderer, XLSX: XLSXRenderer, CSV: CSVRenderer}
ERRORS = OpenApiResponse(ErrorSerializer, description="No such object.")
BAD_SEASON = OpenApiResponse(ErrorSerializer, description="A bad year, best or min_series.")
YEAR = OpenApiParameter(
    "year",
    OpenApiTypes.INT,
    description=f"{ranking.YEARS[0]}–{ranking.YEARS[1]}; default: the current year",
)


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

    def file_response(self, content: bytes, *name_parts) -> HttpResponse:
        content_type = f"{CSV}; charset=utf-8" if self.content_type == CSV else self.content_type
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = content_disposition_header(
            True, filename(*name_parts, extension=self.extension)
        )
        response["Cache-Control"] = "no-store"
        return response


def _file_schema(content_type: str, summary: str, *, staff=False, parameters=(), bad=None):
    responses = {(200, content_type): OpenApiTypes.BINARY, (404, "application/json"): ERRORS}
    if staff:
        responses[(403, "application/json")] = OpenApiResponse(
            ErrorSerializer, description="Not logged in as a tournament director."
        )
    if bad is not None:
        responses[(400, "application/json")] = bad
    return extend_schema(summary=summary, responses=responses, parameters=list(parameters))


def _get(queryset, pk: int):
    """The object or the API's 404; an id too large for the database is simply not there."""
    found = queryset.filter(pk=pk).first() if is_id(pk) else None
    if found is None:
        raise Http404
    return found


def _series(pk: int) -> Series:
    return _get(Series.objects.select_related("tournament__club"), pk)


def _tournament(pk: int) -> Tournament:
    return _get(Tournament.objects.select_related("club"), pk)


def _series_name(series: Series) -> str:
    return pdf_ranking.series_label(series).replace(" ", "")


# --- Series ranking ---------------------------------------------------------------------


class SeriesRankingPDFView(FileView):
    """``series/{id}/ranking.pdf``"""

    @_file_schema(PDF, "The ranking of a series as PDF")
    def get(self, request, pk: int):
        series = _series(pk)
        out = io.BytesIO()
        pdf_ranking.series_ranking_pdf(series, out)
        return self.file_response(out.getvalue(), gettext("Ranking"), _series_name(series))


class SeriesRankingXLSXView(FileView):
    """``series/{id}/ranking.xlsx``"""

    content_type, extension = XLSX, "xlsx"

    @_file_schema(XLSX, "The ranking of a series as Excel workbook")
    def get(self, request, pk: int):
        series = _series(pk)
        content = spreadsheets.series_ranking_xlsx(series)
        return self.file_response(content, gettext("Ranking"), _series_name(series))


class SeriesRankingCSVView(FileView):
    """``series/{id}/ranking.csv``: UTF-8 with BOM, semicolons, as German Excel expects."""

    content_type, extension = CSV, "csv"

    @_file_schema(CSV, "The ranking of a series as CSV (UTF-8, semicolons)")
    def get(self, request, pk: int):
        series = _series(pk)
        content = spreadsheets.series_ranking_csv(series)
        return self.file_response(content, gettext("Ranking"), _series_name(series))


# --- Tournament and team ranking --------------------------------------------------------


class TournamentRankingPDFView(FileView):
    """``tournaments/{id}/ranking.pdf``: a column per series and the total."""

    @_file_schema(PDF, "The tournament ranking as PDF")
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        out = io.BytesIO()
        pdf_ranking.tournament_ranking_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Ranking"), tournament.name)


class TournamentRankingXLSXView(FileView):
    """``tournaments/{id}/ranking.xlsx``: a sheet per series and a total sheet."""

    content_type, extension = XLSX, "xlsx"

    @_file_schema(XLSX, "The tournament ranking as Excel workbook (a sheet per series)")
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        content = spreadsheets.tournament_ranking_xlsx(tournament)
        return self.file_response(content, gettext("Ranking"), tournament.name)


class TournamentRankingCSVView(FileView):
    """``tournaments/{id}/ranking.csv``"""

    content_type, extension = CSV, "csv"

    @_file_schema(CSV, "The tournament ranking as CSV (UTF-8, semicolons)")
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        content = spreadsheets.tournament_ranking_csv(tournament)
        return self.file_response(content, gettext("Ranking"), tournament.name)


class TeamRankingPDFView(FileView):
    """``tournaments/{id}/teams/ranking.pdf``: teams with their members."""

    @_file_schema(PDF, "The team ranking of a tournament as PDF")
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        out = io.BytesIO()
        pdf_ranking.team_ranking_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Team ranking"), tournament.name)


# --- Season ranking -----------------------------------------------------------------------


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _season_parameters(request) -> dict:
    """``year``, ``best``, ``min_series`` as ints; anything else goes to the service to refuse."""
    values = {}
    for name in ("year", "best", "min_series"):
        raw = request.query_params.get(name, "").strip()
        values[name] = (int(raw) if _WHOLE_NUMBER.fullmatch(raw) else raw) if raw else None
    if values["year"] is None:
        values["year"] = timezone.localdate().year
    return values


class SeasonFileView(FileView):
    """A club's season ranking as a file; the ranking service checks the parameters."""

    exporter = None

    def get(self, request, pk: int):
        club = _get(Club.objects.all(), pk)
        values = _season_parameters(request)
        year = values.pop("year")
        content = type(self).exporter(club, year, **values)
        return self.file_response(content, gettext("Season ranking"), club.name, year)


def _season_pdf(club, year, **values) -> bytes:
    out = io.BytesIO()
    pdf_ranking.season_ranking_pdf(club, year, out, **values)
    return out.getvalue()


SEASON_PARAMETERS = (YEAR, BEST, MIN_SERIES)


class SeasonRankingPDFView(SeasonFileView):
    """``clubs/{id}/season-ranking.pdf?year=``"""

    exporter = staticmethod(_season_pdf)

    @_file_schema(
        PDF, "A club's season ranking as PDF", parameters=SEASON_PARAMETERS, bad=BAD_SEASON
    )
    def get(self, request, pk: int):
        return super().get(request, pk)


class SeasonRankingXLSXView(SeasonFileView):
    """``clubs/{id}/season-ranking.xlsx?year=``"""

    content_type, extension = XLSX, "xlsx"
    exporter = staticmethod(spreadsheets.season_ranking_xlsx)

    @_file_schema(
        XLSX,
        "A club's season ranking as Excel workbook",
        parameters=SEASON_PARAMETERS,
        bad=BAD_SEASON,
    )
    def get(self, request, pk: int):
        return super().get(request, pk)


class SeasonRankingCSVView(SeasonFileView):
    """``clubs/{id}/season-ranking.csv?year=``"""

    content_type, extension = CSV, "csv"
    exporter = staticmethod(spreadsheets.season_ranking_csv)

    @_file_schema(
        CSV,
        "A club's season ranking as CSV (UTF-8, semicolons)",
        parameters=SEASON_PARAMETERS,
        bad=BAD_SEASON,
    )
    def get(self, request, pk: int):
        return super().get(request, pk)


# --- Game lists, table plan, start cards ----------------------------------------------------


class SeriesListsXLSXView(FileView):
    """``series/{id}/lists.xlsx``: every game list of the series, a sheet per table."""

    content_type, extension = XLSX, "xlsx"

    @_file_schema(XLSX, "All game lists of a series as Excel workbook (a sheet per table)")
    def get(self, request, pk: int):
        series = _series(pk)
        content = spreadsheets.series_lists_xlsx(series)
        return self.file_response(
            content, gettext("Game lists"), series.tournament.name, _series_name(series)
        )


class TablePlanPDFView(FileView):
    """``series/{id}/table-plan.pdf``: who sits where, to hang up; without table codes."""

    @_file_schema(PDF, "The table plan of a series as PDF (public, without table codes)")
    def get(self, request, pk: int):
        series = _series(pk)
        out = io.BytesIO()
        pdf_plan.table_plan_pdf(series, out)
        return self.file_response(out.getvalue(), gettext("Table plan"), _series_name(series))


class TablePlanWithCodesPDFView(FileView):
    """``series/{id}/table-plan-codes.pdf``: the director's copy with each table's code and
    QR code, to put on the tables."""

    permission_classes = [IsDirector]

    @_file_schema(PDF, "The table plan with table codes and QR codes (directors only)", staff=True)
    def get(self, request, pk: int):
        series = _series(pk)
        out = io.BytesIO()
        pdf_plan.table_plan_pdf(series, out, with_codes=True, base_url=base_url(request))
        return self.file_response(
            out.getvalue(), gettext("Table plan"), _series_name(series), gettext("codes")
        )


class SeriesStartCardsPDFView(FileView):
    """``series/{id}/start-cards.pdf``: cards of the players seated in the series."""

    permission_classes = [IsDirector]

    @_file_schema(
        PDF, "Start cards with PINs of the players of a series (directors only)", staff=True
    )
    def get(self, request, pk: int):
        series = _series(pk)
        out = io.BytesIO()
        pdf_plan.start_cards_pdf(series.tournament, out, series=series)
        return self.file_response(out.getvalue(), gettext("Start cards"), _series_name(series))


class TournamentStartCardsPDFView(FileView):
    """``tournaments/{id}/start-cards.pdf``: a card for every registered player."""

    permission_classes = [IsDirector]

    @_file_schema(PDF, "Start cards with PINs of all players (directors only)", staff=True)
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        out = io.BytesIO()
        pdf_plan.start_cards_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Start cards"), tournament.name)
