"""The game list (Spielliste) as an A4 PDF, modelled on the federation's printed list.

One page holds a whole 12-round series (48 games) with the settlement, the signatures
and the seal; longer lists continue on further pages with the header repeated. The same
layout prints blank lists for clubs that play on paper. Drawing goes straight to the
canvas (no flowables), so that the bulk export of a series renders hundreds of lists
quickly and with one list's data in memory at a time.
"""

import io
import math
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext, pgettext
from reportlab.pdfgen.canvas import Canvas

from tournaments.models import Table

from . import list_money, styles
from .fitting import fit, fitting_size
from .formatting import date, date_time, number, pdf_text
from .listsheet import ListSheet, load_blank_sheet, load_sheet, table_queryset
from .pdf_list_foot import (
    CONTENT_WIDTH,
    LINE,
    QR_SIZE,
    SIGNATURE_HEIGHT,
    STAND_LINE,
    ListFoot,
    closed_lines,
    remarks_height,
    stand_lines,
)
from .styles import BOLD, FONT, ITALIC, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, new_canvas

ROW_HEIGHT = 9.6
HEADER_ROW_HEIGHT = 34


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: float
    rotated: bool = False
    align: str = "center"


def list_columns(seat_numbers) -> list[Column]:
    fixed = [
        Column("number", pgettext("game list column", "No."), 16, align="right"),
        Column("dealer", pgettext("game list column", "Dealer"), 20),
        Column("declarer", gettext("Declarer"), 64, align="left"),
        Column("game", gettext("Game"), 44, align="left"),
        Column(
            "value", pgettext("game list column", "Base value"), 22, rotated=True, align="right"
        ),
        Column("with", pgettext("game list column", "with"), 14, rotated=True),
        Column("without", pgettext("game list column", "without"), 14, rotated=True),
        Column("hand", gettext("Hand"), 14, rotated=True),
        Column("schneider", gettext("Schneider"), 14, rotated=True),
        Column("schneider_announced", pgettext("game list column", "announced"), 14, rotated=True),
        Column("schwarz", gettext("Schwarz"), 14, rotated=True),
        Column("schwarz_announced", pgettext("game list column", "announced"), 14, rotated=True),
        Column("ouvert", gettext("Ouvert"), 14, rotated=True),
        Column("won", gettext("won"), 14, rotated=True),
        Column("lost", gettext("lost"), 14, rotated=True),
        Column("overbid", gettext("overbid"), 14, rotated=True),
        # The game value and the score apart, named as the table device names them: "Wert"
        # alone would read as either (72 for a Kreuz with 5, −144 when it is lost).
        Column(
            "game_value",
            pgettext("game list column", "Game value"),
            18,
            rotated=True,
            align="right",
        ),
        Column("score", pgettext("game list column", "Score"), 30, align="right"),
    ]
    rest = (CONTENT_WIDTH - sum(c.width for c in fixed)) / max(len(seat_numbers), 1)
    seats = [
        Column(f"seat{seat}", gettext("Seat %(number)d") % {"number": seat}, rest, align="right")
        for seat in seat_numbers
    ]
    return fixed + seats


class GameListPDF(ListFoot):
    """Draws game lists onto a reportlab canvas: one call per list, any number of lists."""

    def __init__(self, canvas: Canvas, *, base_url: str = "", created_at=None):
        self.canvas = canvas
        self.layer = styles.TextLayer(canvas)
        self.base_url = base_url
        self.created = date_time(created_at or timezone.now())

    def draw(self, sheet: ListSheet) -> int:
        """Draw ``sheet`` on new pages; returns the number of pages it took."""
        columns = list_columns(sheet.seat_numbers)
        rows = sheet.rows
        footer = self._footer_height(sheet)
        pages = self._paginate(sheet, len(rows), footer)
        start = 0
        for index, count in enumerate(pages, start=1):
            y = self._header(sheet)
            # The table's header only above rows: a page that holds just the foot, after
            # the last game went onto the page before, starts with the settlement.
            if sheet.summary and not rows:
                y = self._summary_note(y)
            elif count or (sheet.blank and not rows):
                y = self._game_table(sheet, columns, rows[start : start + count], y)
            start += count
            if index == len(pages):
                self._footer(sheet, y - 8)
            self.layer.flush()
            styles.page_footer(self.canvas, self._footer_text(sheet, index, len(pages)))
            self.canvas.showPage()
            styles.compress_finished_page(self.canvas)
        return len(pages)

    # Layout -------------------------------------------------------------------------

    def _header_height(self, sheet: ListSheet) -> float:
        return 18 + 12 + 16 + math.ceil(max(len(sheet.occupants), 1) / 2) * LINE + 6

    def _footer_height(self, sheet: ListSheet) -> float:
        height = 8 + 14 + LINE * (len(sheet.settlement) + 1) + 6 + list_money.pdf_height(sheet)
        height += STAND_LINE * len(stand_lines(sheet))
        height += remarks_height(sheet)
        if sheet.closed_reason:
            height += LINE * len(closed_lines(sheet)) + 2
        height += max(SIGNATURE_HEIGHT + 14, QR_SIZE + 14 if sheet.seal else 0)
        if sheet.seal:
            height += 2 * LINE
        return height

    def _paginate(self, sheet: ListSheet, rows: int, footer: float) -> list[int]:
        room = PAGE_HEIGHT - 2 * MARGIN - self._header_height(sheet) - HEADER_ROW_HEIGHT - 6
        full = max(int(room // ROW_HEIGHT), 1)
        last = max(int((room - footer) // ROW_HEIGHT), 0)
        pages = []
        while rows > last:
            take = min(rows, full)
            if take == rows:  # all rows fit, but not the footer: it gets a page of its own
                pages.append(take)
                rows = 0
                last = 0
                break
            pages.append(take)
            rows -= take
        pages.append(rows)
        return pages

    # Drawing ------------------------------------------------------------------------

    def _text(self, x, y, text, font=FONT, size=7, align="left", width=None):
        """``text`` at ``x``, ``y``; within ``width`` in smaller type if need be, on one line
        as the list's rows and cells hold one (a name is never cut)."""
        text = pdf_text(text)
        if width is not None:
            size = fitting_size(text, width, size, font)
        self.layer.text(x, y, text, font, size, align)

    def _header(self, sheet: ListSheet) -> float:
        top = PAGE_HEIGHT - MARGIN
        right = PAGE_WIDTH - MARGIN
        title = gettext("Blank game list") if sheet.blank else gettext("Game list")
        self._text(MARGIN, top - 14, title, BOLD, 15)
        if sheet.club:
            self._text(right, top - 14, sheet.club, FONT, 9, "right", width=260)
        line = " · ".join(
            part for part in (sheet.tournament, date(sheet.date), sheet.venue) if part
        )
        self._text(MARGIN, top - 28, line, FONT, 9, width=CONTENT_WIDTH)
        where = " · ".join(
            [
                gettext("Series %(number)d") % {"number": sheet.series_number},
                gettext("Table %(number)d") % {"number": sheet.table_number},
            ]
        )
        self._text(MARGIN, top - 43, where, BOLD, 11)
        if sheet.status_label:
            status = gettext("List status: %(status)s") % {"status": sheet.status_label}
            self._text(right, top - 43, status, FONT, 8, "right")
        y = top - 46 - LINE
        half = CONTENT_WIDTH / 2
        for index, occupant in enumerate(sheet.occupants):
            x = MARGIN + (index % 2) * half
            text = gettext("Seat %(seat)d: %(name)s (start no. %(start)d)") % {
                "seat": occupant.seat,
                "name": occupant.name,
                "start": occupant.start_number,
            }
            if occupant.from_game > 1 or occupant.until_game is not None:
                text += " " + gettext("games %(first)d to %(last)s") % {
                    "first": occupant.from_game,
                    "last": occupant.until_game if occupant.until_game is not None else "…",
                }
            self._text(x, y + 2, text, FONT, 8, width=half - 6)
            if index % 2 == 1:
                y -= LINE
        if len(sheet.occupants) % 2 == 1:
            y -= LINE
        return PAGE_HEIGHT - MARGIN - self._header_height(sheet)

    def _summary_note(self, y: float) -> float:
        note = gettext(
            "This list was kept on paper; only each player's sums were entered (summary)."
        )
        self._text(MARGIN, y - 12, note, ITALIC, 8)
        return y - 18

    def _game_table(self, sheet: ListSheet, columns: list[Column], rows, y: float) -> float:
        canvas = self.canvas
        lines = len(rows)
        top = y
        bottom = top - HEADER_ROW_HEIGHT - lines * ROW_HEIGHT
        xs = [MARGIN]
        for column in columns:
            xs.append(xs[-1] + column.width)
        shaded = [(MARGIN, top - HEADER_ROW_HEIGHT, CONTENT_WIDTH, HEADER_ROW_HEIGHT)]
        ys = [top - HEADER_ROW_HEIGHT - i * ROW_HEIGHT for i in range(lines + 1)]
        round_parity = 0
        round_lines = []
        for i, row in enumerate(rows):
            if round_parity % 2 == 1:
                shaded.append((MARGIN, ys[i + 1], CONTENT_WIDTH, ROW_HEIGHT))
            if row.number in sheet.round_ends:
                round_parity += 1
                if i + 1 < len(rows):
                    round_lines.append((MARGIN, ys[i + 1], MARGIN + CONTENT_WIDTH, ys[i + 1]))
        canvas.addLiteral(styles.fill_ops(shaded[:1], 0.93))
        canvas.addLiteral(styles.fill_ops(shaded[1:], 0.96))
        canvas.addLiteral(styles.grid_ops(xs, [top, *ys], 0.3, 0.35))
        outline = [
            (MARGIN, top, MARGIN + CONTENT_WIDTH, top),
            (MARGIN, bottom, MARGIN + CONTENT_WIDTH, bottom),
            (MARGIN, top, MARGIN, bottom),
            (MARGIN + CONTENT_WIDTH, top, MARGIN + CONTENT_WIDTH, bottom),
        ]
        canvas.addLiteral(styles.line_ops(outline + round_lines, 0.9, 0))
        self._column_headers(sheet, columns, xs, top)
        for i, row in enumerate(rows):
            self._game_row(row, columns, xs, ys[i] - ROW_HEIGHT + 2.6)
        return bottom

    def _column_headers(self, sheet, columns, xs, top: float) -> None:
        names = {
            seat: " / ".join(o.last_name for o in sheet.occupants_of(seat))
            for seat in sheet.seat_numbers
        }
        for column, x in zip(columns, xs, strict=False):
            if column.rotated:
                self.canvas.saveState()
                self.canvas.translate(x + column.width / 2 + 2.2, top - HEADER_ROW_HEIGHT + 3)
                self.canvas.rotate(90)
                size = fitting_size(column.label, HEADER_ROW_HEIGHT - 5, 6.2)
                self.canvas.setFont(FONT, size)
                self.canvas.drawString(0, 0, pdf_text(column.label))
                self.canvas.restoreState()
            elif column.key.startswith("seat"):
                seat = int(column.key[4:])
                centre = x + column.width / 2
                self._text(centre, top - 12, column.label, BOLD, 7, "center")
                name = fit(names.get(seat, ""), column.width - 3, FONT, 6.5)
                baseline = top - 22 + name.extra / 2  # a name on two lines spreads up and down
                for line in name.lines:
                    self._text(centre, baseline, line, FONT, name.size, "center")
                    baseline -= name.leading
                self._text(
                    centre,
                    top - 31,
                    pgettext("game list column", "running total"),
                    ITALIC,
                    5.5,
                    "center",
                    width=column.width - 3,
                )
            else:
                size = fitting_size(column.label, column.width - 3, 7)
                self._text(x + column.width / 2, top - 20, column.label, BOLD, size, "center")

    def _game_row(self, row, columns, xs, baseline: float) -> None:
        cells = _cells(row)
        for column, x in zip(columns, xs, strict=False):
            value = cells.get(column.key)
            if value in (None, ""):
                continue
            font = BOLD if column.key in ("score", f"seat{row.declarer_seat}") else FONT
            if column.key == "passed":
                continue
            if column.align == "left":
                self._text(x + 2, baseline, value, font, 7, "left", width=column.width - 3)
            elif column.align == "right":
                self._text(x + column.width - 2, baseline, value, font, 7, "right")
            else:
                self._text(x + column.width / 2, baseline, value, font, 7, "center")
        if row.passed:
            declarer = next(i for i, c in enumerate(columns) if c.key == "declarer")
            self._text(xs[declarer] + 2, baseline, gettext("passed in (eingepasst)"), ITALIC, 7)

    def _footer_text(self, sheet: ListSheet, page: int, pages: int) -> str:
        return gettext("%(what)s · created %(when)s · page %(page)d of %(pages)d") % {
            "what": " · ".join(
                [
                    sheet.tournament,
                    gettext("Series %(number)d") % {"number": sheet.series_number},
                    gettext("Table %(number)d") % {"number": sheet.table_number},
                ]
            ),
            "when": self.created,
            "page": page,
            "pages": pages,
        }


def _cells(row) -> dict:
    """The texts of one line, by column key."""
    if not row.entered or row.passed:
        cells = {"number": str(row.number), "dealer": row.dealer_seat or ""}
        if row.passed:
            cells.update(_totals(row))
        return {key: str(value) for key, value in cells.items()}
    mark = "x"
    cells = {
        "number": str(row.number),
        "dealer": str(row.dealer_seat),
        "declarer": f"{row.declarer_seat} {row.declarer_name}",
        "game": row.game_label,
        "value": number(row.base_value),
        "won": mark if row.won else "",
        "lost": mark if row.won is False else "",
        "overbid": mark if row.overbid else "",
        "game_value": number(row.game_value),
        "score": number(row.score),
    }
    if row.matadors is not None:
        cells["with" if row.with_matadors else "without"] = str(row.matadors)
    for level in row.levels:
        cells[level] = mark
    cells.update(_totals(row))
    return cells


def _totals(row) -> dict:
    return {f"seat{seat}": number(total) for seat, total in row.totals.items()}


def game_list_pdf(
    table: Table,
    *,
    base_url: str = "",
    with_money: bool = False,
    names: dict | None = None,
    check_url: str = "",
) -> bytes:
    """The filled list of one table (fetched with :func:`table_queryset`, as the download
    view does) as an (unsigned) PDF; ``with_money`` and ``names`` as in :func:`load_sheet`;
    ``check_url``: where the seal's link leads instead of the hall's verification page."""
    sheet = load_sheet(table, with_money=with_money, with_changes=True, names=names)
    sheet.check_url = check_url
    return _render([sheet], base_url, _title(sheet))


def blank_list_pdf(table: Table) -> bytes:
    """An empty list with the table's players, numbered lines and dealers, for paper play."""
    sheet = load_blank_sheet(table_queryset().get(pk=table.pk))
    return _render([sheet], "", gettext("Blank game list"))


def _title(sheet: ListSheet) -> str:
    return " · ".join(
        [
            gettext("Game list"),
            sheet.tournament,
            gettext("Series %(number)d") % {"number": sheet.series_number},
            gettext("Table %(number)d") % {"number": sheet.table_number},
        ]
    )


def _render(sheets, base_url: str, title: str) -> bytes:
    out = io.BytesIO()
    canvas = new_canvas(out, title)
    painter = GameListPDF(canvas, base_url=base_url)
    for sheet in sheets:
        painter.draw(sheet)
    canvas.save()
    return out.getvalue()
