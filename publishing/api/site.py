"""``tournaments/{id}/site.zip``: the tournament's static website for its directors
(docs/publishing.md), to put on the club's web space or a USB stick."""

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.views import APIView

from publishing.services import results_document, static_site
from tournaments.api.downloads.names import attachment_header, download_name
from tournaments.api.lookup import get_or_404
from tournaments.exports.kept import background, files
from tournaments.models import Table, Tournament
from tournaments.services import roles


class StaticSiteView(APIView):
    """The site as one ZIP: index, rankings, lists as HTML and PDF, player pages, seals."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={(200, "application/zip"): OpenApiTypes.BINARY},
        summary="The tournament's static website (ZIP)",
        description="Pages that work opened from disk or from any web space, built from "
        "the results document: relative links only, no link back to the hall.",
    )
    def get(self, request, pk: int):
        tournament = get_or_404(Tournament.objects.select_related("club"), pk)
        if not roles.may_direct(request.user, tournament):
            raise PermissionDenied(_("Only the tournament's directors download its website."))
        name = download_name(_("Website"), extension="zip", tournament=tournament)
        document = results_document.results_document(tournament)
        stored = static_site.kept_name(document)

        def write(out):
            out.write(static_site.site_zip(tournament, document))

        if not default_storage.exists(stored):
            tables = Table.objects.filter(series__tournament=tournament).count()
            if tables > settings.SERIES_PDF_INLINE_TABLES:
                # Every list is a signed PDF: hundreds take a minute, made in the
                # background while the browser shows "being prepared" (exports/kept/).
                background.start_in_background(stored, write)
                return background.being_prepared(request, name)
            files.stored_or_rendered(stored, lambda: static_site.site_zip(tournament, document))
        response = FileResponse(default_storage.open(stored, "rb"), content_type="application/zip")
        response["Content-Disposition"] = attachment_header(name)
        response["Cache-Control"] = "no-store"
        return response


def site_download(tournament) -> list[dict]:
    """The director's tournament page offers the site (tournaments/services/more_downloads.py)."""
    url = f"/api/v1/tournaments/{tournament.pk}/site.zip"
    return [{"label": _("Website for the club's web space (ZIP)"), "url": url}]
