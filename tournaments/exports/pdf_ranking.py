"""Ranking lists (Ranglisten) as A4 PDFs: a series, a tournament, its teams, a club's season.

They are hung up in the hall and handed to the players, so the type is large and the
numbers are German (1.234) whatever the request language. Every number comes from the
ranking service; the files only choose the columns. The table runs over as many pages as
needed with its header repeated; a tournament with many series is printed landscape.
"""

from dataclasses import dataclass, replace

from django.utils import timezone
from django.utils.translation import gettext
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from tournaments.models import Club, Series, Tournament
from tournaments.services import money
from tournaments.services.public_names import shown_name

from . import styles
from .columns import MONEY, Column, pdf_value
from .fitting import fit, fitting_size
from .formatting import date, date_time, pdf_text
from .rankings import (
    season_sheet,
    series_label,
    series_sheet,
    team_sheet,
    tournament_ranking,
    tournament_sheet,
)
from .styles import BOLD, FONT, MARGIN

FONT_SIZE = 10
LEADING = 13
# A name or club too long for its column is printed smaller, not below 8 points, and
# wrapped between words if that is not enough (exports/fitting.py).
MIN_FONT_SIZE = 8
PADDING = 2.5
PORTRAIT_SERIES = 4


@dataclass(frozen=True)
class Row:
    """One printed line; ``member`` lines of the team ranking are smaller and indented."""

    cells: tuple
    member: bool = False


def printed_rows(columns: list[Column], rows) -> list[Row]:
    """The rows of a column specification as paper shows them (German numbers)."""
    return [
        Row(
            tuple(pdf_value(column, row) for column in columns),
            member=getattr(row, "member", False),
        )
        for row in rows
    ]


class RankingPDF:
    """A title, a line about the tournament and one ranking table, on A4."""

    def __init__(self, title: str, subtitle: str, *, wide: bool = False):
        self.title = title
        self.subtitle = subtitle
        self.pagesize = landscape(A4) if wide else A4
        self.printed = date_time(timezone.now())

    def render(
        self,
        out,
        columns: list[Column],
        rows: list[Row],
        *,
        empty: str,
        note="",
        sections=(),
        heading="",
        explanation="",
    ):
        """Write the PDF into the binary file ``out``.

        ``sections`` are (heading, columns, rows) tables printed before the main one, which
        then gets ``heading``; ``explanation`` is a paragraph under the main table.
        """
        document = SimpleDocTemplate(
            out,
            pagesize=self.pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN + 4,
            title=pdf_text(self.title),
            author="Skatverein",
            creator="Skatverein",
        )
        story = [
            Paragraph(_escape(self.title), styles.TITLE),
            Paragraph(_escape(self.subtitle), styles.SUBTITLE),
        ]
        if note:
            story.append(Paragraph(_escape(note), styles.SUBTITLE))
        story.append(Spacer(1, 8))
        for section_heading, section_columns, section_rows in sections:
            story.append(Paragraph(_escape(section_heading), styles.HEADING))
            story.append(self._table(section_columns, section_rows, document.width * 0.6))
            story.append(Spacer(1, 10))
        if heading:
            story.append(Paragraph(_escape(heading), styles.HEADING))
        if rows:
            story.append(self._table(columns, rows, document.width))
        else:
            story.append(Paragraph(_escape(empty), styles.BODY))
        if explanation:
            story.append(Spacer(1, 6))
            story.append(Paragraph(_escape(explanation), styles.BODY))
        document.build(story, onFirstPage=self._footer, onLaterPages=self._footer)

    def _table(self, columns: list[Column], rows: list[Row], width: float) -> Table:
        share = sum(column.pdf_width for column in columns)
        widths = [width * column.pdf_width / share for column in columns]
        data = [
            [
                Paragraph(_escape(c.short or c.header), _header_style(c, w - 2 * PADDING))
                for c, w in zip(columns, widths, strict=True)
            ]
        ]
        for row in rows:
            size = FONT_SIZE - 1.5 if row.member else FONT_SIZE
            cells = []
            for column, cell_width, value in zip(columns, widths, row.cells, strict=True):
                font = BOLD if column.bold and not row.member else FONT
                text = pdf_text("" if value is None else str(value))
                cells.append(_fitted(text, column, cell_width - 2 * PADDING, font, size))
            data.append(cells)
        commands = [
            ("FONT", (0, 0), (-1, 0), BOLD, FONT_SIZE - 1, LEADING - 1),
            ("FONT", (0, 1), (-1, -1), FONT, FONT_SIZE, LEADING),
            ("BACKGROUND", (0, 0), (-1, 0), styles.LIGHT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, styles.INK),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, styles.GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("TOPPADDING", (0, 0), (-1, -1), PADDING),
            ("BOTTOMPADDING", (0, 0), (-1, -1), PADDING),
        ]
        for index, column in enumerate(columns):
            commands.append(("ALIGN", (index, 0), (index, -1), column.align))
            if column.bold:
                commands.append(("FONT", (index, 1), (index, -1), BOLD, FONT_SIZE, LEADING))
        for index, row in enumerate(rows, start=1):
            if row.member:
                commands += [
                    ("FONT", (0, index), (-1, index), FONT, FONT_SIZE - 1.5, LEADING - 2),
                    ("TEXTCOLOR", (0, index), (-1, index), styles.MUTED),
                    ("LINEBELOW", (0, index), (-1, index), 0, styles.INK),
                    ("TOPPADDING", (0, index), (-1, index), 0.5),
                    ("BOTTOMPADDING", (0, index), (-1, index), 0.5),
                ]
            elif index % 2 == 0:
                commands.append(("BACKGROUND", (0, index), (-1, index), styles.SHADE))
        table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(commands))
        return table

    def _footer(self, canvas, document) -> None:
        styles.page_footer(
            canvas,
            pdf_text(
                " · ".join(
                    [
                        self.title,
                        gettext("Printed %(moment)s") % {"moment": self.printed},
                        gettext("Page %(number)d") % {"number": document.page},
                    ]
                )
            ),
        )


def _fitted(text: str, column: Column, width: float, font: str, size: float):
    """The cell as printed: whole, in smaller type where that makes it fit, otherwise
    wrapped between words (``fitting.fit``). A name or club is never cut."""
    if stringWidth(text, font, size) <= width:
        return text
    if column.numeric:  # cannot happen with the widths chosen
        size = fitting_size(text, width, size, font)
        return Paragraph(_escape(text), _cell_style(font, size, column))
    fitted = fit(text, width, font, size, smallest=MIN_FONT_SIZE)
    lines = "<br/>".join(_escape(line) for line in fitted.lines)
    return Paragraph(lines, _cell_style(font, fitted.size, column, fitted.leading))


def _cell_style(font: str, size: float, column: Column, leading: float = 0) -> ParagraphStyle:
    return ParagraphStyle(
        "cell",
        fontName=font,
        fontSize=size,
        leading=leading or size + 1.5,
        alignment=TA_RIGHT if column.align == "RIGHT" else TA_LEFT,
    )


def render_ranking(title: str, subtitle: str, columns: list[Column], rows, out, **options):
    """Print the columns that have room on paper (``pdf_width``) for each row."""
    empty = options.pop("empty", None) or no_results()
    note = options.pop("note", "")
    on_paper = [column for column in columns if column.pdf_width]
    RankingPDF(title, subtitle, **options).render(
        out, on_paper, printed_rows(on_paper, rows), empty=empty, note=note
    )


def series_ranking_pdf(series: Series, out) -> None:
    """The ranking of one series (with the SkWO columns of the settlement)."""
    title = f"{_ranking_word(series)} – {series_label(series)}"
    sheet = series_sheet(series)
    line = tournament_line(series.tournament)
    columns = withdrawals_marked(series.tournament, sheet.columns)
    columns += series_prize_columns(series)
    render_ranking(title, line, columns, sheet.rows, out, note=final_note(series))


def series_prize_columns(series: Series) -> list[Column]:
    """The series prizes (Serienpreise) beside the ranking, once the tournament is
    finished and its prizes are public; none before."""
    won = money.series_prizes(series.tournament, series.number)
    if not won:
        return []
    return [
        Column(
            gettext("Series prize"),
            lambda row: won.get(row.participant),
            MONEY,
            pdf_width=11,
        )
    ]


def tournament_ranking_pdf(tournament: Tournament, out) -> None:
    """The tournament ranking: each series' total, games won and lost, the sum."""
    data = tournament_ranking(tournament)
    title = f"{_ranking_word(tournament)} – {tournament.name}"
    wide = len(data.series) > PORTRAIT_SERIES
    line = tournament_line(tournament)
    sheet, note = tournament_sheet(data), final_note(tournament)
    columns = withdrawals_marked(tournament, sheet.columns)
    render_ranking(title, line, columns, sheet.rows, out, wide=wide, note=note)


def withdrawals_marked(tournament: Tournament, columns: list[Column]) -> list[Column]:
    """``columns`` with "(zurückgezogen)" after the name of each withdrawn participant, as
    the participants' pages say it: on paper a player who left keeps their place and
    results, and a reader must see why they are missing from the later series. The mark
    follows the name the reader may see (:func:`shown_name`), so the public reads it after
    the name the player consented to, the people running the event after the full one."""
    withdrawn = set(tournament.participants.filter(withdrawn=True).values_list("pk", flat=True))
    if not withdrawn:
        return columns
    mark = gettext("withdrawn")

    def marked(row) -> str:
        name = shown_name(row)
        return f"{name} ({mark})" if getattr(row, "participant", None) in withdrawn else name

    return [
        replace(column, value=marked) if column.value is shown_name else column
        for column in columns
    ]


def _finished(event) -> bool:
    return event.status == Tournament.Status.FINISHED and event.finished_at is not None


def _ranking_word(event) -> str:
    """ "Endstand" (final standings) once the series or tournament is finished."""
    return gettext("Final standings") if _finished(event) else gettext("Ranking")


def final_note(event) -> str:
    if not _finished(event):
        return ""
    when = date(timezone.localtime(event.finished_at).date())
    return gettext("Final standings, finished on %(when)s") % {"when": when}


def team_ranking_pdf(tournament: Tournament, out) -> None:
    """The team ranking (Mannschaftswertung): each team, then its members, best first."""
    sheet = team_sheet(tournament)
    empty = gettext("This tournament has no teams.")
    line = tournament_line(tournament)
    render_ranking(sheet.title, line, sheet.columns, sheet.rows, out, empty=empty)


def season_ranking_pdf(
    club: Club, year: int, out, *, best: int | None = None, min_series: int | None = None
) -> None:
    """A club's season ranking (Jahreswertung); the service refuses a bad year or count."""
    sheet = season_sheet(club, year, best=best, min_series=min_series)
    note = season_note(club, best, min_series)
    render_ranking(sheet.title, note, sheet.columns, sheet.rows, out)


def season_note(club: Club, best: int | None, min_series: int | None) -> str:
    """Which series counted, in the words of the club's settings (or the request's)."""
    best = club.season_best_series if best is None else best
    min_series = club.season_min_series if min_series is None else min_series
    counted = (
        gettext("All series count.")
        if best is None
        else gettext("The best %(best)d series count.") % {"best": best}
    )
    listed = gettext("Players with at least %(count)d series are listed.") % {"count": min_series}
    return f"{counted} {listed}"


def tournament_line(tournament: Tournament) -> str:
    parts = [tournament.name, date(tournament.date), tournament.venue]
    return " · ".join(part for part in parts if part)


def no_results() -> str:
    return gettext(
        "No results yet: the ranking appears once the tables are drawn and the first games "
        "are entered."
    )


def _header_style(column: Column, width: float) -> ParagraphStyle:
    """Header cells wrap between words onto a second line rather than run into the next
    column; a word too long for its column gets smaller type instead of being split."""
    words = pdf_text(column.short or column.header).split() or [""]
    size = min(fitting_size(word, width, FONT_SIZE - 1, BOLD) for word in words)
    return ParagraphStyle(
        f"ranking-header-{column.align}-{size}",
        fontName=BOLD,
        fontSize=size,
        leading=size + LEADING - FONT_SIZE - 1,
        alignment=TA_RIGHT if column.align == "RIGHT" else TA_LEFT,
        splitLongWords=0,
    )


def _escape(text: str) -> str:
    """Text for a reportlab Paragraph, which reads a little XML."""
    return pdf_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
