"""Everything a drawn series puts on paper, in one PDF: the director prints once.

The pages come in the order they are handed out in the hall: the table cards (four a
page, to cut out and put on the tables), then one blank game list per table with its
players and dealers (for a table that plays on paper, or as the backup beside the
device), then the start cards of everyone seated in the series (eight a page). Each part
is drawn by its own writer onto one shared canvas, so the file looks exactly like the
three separate downloads and needs no PDF merging library at run time.

Cards carry the table codes and start cards the PINs: for directors only.
"""

from django.utils.translation import gettext

from tournaments.models import Series

from .formatting import pdf_text
from .listsheet import load_blank_sheet, table_queryset
from .pdf_list import GameListPDF
from .pdf_plan import draw_start_cards, series_label
from .pdf_table_cards import draw_cards
from .styles import FONT, MARGIN, PAGE_HEIGHT, new_canvas


def series_print_all_pdf(series: Series, out, *, base_url: str) -> None:
    """Write the print-all file of ``series`` (fetched with its tournament) into ``out``."""
    tournament = series.tournament
    title = " – ".join([gettext("Print all"), series_label(series.number), tournament.name])
    canvas = new_canvas(out, title)
    tables = list(table_queryset().filter(series=series).order_by("number"))
    if not tables:
        canvas.setFont(FONT, 12)
        text = gettext("The tables of this series have not been drawn yet.")
        canvas.drawString(MARGIN, PAGE_HEIGHT - MARGIN - 12, pdf_text(text))
        canvas.showPage()
        canvas.save()
        return
    draw_cards(canvas, tables, base_url=base_url)
    painter = GameListPDF(canvas)
    for table in tables:
        painter.draw(load_blank_sheet(table))
    draw_start_cards(canvas, tournament, series=series)
    canvas.save()
