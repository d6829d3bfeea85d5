"""Game lists as a workbook, the table plan and start cards as PDF files.

The workbook and the public table plan are public; start cards carry the players' PINs
and the director's table plan the table codes, so both are for tournament directors only.
"""

import io

from django.utils.translation import gettext

from tournaments.exports import pdf_plan, pdf_table_cards, spreadsheets
from tournaments.models import Table

from .base import (
    PDF,
    XLSX,
    FileView,
    IsDirector,
    file_schema,
    get_or_404,
    series_or_404,
    series_scope,
    tournament_or_404,
)
from .lists import base_url

# --- Game lists, table plan, start cards ----------------------------------------------------


class SeriesListsXLSXView(FileView):
    """``series/{id}/lists.xlsx``: every game list of the series, a sheet per table."""

    content_type, extension = XLSX, "xlsx"

    @file_schema(XLSX, "All game lists of a series as Excel workbook (a sheet per table)")
    def get(self, request, pk: int):
        series = series_or_404(pk)
        content = spreadsheets.series_lists_xlsx(series)
        return self.file_response(content, gettext("Game lists"), **series_scope(series))


class TablePlanPDFView(FileView):
    """``series/{id}/table-plan.pdf``: who sits where, to hang up; without table codes."""

    @file_schema(PDF, "The table plan of a series as PDF (public, without table codes)")
    def get(self, request, pk: int):
        series = series_or_404(pk)
        out = io.BytesIO()
        pdf_plan.table_plan_pdf(series, out)
        return self.file_response(out.getvalue(), gettext("Table plan"), **series_scope(series))


class TablePlanWithCodesPDFView(FileView):
    """``series/{id}/table-plan-codes.pdf``: the director's copy with each table's code and
    QR code, to put on the tables."""

    permission_classes = [IsDirector]

    @file_schema(PDF, "The table plan with table codes and QR codes (directors only)", staff=True)
    def get(self, request, pk: int):
        series = series_or_404(pk)
        out = io.BytesIO()
        pdf_plan.table_plan_pdf(series, out, with_codes=True, base_url=base_url(request))
        return self.file_response(
            out.getvalue(), gettext("Table plan with codes"), **series_scope(series)
        )


class SeriesStartCardsPDFView(FileView):
    """``series/{id}/start-cards.pdf``: cards of the players seated in the series."""

    permission_classes = [IsDirector]

    @file_schema(
        PDF, "Start cards with PINs of the players of a series (directors only)", staff=True
    )
    def get(self, request, pk: int):
        series = series_or_404(pk)
        out = io.BytesIO()
        pdf_plan.start_cards_pdf(series.tournament, out, series=series)
        return self.file_response(out.getvalue(), gettext("Start cards"), **series_scope(series))


class TournamentStartCardsPDFView(FileView):
    """``tournaments/{id}/start-cards.pdf``: a card for every registered player."""

    permission_classes = [IsDirector]

    @file_schema(PDF, "Start cards with PINs of all players (directors only)", staff=True)
    def get(self, request, pk: int):
        tournament = tournament_or_404(pk)
        out = io.BytesIO()
        pdf_plan.start_cards_pdf(tournament, out)
        return self.file_response(out.getvalue(), gettext("Start cards"), tournament=tournament)


# --- Table cards with codes --------------------------------------------------------------


class SeriesTableCardsPDFView(FileView):
    """``series/{id}/table-cards.pdf``: a cut-out card per table with its code and QR code."""

    permission_classes = [IsDirector]

    @file_schema(
        PDF, "Table cards with codes and QR codes of a series (directors only)", staff=True
    )
    def get(self, request, pk: int):
        series = series_or_404(pk)
        out = io.BytesIO()
        pdf_table_cards.series_cards_pdf(series, out, base_url=base_url(request))
        return self.file_response(out.getvalue(), gettext("Table cards"), **series_scope(series))


class TableCardPDFView(FileView):
    """``tables/{id}/table-card.pdf``: one table's card, e.g. after its code was re-issued."""

    permission_classes = [IsDirector]

    @file_schema(
        PDF, "The card of one table with its code and QR code (directors only)", staff=True
    )
    def get(self, request, pk: int):
        table = get_or_404(Table.objects.select_related("series__tournament__club"), pk)
        out = io.BytesIO()
        pdf_table_cards.table_card_pdf(table, out, base_url=base_url(request))
        return self.file_response(
            out.getvalue(),
            gettext("Table card"),
            **series_scope(table.series),
            table=table.number,
        )
