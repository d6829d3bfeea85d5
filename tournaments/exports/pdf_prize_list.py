"""The prize list (Preisliste) for the notice board: A4, large type, one table per prize
classification with place, name (and club) and prize.

It is read from a few steps away, so the type is twice the ranking's; a name too long for
its column is wrapped, never cut (exports/fitting.py). Lines come from
:func:`tournaments.services.money.prize_list.prize_list`, the settlement's awards, so the
paper, the public page and the prizes API show the same winners and amounts.
"""

from django.utils import timezone
from django.utils.translation import gettext
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table

from tournaments.models import Tournament
from tournaments.services.money.prize_list import PrizeLine, prize_groups

from . import styles
from .formatting import date, date_time, euros, pdf_text
from .styles import BOLD, FONT, MARGIN

SIZE = 16
LEADING = 20
PADDING = 4
TITLE = ParagraphStyle("prize-title", fontName=BOLD, fontSize=28, leading=34)
SUBTITLE = ParagraphStyle("prize-subtitle", fontName=FONT, fontSize=13, leading=17)
HEADING = ParagraphStyle("prize-heading", fontName=BOLD, fontSize=19, leading=24, spaceBefore=10)
NAME = ParagraphStyle("prize-name", fontName=FONT, fontSize=SIZE, leading=LEADING)
CLUB = ParagraphStyle("prize-club", fontName=FONT, fontSize=SIZE - 4, leading=LEADING - 5)
AMOUNT = ParagraphStyle(
    "prize-amount", fontName=BOLD, fontSize=SIZE, leading=LEADING, alignment=TA_RIGHT
)
PLACE = ParagraphStyle("prize-place", fontName=BOLD, fontSize=SIZE, leading=LEADING)


def prize_list_pdf(tournament: Tournament, lines: list[PrizeLine], out) -> None:
    """Write the prize list of ``tournament`` (``lines`` named for its reader) into ``out``."""
    title = gettext("Prize list")
    document = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=MARGIN * 1.5,
        rightMargin=MARGIN * 1.5,
        topMargin=MARGIN * 1.5,
        bottomMargin=MARGIN * 1.5,
        title=pdf_text(f"{title} – {tournament.name}"),
        author="Skatverein",
        creator="Skatverein",
    )
    parts = [tournament.name, date(tournament.date), tournament.venue]
    story = [
        Paragraph(_escape(title), TITLE),
        Paragraph(_escape(" · ".join(part for part in parts if part)), SUBTITLE),
        Spacer(1, 8),
    ]
    if not lines:
        story.append(Paragraph(_escape(gettext("This tournament pays no prizes.")), SUBTITLE))
    for caption, _key, group in prize_groups(lines):
        heading = Paragraph(_escape(caption), HEADING)
        # A heading never ends a page alone: it stays with its table (a table longer than
        # a page still runs over, its header repeated).
        story.append(KeepTogether([heading, _table(group, document.width)]))
    printed = date_time(timezone.now())

    def footer(canvas, doc) -> None:
        text = " · ".join(
            [
                f"{title} – {tournament.name}",
                gettext("Printed %(moment)s") % {"moment": printed},
                gettext("Page %(number)d") % {"number": doc.page},
            ]
        )
        styles.page_footer(canvas, pdf_text(text))

    document.build(story, onFirstPage=footer, onLaterPages=footer)


def _table(lines: list[PrizeLine], width: float) -> Table:
    widths = [width * 0.14, width * 0.61, width * 0.25]
    header = [
        Paragraph(_escape(gettext("Place")), _header(TA_LEFT)),
        Paragraph(_escape(gettext("Name")), _header(TA_LEFT)),
        Paragraph(_escape(gettext("Prize")), _header(TA_RIGHT)),
    ]
    rows = [header]
    for line in lines:
        name = line.name
        if line.withdrawn:
            name = f"{name} ({gettext('withdrawn')})"
        person = [Paragraph(_escape(name), NAME)]
        if line.team:
            person.append(Paragraph(_escape(line.team), CLUB))
        elif line.club:
            person.append(Paragraph(_escape(line.club), CLUB))
        rows.append(
            [
                Paragraph(f"{line.rank}.", PLACE),
                person,
                Paragraph(_escape(euros(line.amount)), AMOUNT),
            ]
        )
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    commands = [
        ("BACKGROUND", (0, 0), (-1, 0), styles.LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), 1, styles.INK),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, styles.GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), PADDING),
        ("BOTTOMPADDING", (0, 0), (-1, -1), PADDING),
    ]
    table.setStyle(commands)
    return table


def _header(alignment) -> ParagraphStyle:
    return ParagraphStyle(
        f"prize-header-{alignment}",
        fontName=BOLD,
        fontSize=SIZE - 3,
        leading=LEADING - 3,
        alignment=alignment,
    )


def _escape(text: str) -> str:
    """Text for a reportlab Paragraph, which reads a little XML."""
    return pdf_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
