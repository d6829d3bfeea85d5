"""The settlement (Kassenbericht) as PDF, XLSX and CSV from one column specification.

Each column is declared once (header, value of a statement, format); the three writers
only lay them out, so the files cannot disagree with each other or with the page. Every
amount comes from :func:`tournaments.services.money.settlement_of`.
PDFs show money the German way (1.234,50 €); XLSX cells are real numbers with a euro
number format; CSV cells use the decimal comma German spreadsheets expect.
"""

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext
from openpyxl import Workbook
from openpyxl.styles import Font

from tournaments.models import Tournament
from tournaments.services.money import Settlement
from tournaments.skat.money import cents

from .formatting import date, number
from .pdf_ranking import Column as PDFColumn
from .pdf_ranking import RankingPDF, Row

EURO_FORMAT = '#,##0.00 "€"'
CSV_ENCODING = "utf-8-sig"
BOLD = Font(bold=True)


def euros(value) -> str:
    """German money text for printed files: ``1.234,50 €``."""
    amount = cents(value)
    sign = "-" if amount < 0 else ""
    whole, fraction = f"{abs(amount):.2f}".split(".")
    return f"{sign}{number(int(whole))},{fraction} €"


def euros_csv(value) -> str:
    return f"{cents(value):.2f}".replace(".", ",")


@dataclass(frozen=True)
class Column:
    """A column of the participants' statements: header, value, kind (text/int/money)."""

    label: str
    value: Callable
    kind: str = "money"
    width: float = 10


def statement_columns() -> list[Column]:
    return [
        Column(gettext("Start number"), lambda s: s.start_number, "int", 7),
        Column(gettext("Name"), lambda s: s.name, "text", 24),
        Column(gettext("Entry fee"), lambda s: s.entry_fee),
        Column(gettext("Lost games"), lambda s: s.lost_games, "int", 8),
        Column(gettext("Lost-game money"), lambda s: s.lost_game_fees),
        Column(gettext("Paid"), lambda s: s.paid),
        Column(gettext("Refunded"), lambda s: s.refunded),
        Column(gettext("Prize"), lambda s: s.prize),
        Column(gettext("Net"), lambda s: s.net),
        Column(gettext("Still owes"), lambda s: s.owes),
    ]


def summary_lines(settlement: Settlement) -> list[tuple[str, Decimal]]:
    """The totals of the report, in the order the page shows them."""
    lines = [
        (gettext("Entry fees expected"), settlement.entry_fees_due),
        (gettext("Entry fees collected"), settlement.entry_fees_paid),
        (gettext("Lost-game money expected"), settlement.lost_game_fees_due),
        (gettext("Lost-game money collected"), settlement.lost_game_fees_paid),
    ]
    for series in settlement.series:
        label = gettext("Series %(number)d: lost-game money expected / collected") % {
            "number": series.number
        }
        lines.append((label, series.lost_game_fees_due))
        lines.append(("", series.lost_game_fees_paid))
    lines += [
        (gettext("Refunds"), settlement.refunds),
        (gettext("Collected in total"), settlement.collected),
        (gettext("Prizes paid"), settlement.prizes),
        (gettext("Remains for the club"), settlement.balance),
    ]
    return lines


def _title(tournament: Tournament) -> str:
    return gettext("Settlement of %(name)s") % {"name": tournament.name}


def _subtitle(tournament: Tournament, settlement: Settlement) -> str:
    parts = [date(tournament.date), tournament.venue]
    if settlement.frozen:
        parts.append(gettext("frozen when the tournament was finished"))
    return " · ".join(part for part in parts if part)


def settlement_pdf(tournament: Tournament, settlement: Settlement) -> bytes:
    columns = statement_columns()
    pdf_columns = [
        PDFColumn(c.label, c.width, align="LEFT" if c.kind == "text" else "RIGHT") for c in columns
    ]
    rows = [Row(tuple(_printed(c, s) for c in columns)) for s in settlement.participants]
    summary = " · ".join(
        f"{label}: {euros(value)}" if label else euros(value)
        for label, value in summary_lines(settlement)
    )
    out = io.BytesIO()
    RankingPDF(_title(tournament), _subtitle(tournament, settlement), wide=True).render(
        out, pdf_columns, rows, empty=gettext("No participants yet."), note=summary
    )
    return out.getvalue()


def _printed(column: Column, statement) -> str:
    value = column.value(statement)
    if column.kind == "money":
        return euros(value)
    return str(value) if column.kind == "text" else number(value)


def settlement_xlsx(tournament: Tournament, settlement: Settlement) -> bytes:
    workbook = Workbook()
    ws = workbook.active
    ws.title = gettext("Settlement")[:31]
    ws.append([_title(tournament)])
    ws["A1"].font = BOLD
    ws.append([_subtitle(tournament, settlement)])
    for label, value in summary_lines(settlement):
        ws.append([label, value])
        ws.cell(ws.max_row, 2).number_format = EURO_FORMAT
    ws.append([])
    columns = statement_columns()
    ws.append([c.label for c in columns])
    for cell in ws[ws.max_row]:
        cell.font = BOLD
    for statement in settlement.participants:
        ws.append([c.value(statement) for c in columns])
        for index, column in enumerate(columns, start=1):
            if column.kind == "money":
                ws.cell(ws.max_row, index).number_format = EURO_FORMAT
    ws.column_dimensions["A"].width = 44
    ws.column_dimensions["B"].width = 24
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def settlement_csv(tournament: Tournament, settlement: Settlement) -> bytes:
    """The statements, one line per participant, then the totals as label;amount lines."""
    text = io.StringIO(newline="")
    writer = csv.writer(text, delimiter=";", lineterminator="\r\n")
    columns = statement_columns()
    writer.writerow(c.label for c in columns)
    for statement in settlement.participants:
        writer.writerow(_csv_cell(c, statement) for c in columns)
    writer.writerow([])
    for label, value in summary_lines(settlement):
        writer.writerow([label, euros_csv(value)])
    return text.getvalue().encode(CSV_ENCODING)


def _csv_cell(column: Column, statement):
    value = column.value(statement)
    return euros_csv(value) if column.kind == "money" else value


WRITERS = {
    "pdf": (settlement_pdf, "application/pdf"),
    "xlsx": (
        settlement_xlsx,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
    "csv": (settlement_csv, "text/csv; charset=utf-8"),
}


def render(tournament: Tournament, settlement: Settlement, extension: str) -> tuple[bytes, str]:
    writer, content_type = WRITERS[extension]
    return writer(tournament, settlement), content_type
