"""The table plan (Tischplan) of a series and the players' start cards (Startkarten), on A4.

The table plan is public: it hangs in the hall, so table numbers are large and every
table lists its seats with names and start numbers, followed by everyone in alphabetical
order with their table. The director's copy (``with_codes``) also prints each table's
code and a QR code that opens the table's list on a phone; the public one never does,
since a code lets its holder keep that table's list.

Start cards carry the PIN that confirms a player's lists, so they are for the director
only. Eight cards fit an A4 page, separated by dashed cut lines.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext
from reportlab.lib.units import mm

from tournaments.models import Participant, Seat, Series, Tournament
from tournaments.services import public_address, table_access
from tournaments.services.lists.overview import table_overviews

from . import fitting, styles
from .formatting import date, pdf_text
from .styles import BOLD, FONT, MARGIN, MONO, PAGE_HEIGHT, PAGE_WIDTH, cut_lines, new_canvas

GAP = 6 * mm
COLUMNS = 2
BOX_WIDTH = (PAGE_WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
BOX_HEADER = 34
SEAT_ROW = 18
QR_SIZE = 64
FINDER_ROW = 13
FINDER_COLUMNS = 2

CARD_COLUMNS = 2
CARD_ROWS = 4
CARD_WIDTH = PAGE_WIDTH / CARD_COLUMNS
CARD_HEIGHT = PAGE_HEIGHT / CARD_ROWS
CARD_PADDING = 7 * mm


def series_label(number: int) -> str:
    return gettext("Series %(number)d") % {"number": number}


def table_label(number: int) -> str:
    return gettext("Table %(number)d") % {"number": number}


class TablePlanPDF:
    """Boxes of tables in two columns, then the alphabetical finder list."""

    def __init__(self, series: Series, *, with_codes: bool = False, base_url: str = ""):
        self.series = series
        self.tournament = series.tournament
        self.with_codes = with_codes
        self.base_url = base_url.rstrip("/")
        self.title = gettext("Table plan of %(series)s") % {"series": series_label(series.number)}
        self.page = 0

    def render(self, out) -> None:
        tables = list(self.series.tables.order_by("number"))
        for table in tables:
            table.series = self.series
        overviews = table_overviews(tables)
        canvas = new_canvas(out, f"{self.title} – {self.tournament.name}")
        self.canvas = canvas
        top = self._start_page()
        if not overviews:
            canvas.setFont(FONT, 12)
            canvas.drawString(
                MARGIN,
                top - 12,
                pdf_text(gettext("The tables of this series have not been drawn yet.")),
            )
        else:
            codes = {table.id: table.access_code for table in tables}
            top = self._draw_tables(overviews, codes, top)
            self._draw_finder(overviews, top)
        self._end_page()
        canvas.save()

    def _start_page(self) -> float:
        """Header of a new page; returns the y below it."""
        self.page += 1
        canvas = self.canvas
        y = PAGE_HEIGHT - MARGIN - 18
        canvas.setFont(BOLD, 18)
        canvas.drawString(MARGIN, y, pdf_text(self.title))
        canvas.setFillColor(styles.MUTED)
        line = " · ".join(
            part for part in (self.tournament.name, date(self.tournament.date)) if part
        )
        y = fitting.draw(
            canvas, MARGIN, y - 14, fitting.fit(line, PAGE_WIDTH - 2 * MARGIN, FONT, 10)
        )
        canvas.setFillColor(styles.INK)
        return y - GAP

    def _end_page(self) -> None:
        styles.page_footer(
            self.canvas,
            pdf_text(
                f"{self.title} · {self.tournament.name} · "
                + gettext("Page %(number)d") % {"number": self.page}
            ),
        )
        self.canvas.showPage()

    def _seat_names(self, overview: dict) -> list[fitting.Fitted]:
        """Each seat's name (and from/until which game) as the box prints it."""
        width = BOX_WIDTH - 16 - 72
        if self.with_codes:
            width -= QR_SIZE + 8
        return [
            fitting.fit(seat["name"] + _seat_note(seat), width, FONT, 13)
            for seat in overview["seats"]
        ]

    def _box_height(self, overview: dict) -> float:
        names = self._seat_names(overview)
        height = BOX_HEADER + sum(SEAT_ROW + name.extra for name in names) + 8
        if self.with_codes:
            height = max(height, BOX_HEADER + QR_SIZE + 14)
        return height

    def _draw_tables(self, overviews: list[dict], codes: dict, top: float) -> float:
        """Tables row by row, two per row; returns the y below the last row."""
        for start in range(0, len(overviews), COLUMNS):
            row = overviews[start : start + COLUMNS]
            height = max(self._box_height(overview) for overview in row)
            if top - height < MARGIN + 10:
                self._end_page()
                top = self._start_page()
            for index, overview in enumerate(row):
                x = MARGIN + index * (BOX_WIDTH + GAP)
                self._draw_table(overview, codes.get(overview["id"]), x, top, height)
            top -= height + GAP
        return top

    def _draw_table(self, overview: dict, code: str | None, x: float, top: float, height):
        canvas = self.canvas
        canvas.setStrokeColor(styles.GRID)
        canvas.setLineWidth(1)
        canvas.rect(x, top - height, BOX_WIDTH, height)
        canvas.setFillColor(styles.LIGHT)
        canvas.rect(x, top - BOX_HEADER, BOX_WIDTH, BOX_HEADER, stroke=1, fill=1)
        canvas.setFillColor(styles.INK)
        canvas.setFont(BOLD, 24)
        canvas.drawString(x + 8, top - BOX_HEADER + 9, pdf_text(table_label(overview["number"])))
        if self.with_codes:
            self._draw_code(code, x + BOX_WIDTH - QR_SIZE - 8, top - BOX_HEADER - 6)
        y = top - BOX_HEADER - SEAT_ROW + 4
        for seat, name in zip(overview["seats"], self._seat_names(overview), strict=True):
            canvas.setFont(FONT, 10)
            canvas.setFillColor(styles.MUTED)
            canvas.drawString(
                x + 8, y, pdf_text(gettext("Seat %(number)d") % {"number": seat["seat"]})
            )
            canvas.setFillColor(styles.INK)
            canvas.setFont(BOLD, 13)
            canvas.drawRightString(x + 70, y, str(seat["start_number"]))
            y = fitting.draw(canvas, x + 80, y, name) - SEAT_ROW

    def _draw_code(self, code: str | None, x: float, top: float) -> None:
        """The table's code and its QR code, or a hint where to issue one."""
        canvas = self.canvas
        if not code:
            canvas.setFont(FONT, 8)
            canvas.setFillColor(styles.MUTED)
            canvas.drawCentredString(x + QR_SIZE / 2, top - 12, pdf_text(gettext("No code yet")))
            canvas.setFillColor(styles.INK)
            return
        link = self.base_url + reverse("web:table-code", args=[code])
        styles.draw_qr(canvas, link, x, top - QR_SIZE, QR_SIZE)
        canvas.setFont(MONO, 9)
        canvas.drawCentredString(x + QR_SIZE / 2, top - QR_SIZE - 9, table_access.format_code(code))

    def _draw_finder(self, overviews: list[dict], top: float) -> None:
        """Everyone in alphabetical order with table and seat, for finding one's place."""
        participants = {seat["participant"] for o in overviews for seat in o["seats"]}
        sort_names = dict(
            Participant.objects.filter(pk__in=participants).values_list("pk", "player__sort_name")
        )
        entries = sorted(
            ({**seat, "table": o["number"]} for o in overviews for seat in o["seats"]),
            key=lambda s: (
                sort_names.get(s["participant"], ""),
                s["start_number"],
                s["from_game"],
            ),
        )
        column_width = (PAGE_WIDTH - 2 * MARGIN - GAP) / FINDER_COLUMNS
        names = [
            fitting.fit(entry["name"] + _seat_note(entry), column_width - 90, FONT, 10)
            for entry in entries
        ]
        if top - 3 * FINDER_ROW - 20 < MARGIN + 10:
            self._end_page()
            top = self._start_page()
        index = 0
        while index < len(entries):
            self.canvas.setFont(BOLD, 13)
            self.canvas.drawString(MARGIN, top - 13, pdf_text(gettext("Find your table by name")))
            for column in range(FINDER_COLUMNS):
                x = MARGIN + column * (column_width + GAP)
                index = self._draw_finder_column(entries, names, index, x, top - 22)
                if index >= len(entries):
                    break
            if index < len(entries):
                self._end_page()
                top = self._start_page()

    def _draw_finder_column(self, entries, names, index: int, x: float, top: float) -> int:
        """The finder's entries from ``index`` on, as many as the column holds; returns the
        index of the first one left for the next column."""
        canvas = self.canvas
        column_width = (PAGE_WIDTH - 2 * MARGIN - GAP) / FINDER_COLUMNS
        y = top - FINDER_ROW
        canvas.setFont(BOLD, 8)
        canvas.setFillColor(styles.MUTED)
        canvas.drawString(x, y + 3, pdf_text(gettext("Name")))
        canvas.drawRightString(x + column_width - 62, y + 3, pdf_text(gettext("No.")))
        canvas.drawRightString(x + column_width - 26, y + 3, pdf_text(gettext("Table")))
        canvas.drawRightString(x + column_width, y + 3, pdf_text(gettext("Seat")))
        canvas.setFillColor(styles.INK)
        bottom = MARGIN + 10
        first = index
        while index < len(entries):
            entry, name = entries[index], names[index]
            if y - FINDER_ROW - name.extra < bottom and index > first:
                break
            y -= FINDER_ROW
            canvas.setFont(FONT, 10)
            canvas.drawRightString(x + column_width - 62, y, str(entry["start_number"]))
            canvas.setFont(BOLD, 11)
            canvas.drawRightString(x + column_width - 26, y, str(entry["table"]))
            canvas.setFont(FONT, 10)
            canvas.drawRightString(x + column_width, y, str(entry["seat"]))
            y = fitting.draw(canvas, x, y, name)
            index += 1
        return index


def table_plan_pdf(series: Series, out, *, with_codes: bool = False, base_url: str = "") -> None:
    """Write the table plan of ``series`` (fetched with its tournament) into ``out``.

    ``with_codes`` adds each table's code and QR code (``base_url`` + the code's page):
    only for the director's copy, never for the public plan.
    """
    TablePlanPDF(series, with_codes=with_codes, base_url=base_url).render(out)


@dataclass(frozen=True)
class Place:
    series: int
    table: int
    seat: int


def start_cards_pdf(tournament: Tournament, out, *, series: Series | None = None) -> None:
    """Start cards of every active participant, or of those seated in ``series``.

    Each card lists the player's table in every series drawn so far. Two queries.
    """
    canvas = new_canvas(out, gettext("Start cards") + f" – {tournament.name}")
    draw_start_cards(canvas, tournament, series=series)
    canvas.save()


def draw_start_cards(canvas, tournament: Tournament, *, series: Series | None = None) -> None:
    """The start card pages onto ``canvas``, which the caller saves (as :func:`start_cards_pdf`
    does, and the print-all file of a series after its lists)."""
    places = defaultdict(list)
    for seat in (
        Seat.objects.filter(series__tournament=tournament)
        .values("participant", "number", "series__number", "table__number", "from_game")
        .order_by("series__number", "from_game")
    ):
        places[seat["participant"]].append(
            Place(seat["series__number"], seat["table__number"], seat["number"])
        )
    participants = tournament.participants.filter(withdrawn=False)
    if series is not None:
        participants = participants.filter(seats__series=series).distinct()
    participants = participants.select_related("player__club", "team").order_by("start_number")
    cards = list(participants)
    if not cards:
        canvas.setFont(FONT, 12)
        canvas.drawString(
            MARGIN, PAGE_HEIGHT - MARGIN - 12, pdf_text(gettext("Nobody has registered yet."))
        )
        canvas.showPage()
    per_page = CARD_COLUMNS * CARD_ROWS
    for start in range(0, len(cards), per_page):
        cut_lines(canvas, CARD_COLUMNS, CARD_ROWS)
        for index, participant in enumerate(cards[start : start + per_page]):
            column, row = index % CARD_COLUMNS, index // CARD_COLUMNS
            x, y = column * CARD_WIDTH, PAGE_HEIGHT - (row + 1) * CARD_HEIGHT
            _draw_card(canvas, tournament, participant, places[participant.id], x, y)
        canvas.showPage()


def _draw_card(canvas, tournament, participant, places: list[Place], x: float, y: float):
    """One card, top down: the tournament, the name beside the start number, club and team,
    the tables; the PIN at the foot. Long texts are wrapped (exports/fitting.py), and the
    lines of the tables close up if that leaves them less room."""
    left, right = x + CARD_PADDING, x + CARD_WIDTH - CARD_PADDING
    top = y + CARD_HEIGHT - CARD_PADDING
    width = right - left
    canvas.setFillColor(styles.MUTED)
    line = f"{tournament.name} · {date(tournament.date)}"
    baseline = fitting.draw(canvas, left, top - 8, fitting.fit(line, width - 70, FONT, 8))
    canvas.setFont(FONT, 8)
    canvas.drawRightString(right, top - 8, pdf_text(gettext("Start number")))
    canvas.setFillColor(styles.INK)
    canvas.setFont(BOLD, 26)
    canvas.drawRightString(right, top - 34, str(participant.start_number))
    player = participant.player
    name = fitting.fit(player.full_name, width - 60, BOLD, 15)
    baseline = fitting.draw(canvas, left, baseline - 22, name) - 2
    lines = []
    if player.club:
        lines.append(player.club.name)
    if participant.team:
        lines.append(gettext("Team") + f": {participant.team.name}")
    for text in lines:
        baseline = fitting.draw(canvas, left, baseline - 12, fitting.fit(text, width, FONT, 10))
    pin_y = y + CARD_PADDING
    bottom = _draw_results_address(canvas, tournament, left, pin_y + 20, width)
    _draw_places(canvas, places, left, baseline - 16, width, bottom=bottom)
    canvas.setFont(FONT, 10)
    canvas.drawString(left, pin_y + 4, pdf_text(gettext("PIN")))
    canvas.setFont(MONO, 20)
    canvas.drawString(left + 28, pin_y + 1, participant.pin)
    canvas.setFillColor(styles.MUTED)
    note = gettext("Confirms your game lists. Keep it to yourself.")
    # Wrapped rather than shrunk: a sentence in 5-point type is unreadable for most players.
    note = fitting.fit(note, width - 100, FONT, 8, smallest=8)
    fitting.draw(canvas, right, pin_y + 4 + note.extra, note, "right")
    canvas.setFillColor(styles.INK)


def _draw_results_address(canvas, tournament, left: float, bottom: float, width: float) -> float:
    """With a results portal (services/public_address.py), where the player finds the
    results at home, above the PIN; returns the lowest baseline left for the tables."""
    address = public_address.tournament_url(tournament.id)
    if not address:
        return bottom + 2
    bottom += 12  # clear of the PIN's note, which may take two lines
    fitted = fitting.fit(address, width, FONT, 7, smallest=6)
    top = bottom + (len(fitted.lines) - 1) * fitted.leading
    canvas.setFillColor(styles.MUTED)
    fitting.draw(canvas, left, top + 8, fitting.fit(gettext("Results at home:"), width, FONT, 7))
    fitting.draw(canvas, left, top, fitted)
    canvas.setFillColor(styles.INK)
    return top + 18


def _draw_places(canvas, places, left: float, top: float, width: float, *, bottom: float):
    """Series → table (large) and seat, in two columns of up to five lines, 13 points apart;
    closer and in smaller type if the room down to ``bottom`` is less (a card of many
    series whose texts took several lines)."""
    if not places:
        canvas.setFont(FONT, 10)
        canvas.drawString(left, top - 10, pdf_text(gettext("Tables: not drawn yet")))
        return
    per_column, column_width = 5, width / 2
    rows = min(len(places), per_column)
    # The first baseline is 11 points below ``top`` at full size, the others ``step`` apart.
    step = min(13, (top - bottom) / (rows - 1 + 11 / 13))
    scale = step / 13
    for index, place in enumerate(places[: per_column * 2]):
        x = left + (index // per_column) * column_width
        y = top - 11 * scale - (index % per_column) * step
        canvas.setFont(FONT, 9 * scale)
        canvas.drawString(x, y, pdf_text(series_label(place.series) + ":"))
        canvas.setFont(BOLD, 11 * scale)
        canvas.drawString(x + 40, y, pdf_text(table_label(place.table)))
        canvas.setFont(FONT, 8 * scale)
        canvas.drawString(x + 95, y, pdf_text(gettext("Seat %(number)d") % {"number": place.seat}))


def _seat_note(seat: dict) -> str:
    note = ""
    if seat["from_game"] > 1:
        note += " " + gettext("from game %(game)s") % {"game": seat["from_game"]}
    if seat["until_game"] is not None:
        note += " " + gettext("until game %(game)s") % {"game": seat["until_game"]}
    return note
