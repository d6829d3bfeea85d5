"""Ranking lists (Ranglisten) as A4 PDFs: a series, a tournament, its teams, a club's season.

They are hung up in the hall and handed to the players, so the type is large and the
numbers are German (1.234) whatever the request language. Every number comes from the
ranking service; the files only choose the columns. The table runs over as many pages as
needed with its header repeated; a tournament with many series is printed landscape.
"""

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from tournaments.models import Club, Series, Tournament
from tournaments.services import ranking

from . import styles
from .formatting import date, date_time, number, pdf_text, shorten, signed_number
from .rankings import tournament_ranking
from .styles import BOLD, FONT, MARGIN

FONT_SIZE = 10
LEADING = 13
PADDING = 2.5
PORTRAIT_SERIES = 4


@dataclass(frozen=True)
class Column:
    """A column of a ranking table; ``width`` is a share of the page width."""

    label: str
    width: float
    align: str = "RIGHT"
    bold: bool = False


@dataclass(frozen=True)
class Row:
    """One printed line; ``member`` lines of the team ranking are smaller and indented."""

    cells: tuple
    member: bool = False


class RankingPDF:
    """A title, a line about the tournament and one ranking table, on A4."""

    def __init__(self, title: str, subtitle: str, *, wide: bool = False):
        self.title = title
        self.subtitle = subtitle
        self.pagesize = landscape(A4) if wide else A4
        self.printed = date_time(timezone.now())

    def render(self, out, columns: list[Column], rows: list[Row], *, empty: str, note=""):
        """Write the PDF into the binary file ``out``."""
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
        if rows:
            story.append(self._table(columns, rows, document.width))
        else:
            story.append(Paragraph(_escape(empty), styles.BODY))
        document.build(story, onFirstPage=self._footer, onLaterPages=self._footer)

    def _table(self, columns: list[Column], rows: list[Row], width: float) -> Table:
        share = sum(column.width for column in columns)
        widths = [width * column.width / share for column in columns]
        data = [[Paragraph(_escape(column.label), _header_style(column)) for column in columns]]
        for row in rows:
            size = FONT_SIZE - 1.5 if row.member else FONT_SIZE
            cells = []
            for column, cell_width, value in zip(columns, widths, row.cells, strict=True):
                font = BOLD if column.bold and not row.member else FONT
                text = pdf_text("" if value is None else str(value))
                cells.append(shorten(text, cell_width - 2 * PADDING, font, size))
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


def series_ranking_pdf(series: Series, out) -> None:
    """The ranking of one series (with the SkWO columns of the settlement)."""
    tournament = series.tournament
    rows = ranking.rank_series(series)
    columns = [
        _place(),
        _start_number(),
        _name(),
        _club(),
        Column(gettext("Game points"), 11),
        Column(gettext("Won"), 10),
        Column(gettext("Lost"), 10),
        Column("±50", 7),
        Column("30/40", 7),
        _total(),
    ]
    printed = [
        Row(
            (
                f"{row.rank}.",
                row.start_number,
                row.name,
                row.club,
                number(row.game_points),
                row.won,
                row.lost,
                signed_number(row.bonus_won_lost),
                number(row.bonus_opponents_lost),
                number(row.total),
            )
        )
        for row in rows
    ]
    title = f"{gettext('Ranking')} – {series_label(series)}"
    RankingPDF(title, tournament_line(tournament)).render(out, columns, printed, empty=no_results())


def tournament_ranking_pdf(tournament: Tournament, out) -> None:
    """The tournament ranking: each series' total, games won and lost, the sum."""
    data = tournament_ranking(tournament)
    columns = [_place(), _start_number(), _name(), _club()]
    columns += [Column(series_label(series), 8) for series in data.series]
    columns += [Column(gettext("Won"), 10), Column(gettext("Lost"), 10), _total()]
    printed = [
        Row(
            (
                f"{row.rank}.",
                row.start_number,
                row.name,
                row.club,
                *(number(data.series_total(row.participant, s)) for s in data.series),
                row.won,
                row.lost,
                number(row.total),
            )
        )
        for row in data.rows
    ]
    title = f"{gettext('Ranking')} – {tournament.name}"
    RankingPDF(title, tournament_line(tournament), wide=len(data.series) > PORTRAIT_SERIES).render(
        out, columns, printed, empty=no_results()
    )


def team_ranking_pdf(tournament: Tournament, out) -> None:
    """The team ranking (Mannschaftswertung): each team, then its members, best first."""
    rows = ranking.rank_teams(tournament)
    columns = [
        _place(),
        Column(gettext("No."), 5),
        Column(gettext("Team"), 30, align="LEFT", bold=True),
        _club(),
        Column(gettext("Game points"), 11),
        Column(gettext("Won"), 10),
        Column(gettext("Lost"), 10),
        _total(),
    ]
    printed = []
    for row in rows:
        printed.append(
            Row(
                (
                    f"{row.rank}.",
                    "",
                    row.name,
                    row.club,
                    number(row.game_points),
                    row.won,
                    row.lost,
                    number(row.total),
                )
            )
        )
        printed += [
            Row(
                (
                    "",
                    member.start_number,
                    f"   {member.name}",
                    "",
                    "",
                    member.won,
                    member.lost,
                    number(member.total),
                ),
                member=True,
            )
            for member in row.members
        ]
    title = f"{gettext('Team ranking')} – {tournament.name}"
    RankingPDF(title, tournament_line(tournament)).render(
        out, columns, printed, empty=gettext("This tournament has no teams.")
    )


def season_ranking_pdf(
    club: Club, year: int, out, *, best: int | None = None, min_series: int | None = None
) -> None:
    """A club's season ranking (Jahreswertung); the service refuses a bad year or count."""
    rows = ranking.rank_season(club, year, best=best, min_series=min_series)
    columns = [
        _place(),
        Column(gettext("Name"), 22, align="LEFT"),
        _club(),
        Column(gettext("Tournaments"), 9),
        Column(gettext("Series played"), 9),
        Column(gettext("Counted"), 8),
        Column(gettext("Won"), 10),
        Column(gettext("Lost"), 10),
        _total(),
    ]
    printed = [
        Row(
            (
                f"{row.rank}.",
                row.name,
                row.club,
                row.tournaments,
                row.series_played,
                row.series_counted,
                row.won,
                row.lost,
                number(row.total),
            )
        )
        for row in rows
    ]
    title = gettext("Season ranking %(year)d – %(club)s") % {"year": year, "club": club.name}
    RankingPDF(title, season_note(club, best, min_series)).render(
        out, columns, printed, empty=no_results()
    )


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


def series_label(series: Series) -> str:
    return gettext("Series %(number)d") % {"number": series.number}


def no_results() -> str:
    return gettext(
        "No results yet: the ranking appears once the tables are drawn and the first games "
        "are entered."
    )


def _place() -> Column:
    return Column(gettext("Place"), 6, bold=True)


def _start_number() -> Column:
    return Column(gettext("No."), 5)


def _name() -> Column:
    return Column(gettext("Name"), 24, align="LEFT")


def _club() -> Column:
    return Column(gettext("Club"), 18, align="LEFT")


def _total() -> Column:
    return Column(gettext("Total"), 9, bold=True)


def _header_style(column: Column) -> ParagraphStyle:
    """Header cells wrap onto a second line rather than run into the next column."""
    return ParagraphStyle(
        f"ranking-header-{column.align}",
        fontName=BOLD,
        fontSize=FONT_SIZE - 1,
        leading=LEADING - 2,
        alignment=TA_RIGHT if column.align == "RIGHT" else TA_LEFT,
    )


def _escape(text: str) -> str:
    """Text for a reportlab Paragraph, which reads a little XML."""
    return pdf_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
