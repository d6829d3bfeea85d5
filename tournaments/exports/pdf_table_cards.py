"""Table cards (Tischkarten): one cut-out card per table with its code and QR code.

The director prints the sheet of a series right after the draw and puts each card on its
table: the table number in large type, who sits there, and the table code as text and as
a QR code that opens the table's list on a phone. Four cards fit an A4 page, separated by
dashed cut lines. Where two lists are kept a table has two cards, "Liste A" and "Liste B",
each with its own code. A re-issued code makes the old card useless, so one table's card can be
printed on its own (:func:`table_card_pdf`).

Cards carry the codes, which let their holder keep a list: for directors only.
"""

from django.urls import reverse
from django.utils.translation import gettext
from reportlab.lib.units import mm

from tournaments.models import Series, Table
from tournaments.services import public_address, table_access
from tournaments.services.lists.overview import table_overviews

from . import fitting, styles
from .formatting import date, pdf_text
from .pdf_plan import series_label, table_label
from .styles import BOLD, FONT, MONO, PAGE_HEIGHT, PAGE_WIDTH, cut_lines, new_canvas

CARD_COLUMNS = 2
CARD_ROWS = 2
CARD_WIDTH = PAGE_WIDTH / CARD_COLUMNS
CARD_HEIGHT = PAGE_HEIGHT / CARD_ROWS
PADDING = 10 * mm
QR_SIZE = 52 * mm
SEAT_ROW = 17


def series_cards_pdf(series: Series, out, *, base_url: str) -> None:
    """The cards of every table of ``series`` (fetched with its tournament) into ``out``."""
    tables = list(series.tables.order_by("number"))
    for table in tables:
        table.series = series
    title = gettext("Table cards") + f" – {series_label(series.number)} – {series.tournament.name}"
    _write(tables, out, title=title, base_url=base_url)


def table_card_pdf(table: Table, out, *, base_url: str) -> None:
    """The card of one table (with ``series__tournament`` fetched), e.g. after a new code."""
    title = gettext("Table card") + f" – {table_label(table.number)} – {table.series.tournament}"
    _write([table], out, title=title, base_url=base_url)


def _write(tables: list[Table], out, *, title: str, base_url: str) -> None:
    canvas = new_canvas(out, title)
    draw_cards(canvas, tables, base_url=base_url)
    canvas.save()


def draw_cards(canvas, tables: list[Table], *, base_url: str) -> None:
    """The card pages of ``tables`` onto ``canvas``, which the caller saves: the print-all
    file of a series (exports/pdf_print_all.py) draws them before its lists."""
    overviews = table_overviews(tables)
    if not tables:
        canvas.setFont(FONT, 12)
        text = gettext("The tables of this series have not been drawn yet.")
        canvas.drawString(PADDING, PAGE_HEIGHT - PADDING - 12, pdf_text(text))
        canvas.showPage()
    per_page = CARD_COLUMNS * CARD_ROWS
    cards = []
    for table, overview in zip(tables, overviews, strict=True):
        cards.append((table, overview, table_access.LIST_A))
        if table.series.tournament.two_lists:  # the second keeper's card beside it
            cards.append((table, overview, table_access.LIST_B))
    for start in range(0, len(cards), per_page):
        cut_lines(canvas, CARD_COLUMNS, CARD_ROWS)
        for index, (table, overview, kept_list) in enumerate(cards[start : start + per_page]):
            column, row = index % CARD_COLUMNS, index // CARD_COLUMNS
            x, y = column * CARD_WIDTH, PAGE_HEIGHT - (row + 1) * CARD_HEIGHT
            _card(canvas, table, overview, x, y, base_url.rstrip("/"), kept_list)
        canvas.showPage()


def _card(
    canvas, table: Table, overview: dict, x: float, y: float, base_url: str, kept_list="A"
) -> None:
    left, right = x + PADDING, x + CARD_WIDTH - PADDING
    top = y + CARD_HEIGHT - PADDING
    width = right - left
    series, tournament = table.series, table.series.tournament
    canvas.setFillColor(styles.MUTED)
    line = f"{tournament.name} · {date(tournament.date)} · {series_label(series.number)}"
    baseline = fitting.draw(canvas, left, top - 9, fitting.fit(line, width, FONT, 9))
    canvas.setFillColor(styles.INK)
    canvas.setFont(BOLD, 34)
    canvas.drawString(left, baseline - 37, pdf_text(table_label(table.number)))
    if table.series.tournament.two_lists:  # which of the two devices this card is for
        label = gettext("List %(list)s") % {"list": kept_list}
        canvas.setFont(BOLD, 20)
        canvas.drawRightString(right, baseline - 37, pdf_text(label))
    seat_top = baseline - 63
    for seat in overview["seats"]:
        if seat["until_game"] is not None:
            continue  # the card shows who sits there now
        canvas.setFont(FONT, 10)
        canvas.setFillColor(styles.MUTED)
        canvas.drawString(
            left, seat_top, pdf_text(gettext("Seat %(number)d") % {"number": seat["seat"]})
        )
        canvas.setFillColor(styles.INK)
        name = fitting.fit(seat["name"], width - 42, FONT, 13)
        seat_top = fitting.draw(canvas, left + 42, seat_top, name) - SEAT_ROW
    code = table.second_code if kept_list == table_access.LIST_B else table.access_code
    qr_x, qr_y = x + (CARD_WIDTH - QR_SIZE) / 2, y + PADDING + 44
    middle = x + CARD_WIDTH / 2
    if not code:
        missing = gettext("No code yet: issue one on the table's director page.")
        fitting.draw(
            canvas, middle, qr_y + QR_SIZE / 2, fitting.fit(missing, width, FONT, 11), "centre"
        )
        return
    link = base_url + reverse("web:table-code", args=[code])
    styles.draw_qr(canvas, link, qr_x, qr_y, QR_SIZE)
    address = base_url + reverse("web:table-code-form")
    hint = fitting.fit(gettext("Scan the QR code, or type the code at"), width, FONT, 9)
    fitting.draw(canvas, middle, y + PADDING + 36 + hint.extra, hint, "centre")
    fitting.draw(canvas, middle, y + PADDING + 26, fitting.fit(address, width, FONT, 9), "centre")
    canvas.setFont(MONO, 22)
    canvas.drawCentredString(middle, y + PADDING + 8, table_access.format_code(code))
    results = public_address.tournament_url(tournament.id)
    if results:  # read at home, after the hall has closed (services/public_address.py)
        line = gettext("Results at home: %(address)s") % {"address": results}
        canvas.setFillColor(styles.MUTED)
        fitting.draw(canvas, middle, y + PADDING - 8, fitting.fit(line, width, FONT, 7), "centre")
        canvas.setFillColor(styles.INK)
