"""The league's files: table and individual ranking (PDF, XLSX, CSV, public, published match
days only), a match report's PDF, and the season archive for the association."""

from django.http import HttpResponse
from django.utils.translation import gettext, gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import PermissionDenied
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from league.exports import archive, report_pdf, standings
from league.models import LeagueGroup, MatchReport, Season
from league.services import reports
from league.services import roles as league_roles
from tournaments.api.downloads.base import PDF, FileView, base_url
from tournaments.api.downloads.documents import Document, Subject
from tournaments.api.downloads.names import attachment_header, download_name
from tournaments.api.lookup import get_or_404
from tournaments.api.schema import ErrorSerializer
from tournaments.services import roles

ZIP = "application/zip"


def about_group(request, pk: int) -> Subject:
    group = get_or_404(LeagueGroup.objects.select_related("league__season"), pk)
    return Subject((group,), {"event": f"{group.league.name} {group.name}"})


LEAGUE_TABLE = Document(
    "groups/<int:pk>/table",
    "league-table",
    about_group,
    gettext_noop("League table"),
    "The league table of a group (published match days)",
)
PLAYER_RANKING = Document(
    "groups/<int:pk>/player-ranking",
    "league-player-ranking",
    about_group,
    gettext_noop("Individual ranking"),
    "The individual league ranking of a group (published match days)",
)

LEAGUE_DOWNLOADS = [
    LEAGUE_TABLE.pdf(standings.table_pdf),
    LEAGUE_TABLE.xlsx(standings.table_xlsx),
    LEAGUE_TABLE.csv(standings.table_csv),
    PLAYER_RANKING.pdf(standings.player_ranking_pdf),
    PLAYER_RANKING.xlsx(standings.player_ranking_xlsx),
    PLAYER_RANKING.csv(standings.player_ranking_csv),
]


class ReportPDFView(FileView):
    """``reports/{id}/report.pdf``: the signed and sealed match report; public once published,
    before for the venue's director, its captains and the group's leaders."""

    @extend_schema(
        summary="A match report as a signed PDF with its seal and QR code",
        responses={
            (200, PDF): OpenApiTypes.BINARY,
            (403, "application/json"): OpenApiResponse(ErrorSerializer),
            (404, "application/json"): OpenApiResponse(ErrorSerializer),
        },
    )
    def get(self, request, pk: int):
        report = get_or_404(
            MatchReport.objects.select_related(
                "venue__match_day__group__league__season", "venue__tournament__club", "venue__host"
            ),
            pk,
        )
        if not league_roles.may_see_report(request.user, report):
            raise PermissionDenied("The report is public once the group leader has published it.")
        report = reports.as_seen_by(request.user, report)
        if not roles.sees_full_names(request.user):
            report = reports.named_publicly(report)
        content = report_pdf.report_pdf(report, base_url=base_url(request))
        group = report.venue.match_day.group
        event = f"{group.league.name} {group.name}"
        name = gettext("Match day %(day)d venue %(venue)d") % {
            "day": report.venue.match_day.number,
            "venue": report.venue.number,
        }
        return self.file_response(content, f"{name} {gettext('Match report')}", event=event)


class ZipRenderer(BaseRenderer):
    media_type, format, charset, render_style = ZIP, "zip", None, "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else b""


class SeasonArchiveView(APIView):
    """``seasons/{id}/archive.zip``: every match report and list PDF of the season
    (the association's administrator)."""

    def get_renderers(self):
        return [ZipRenderer(), JSONRenderer()]

    @extend_schema(
        summary="The season as one ZIP archive of every match report and list PDF",
        responses={
            (200, ZIP): OpenApiTypes.BINARY,
            (403, "application/json"): OpenApiResponse(ErrorSerializer),
            (404, "application/json"): OpenApiResponse(ErrorSerializer),
        },
    )
    def get(self, request, pk: int):
        if not roles.is_association_admin(request.user):
            raise PermissionDenied("Only the association's administrator downloads a season.")
        season = get_or_404(Season.objects.all(), pk)
        content = archive.season_archive(season, base_url=base_url(request))
        response = HttpResponse(content, content_type=ZIP)
        name = download_name(gettext("Season archive"), extension="zip", event=season.name)
        response["Content-Disposition"] = attachment_header(name)
        response["Cache-Control"] = "no-store"
        return response

    def finalize_response(self, request, response, *args, **kwargs):
        """Refusals are JSON whatever type the client asked for, as for every file."""
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)
