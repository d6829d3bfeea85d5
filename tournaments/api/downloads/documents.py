"""File downloads declared as data: one :class:`Document` per thing, one row per format.

A download differs from the next only in its address, what it is about, the exporter
that writes it and its name, so ``rankings.py`` and ``plans.py`` list them as tables and
one view, :class:`DownloadView`, serves them all. ``SERIES_RANKING.pdf(exporter)`` is the
URL pattern of ``series/{id}/ranking.pdf``, named ``series-ranking-pdf``.
"""

import io
from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import URLPattern, path
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema_view

from tournaments.exports.kept import files
from tournaments.models import Series, Table, Tournament
from tournaments.services import roles
from tournaments.services.public_names import for_the_public
from tournaments.services.result_access import refuse_withheld

from .base import (
    CSV,
    PDF,
    XLSX,
    FileView,
    IsDirector,
    file_schema,
    series_or_404,
    series_scope,
    tournament_or_404,
)

# What a staff document's ``{id}`` names, by the first part of its address: the event
# whose directors may download it.
SCOPE_MODELS = {"series": Series, "tables": Table, "tournaments": Tournament}

SUMMARY_ENDINGS = {
    "pdf": "as PDF",
    "xlsx": "as Excel workbook",
    "csv": "as CSV (UTF-8, semicolons)",
}
CONTENT_TYPES = {"pdf": PDF, "xlsx": XLSX, "csv": CSV}


@dataclass(frozen=True)
class Subject:
    """What one file is about: the exporter's arguments and the parts of the file's name."""

    args: tuple
    scope: dict
    options: dict = field(default_factory=dict)
    tournament_id: int | None = None
    """The tournament whose version names a file kept in storage (``Document.kept``)."""


@dataclass(frozen=True)
class Document:
    """Something the API hands out as a file, in one or more formats.

    ``route`` and ``name`` lack the format (``series/<int:pk>/ranking``, ``series-ranking``);
    ``subject`` finds what the file is about from the request and the id (or answers 404);
    ``kind`` (a msgid) ends the file's name; ``what`` begins the OpenAPI summary.
    ``kept``: the file shows nothing but what the tournament's version tracks (a ranking),
    so it is made once per version and then served from storage (``exports/kept/files.py``).
    """

    route: str
    name: str
    subject: Callable
    kind: str
    what: str = ""
    staff: bool = False
    parameters: tuple = ()
    bad: OpenApiResponse | None = None
    kept: bool = False

    def pdf(self, exporter, summary: str = "", note: str = "") -> URLPattern:
        """``exporter(*args, out, **options)`` writes the PDF into ``out``."""
        return self.download("pdf", exporter, summary, note)

    def xlsx(self, exporter, summary: str = "", note: str = "") -> URLPattern:
        """``exporter(*args, **options)`` returns the workbook's bytes."""
        return self.download("xlsx", exporter, summary, note)

    def csv(self, exporter, summary: str = "", note: str = "") -> URLPattern:
        return self.download("csv", exporter, summary, note)

    def download(self, extension: str, exporter, summary: str, note: str) -> URLPattern:
        """The address of one format: a :class:`DownloadView` with its OpenAPI entry.

        ``summary`` defaults to ``what`` and the format; ``note`` follows the address in
        the description.
        """
        route = f"{self.route}.{extension}"
        name = f"{self.name}-{extension}"
        address = f"``{route.replace('<int:pk>', '{id}')}``"
        attributes = {
            "__doc__": f"{address}: {note}" if note else address,
            "document": self,
            "exporter": staticmethod(exporter),
            "content_type": CONTENT_TYPES[extension],
            "extension": extension,
        }
        if self.staff:
            attributes["permission_classes"] = [IsDirector]
            attributes["scope_model"] = SCOPE_MODELS[self.route.split("/", 1)[0]]
        view = type(name.title().replace("-", "") + "View", (DownloadView,), attributes)
        schema = file_schema(
            view.content_type,
            summary or f"{self.what} {SUMMARY_ENDINGS[extension]}",
            staff=self.staff,
            parameters=self.parameters,
            bad=self.bad,
        )
        extend_schema_view(get=schema)(view)
        return path(route, view.as_view(), name=name)


class DownloadView(FileView):
    """Serves one format of a :class:`Document`, made by :meth:`Document.download`."""

    document: Document
    exporter: Callable

    def get(self, request, pk: int):
        subject = self.document.subject(request, pk)
        if subject.tournament_id is not None:
            refuse_withheld(request.user, subject.tournament_id)
        # Anonymous readers get the players named as they consented (docs/privacy.md).
        public = not roles.sees_full_names(request.user)
        with for_the_public(public):
            if self.document.kept and subject.tournament_id is not None:
                document = f"{self.document.name}-public" if public else self.document.name
                name = files.ranking_file_name(document, pk, subject.tournament_id, self.extension)
                content = files.stored_ranking_file(name, lambda: self.render(subject))
            else:
                content = self.render(subject)
        return self.file_response(content, gettext(self.document.kind), **subject.scope)

    def render(self, subject: Subject) -> bytes:
        if self.extension == "pdf":
            out = io.BytesIO()
            self.exporter(*subject.args, out, **subject.options)
            return out.getvalue()
        return self.exporter(*subject.args, **subject.options)


def about_series(request, pk: int) -> Subject:
    series = series_or_404(pk)
    return Subject((series,), series_scope(series), tournament_id=series.tournament_id)


def about_tournament(request, pk: int) -> Subject:
    tournament = tournament_or_404(pk)
    return Subject((tournament,), {"tournament": tournament}, tournament_id=tournament.pk)
