"""Game lists as a workbook, the table plan and start cards as PDF files.

The workbook and the public table plan are public; start cards carry the players' PINs
and the director's table plan and the table cards the table codes, so those (and the
print-all file of a series, which holds both) are for tournament directors only
(``staff``).
"""

from functools import partial

from django.utils.translation import gettext_noop

from tournaments.exports import pdf_plan, pdf_print_all, pdf_table_cards, spreadsheets
from tournaments.models import Table

from ..lookup import get_or_404
from .base import series_or_404, series_scope, table_base_url, with_money
from .documents import Document, Subject, about_series, about_tournament


def about_series_lists(request, pk: int) -> Subject:
    """A series' lists: with their money for who may see it (services/roles.money_visible)."""
    series = series_or_404(pk)
    options = {"with_money": with_money(request, series.tournament)}
    return Subject((series,), series_scope(series), options)


def about_series_at_site(request, pk: int) -> Subject:
    """A series, with the table devices' address for the printed QR codes."""
    series = series_or_404(pk)
    return Subject((series,), series_scope(series), {"base_url": table_base_url(request)})


def about_table_at_site(request, pk: int) -> Subject:
    table = get_or_404(Table.objects.select_related("series__tournament__club"), pk)
    scope = {**series_scope(table.series), "table": table.number}
    return Subject((table,), scope, {"base_url": table_base_url(request)})


def about_players_of_series(request, pk: int) -> Subject:
    """The tournament's players who are seated in the series."""
    series = series_or_404(pk)
    return Subject((series.tournament,), series_scope(series), {"series": series})


START_CARDS = gettext_noop("Start cards")

PLAN_DOWNLOADS = [
    Document(
        "series/<int:pk>/lists", "series-lists", about_series_lists, gettext_noop("Game lists")
    ).xlsx(
        spreadsheets.series_lists_xlsx,
        "All game lists of a series as Excel workbook (a sheet per table)",
        "every game list of the series, a sheet per table.",
    ),
    Document(
        "series/<int:pk>/table-plan", "table-plan", about_series, gettext_noop("Table plan")
    ).pdf(
        pdf_plan.table_plan_pdf,
        "The table plan of a series as PDF (public, without table codes)",
        "who sits where, to hang up; without table codes.",
    ),
    Document(
        "series/<int:pk>/table-plan-codes",
        "table-plan-codes",
        about_series_at_site,
        gettext_noop("Table plan with codes"),
        staff=True,
    ).pdf(
        partial(pdf_plan.table_plan_pdf, with_codes=True),
        "The table plan with table codes and QR codes (directors only)",
        "the director's copy with each table's code and QR code, to put on the tables.",
    ),
    Document(
        "series/<int:pk>/table-cards",
        "series-table-cards",
        about_series_at_site,
        gettext_noop("Table cards"),
        staff=True,
    ).pdf(
        pdf_table_cards.series_cards_pdf,
        "Table cards with codes and QR codes of a series (directors only)",
        "a cut-out card per table with its code and QR code.",
    ),
    Document(
        "series/<int:pk>/print-all",
        "series-print-all",
        about_series_at_site,
        gettext_noop("Print all"),
        staff=True,
    ).pdf(
        pdf_print_all.series_print_all_pdf,
        "Table cards, blank lists and start cards of a series in one PDF (directors only)",
        "after the draw, everything to print at once: the table cards, a blank game list "
        "per table with its players, and the start cards of everyone seated in the series.",
    ),
    Document(
        "tables/<int:pk>/table-card",
        "table-card",
        about_table_at_site,
        gettext_noop("Table card"),
        staff=True,
    ).pdf(
        pdf_table_cards.table_card_pdf,
        "The card of one table with its code and QR code (directors only)",
        "one table's card, e.g. after its code was re-issued.",
    ),
    Document(
        "series/<int:pk>/start-cards",
        "series-start-cards",
        about_players_of_series,
        START_CARDS,
        staff=True,
    ).pdf(
        pdf_plan.start_cards_pdf,
        "Start cards with PINs of the players of a series (directors only)",
        "cards of the players seated in the series.",
    ),
    Document(
        "tournaments/<int:pk>/start-cards",
        "tournament-start-cards",
        about_tournament,
        START_CARDS,
        staff=True,
    ).pdf(
        pdf_plan.start_cards_pdf,
        "Start cards with PINs of all players (directors only)",
        "a card for every registered player.",
    ),
]
