"""All game lists of a series in one PDF, for the director's file or the federation.

Tables are read one at a time (four queries each) and drawn straight onto one canvas, so
memory holds one list's data at a time however many tables the series has; only the PDF
being written grows (about 10 KB per list).
"""

from django.utils.translation import gettext

from tournaments.models import Series

from .formatting import date, pdf_text
from .listsheet import load_sheet, table_queryset
from .pdf_list import GameListPDF
from .styles import BOLD, FONT, MARGIN, PAGE_HEIGHT, new_canvas

CHUNK = 100


def series_lists_pdf(series: Series, out, *, base_url: str = "", with_money: bool = False) -> int:
    """Write every list of ``series`` into the binary file ``out``; returns the page count."""
    tournament = series.tournament
    title = " · ".join(
        [
            gettext("Game lists"),
            tournament.name,
            gettext("Series %(number)d") % {"number": series.number},
        ]
    )
    canvas = new_canvas(out, title)
    painter = GameListPDF(canvas, base_url=base_url)
    pages = 0
    tables = table_queryset().filter(series=series).order_by("number")
    for table in tables.iterator(chunk_size=CHUNK):
        pages += painter.draw(load_sheet(table, with_money=with_money, with_changes=True))
    if pages == 0:
        canvas.setFont(BOLD, 14)
        canvas.drawString(MARGIN, PAGE_HEIGHT - MARGIN - 14, pdf_text(title))
        canvas.setFont(FONT, 10)
        canvas.drawString(
            MARGIN,
            PAGE_HEIGHT - MARGIN - 34,
            pdf_text(
                gettext("This series has no tables yet (%(date)s).")
                % {"date": date(tournament.date)}
            ),
        )
        canvas.showPage()
        pages = 1
    canvas.save()
    return pages
