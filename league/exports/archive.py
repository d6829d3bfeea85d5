"""The season as one archive for the association: every match report and every list of
every venue as PDF (each signed, as downloaded singly), and each group's table and
individual ranking, in folders by league, group, match day and venue."""

import io
import re
import zipfile

from django.utils.translation import gettext

from league.models import MatchReport, Season, Venue
from tournaments.exports import pades
from tournaments.exports.kept import files
from tournaments.exports.listsheet import table_queryset
from tournaments.exports.pdf_list import game_list_pdf

from . import report_pdf, standings

_UNSAFE = re.compile(r"[\\/:*?\"<>|\x00-\x1f\x7f]+")


def _folder(*parts) -> str:
    """Folder and file names as in every download: words joined by "-", nothing unsafe."""
    return "/".join("-".join(_UNSAFE.sub(" ", str(part)).split()) or "_" for part in parts)


def signed_list_pdf(table, base_url: str) -> bytes:
    """A list's signed PDF, kept under its seal like the single download (exports/kept/files.py)."""
    tournament = table.series.tournament

    def make() -> bytes:
        stream = io.BytesIO(game_list_pdf(table, base_url=base_url))
        pades.add_digital_signature(
            stream, tournament.club, reason=gettext("Game list"), location=tournament.venue
        )
        return stream.getvalue()

    stored = files.stored_or_rendered(files.sealed_list_name(table, base_url), make)
    with stored.open("rb") as file:
        return file.read()


def season_archive(season: Season, *, base_url: str = "") -> bytes:
    """Every file of the season in one ZIP archive."""
    out = io.BytesIO()
    venues = (
        Venue.objects.filter(match_day__group__league__season=season)
        .select_related("match_day__group__league__season", "tournament__club", "host")
        .order_by(
            "match_day__group__league__name",
            "match_day__group__name",
            "match_day__number",
            "number",
        )
    )
    reports = {
        report.venue_id: report
        for report in MatchReport.objects.filter(venue__in=venues).select_related(
            "venue__match_day__group__league__season", "venue__tournament__club", "venue__host"
        )
    }
    groups = {}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for venue in venues:
            group = venue.match_day.group
            groups[group.pk] = group
            folder = _folder(
                group.league.name,
                group.name,
                gettext("Match day %(number)d") % {"number": venue.match_day.number},
                gettext("Venue %(number)d") % {"number": venue.number},
            )
            report = reports.get(venue.pk)
            if report is not None:
                archive.writestr(
                    f"{folder}/{_folder(gettext('Match report'))}.pdf",
                    report_pdf.report_pdf(report, base_url=base_url),
                )
            for table in (
                table_queryset()
                .filter(series__tournament=venue.tournament)
                .order_by("series__number", "number")
            ):
                name = _folder(
                    gettext("Series %(number)d") % {"number": table.series.number},
                    gettext("Table %(number)d") % {"number": table.number},
                ).replace("/", "_")
                archive.writestr(f"{folder}/{name}.pdf", signed_list_pdf(table, base_url))
        for group in groups.values():
            folder = _folder(group.league.name, group.name)
            table = io.BytesIO()
            standings.table_pdf(group, table)
            archive.writestr(f"{folder}/{_folder(gettext('League table'))}.pdf", table.getvalue())
            ranking = io.BytesIO()
            standings.player_ranking_pdf(group, ranking)
            archive.writestr(
                f"{folder}/{_folder(gettext('Individual ranking'))}.pdf", ranking.getvalue()
            )
    return out.getvalue()
