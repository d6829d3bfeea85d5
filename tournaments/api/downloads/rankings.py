"""Rankings as files: a series, a tournament, its teams and a club's season; PDF, XLSX, CSV.

They are public, like the rankings they print (docs/api.md).
"""

import io
import re

from django.utils import timezone
from django.utils.translation import gettext

from tournaments.exports import pdf_ranking, spreadsheets
from tournaments.models import Club

from ..rankings import BEST, MIN_SERIES
from .base import (
    BAD_SEASON,
    CSV,
    PDF,
    XLSX,
    YEAR,
    FileView,
    file_schema,
    get_or_404,
    series_or_404,
    series_scope,
    tournament_or_404,
)

# --- Series ranking ---------------------------------------------------------------------


class SeriesRankingPDFView(FileView):
    """``series/{id}/ranking.pdf``"""

    @file_schema(PDF, "The ranking of a series as PDF")
    def get(self, request, pk: int):
        series = series_or_404(pk)
        out = io.BytesIO()
        pdf_ranking.series_ranking_pdf(series, out)
        return self.file_response(out.getvalue(), gettext("Ranking"), **series_scope(series))


class SeriesRankingXLSXView(FileView):
    """``series/{id}/ranking.xlsx``"""

    content_type, extension = XLSX, "xlsx"

    @file_schema(XLSX, "The ranking of a series as Excel workbook")
    def get(self, request, pk: int):
        series = series_or_404(pk)
        content = spreadsheets.series_ranking_xlsx(series)
        return self.file_response(content, gettext("Ranking"), **series_scope(series))


class SeriesRankingCSVView(FileView):
    """``series/{id}/ranking.csv``: UTF-8 with BOM, semicolons, as German Excel expects."""

    content_type, extension = CSV, "csv"

    @file_schema(CSV, "The ranking of a series as CSV (UTF-8, semicolons)")
    def get(self, request, pk: int):
        series = series_or_404(pk)
        content = spreadsheets.series_ranking_csv(series)
        return self.file_response(content, gettext("Ranking"), **series_scope(series))


# --- Tournament and team ranking --------------------------------------------------------


class TournamentRankingPDFView(FileView):
    """``tournaments/{id}/ranking.pdf``: a column per series and the total."""

    @file_schema(PDF, "The tournament ranking as PDF")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        out = io.BytesIO()
        pdf_ranking.tournament_ranking_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Ranking"), tournament=tournament)


class TournamentRankingXLSXView(FileView):
    """``tournaments/{id}/ranking.xlsx``: a sheet per series and a total sheet."""

    content_type, extension = XLSX, "xlsx"

    @file_schema(XLSX, "The tournament ranking as Excel workbook (a sheet per series)")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        content = spreadsheets.tournament_ranking_xlsx(tournament)
        return self.file_response(content, gettext("Ranking"), tournament=tournament)


class TournamentRankingCSVView(FileView):
    """``tournaments/{id}/ranking.csv``"""

    content_type, extension = CSV, "csv"

    @file_schema(CSV, "The tournament ranking as CSV (UTF-8, semicolons)")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        content = spreadsheets.tournament_ranking_csv(tournament)
        return self.file_response(content, gettext("Ranking"), tournament=tournament)


class TeamRankingPDFView(FileView):
    """``tournaments/{id}/teams/ranking.pdf``: teams with their members."""

    @file_schema(PDF, "The team ranking of a tournament as PDF")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        out = io.BytesIO()
        pdf_ranking.team_ranking_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Team ranking"), tournament=tournament)


class TeamRankingXLSXView(FileView):
    """``tournaments/{id}/teams/ranking.xlsx``: teams, each followed by its members."""

    content_type, extension = XLSX, "xlsx"

    @file_schema(XLSX, "The team ranking of a tournament as Excel workbook")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        content = spreadsheets.team_ranking_xlsx(tournament)
        return self.file_response(content, gettext("Team ranking"), tournament=tournament)


class TeamRankingCSVView(FileView):
    """``tournaments/{id}/teams/ranking.csv``"""

    content_type, extension = CSV, "csv"

    @file_schema(CSV, "The team ranking of a tournament as CSV (UTF-8, semicolons)")
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        content = spreadsheets.team_ranking_csv(tournament)
        return self.file_response(content, gettext("Team ranking"), tournament=tournament)


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
        club = get_or_404(Club.objects.all(), pk)
        values = _season_parameters(request)
        year = values.pop("year")
        content = type(self).exporter(club, year, **values)
        return self.file_response(content, gettext("Season ranking"), club=club, year=year)


def _season_pdf(club, year, **values) -> bytes:
    out = io.BytesIO()
    pdf_ranking.season_ranking_pdf(club, year, out, **values)
    return out.getvalue()


SEASON_PARAMETERS = (YEAR, BEST, MIN_SERIES)


class SeasonRankingPDFView(SeasonFileView):
    """``clubs/{id}/season-ranking.pdf?year=``"""

    exporter = staticmethod(_season_pdf)

    @file_schema(
        PDF, "A club's season ranking as PDF", parameters=SEASON_PARAMETERS, bad=BAD_SEASON
    )
    def get(self, request, pk: int):
        return super().get(request, pk)


class SeasonRankingXLSXView(SeasonFileView):
    """``clubs/{id}/season-ranking.xlsx?year=``"""

    content_type, extension = XLSX, "xlsx"
    exporter = staticmethod(spreadsheets.season_ranking_xlsx)

    @file_schema(
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

    @file_schema(
        CSV,
        "A club's season ranking as CSV (UTF-8, semicolons)",
        parameters=SEASON_PARAMETERS,
        bad=BAD_SEASON,
    )
    def get(self, request, pk: int):
        return super().get(request, pk)
