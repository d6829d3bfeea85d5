"""The settlement (Kassenbericht) as PDF, XLSX and CSV from one column specification.

The statement columns are declared once (:func:`statement_columns`) and laid out by the
exports' shared writers, so the three files cannot disagree with each other or with the
page. Every amount comes from :func:`tournaments.services.money.settlement_of`. Paper
shows money the German way (1.234,50 €), XLSX cells are numbers with a euro format, CSV
cells use the decimal comma German spreadsheets expect.
"""

import io
from dataclasses import dataclass
from decimal import Decimal
from operator import attrgetter

from django.utils.translation import gettext, gettext_noop, pgettext

from tournaments.models import Tournament
from tournaments.services.money import Settlement

from .columns import INTEGER, MONEY, TEXT, Column
from .formatting import date
from .pdf_ranking import RankingPDF, printed_rows
from .spreadsheets import SheetWriter, columns_csv
from .xlsx import XLSXWorkbook


@dataclass(frozen=True)
class SummaryLine:
    label: str
    amount: Decimal


def statement_columns() -> list[Column]:
    """One row per participant: what was due, paid, won, and the net result."""
    return [
        Column(gettext("Start number"), attrgetter("start_number"), INTEGER, 7, 6),
        Column(gettext("Name"), attrgetter("name"), TEXT, 24, 22, align="LEFT"),
        Column(gettext("Entry fee"), attrgetter("entry_fee"), MONEY, 10, 9),
        Column(gettext("Lost games"), attrgetter("lost_games"), INTEGER, 8, 7),
        Column(gettext("Lost-game money"), attrgetter("lost_game_fees"), MONEY, 10, 10),
        Column(gettext("Paid"), attrgetter("paid"), MONEY, 10, 9),
        Column(gettext("Refunded"), attrgetter("refunded"), MONEY, 10, 9),
        Column(gettext("Prize"), attrgetter("prize"), MONEY, 10, 9),
        Column(gettext("Net"), attrgetter("net"), MONEY, 10, 9, bold=True),
        Column(gettext("Still owes"), attrgetter("owes"), MONEY, 10, 9),
    ]


def summary_columns() -> list[Column]:
    return [
        Column(gettext("Settlement"), attrgetter("label"), TEXT, 44, 40, align="LEFT"),
        Column(gettext("Amount"), attrgetter("amount"), MONEY, 12, 10),
    ]


def summary_lines(settlement: Settlement) -> list[SummaryLine]:
    """The totals of the report, in the order the page shows them."""
    lines = [
        SummaryLine(gettext("Entry fees expected"), settlement.entry_fees_due),
        SummaryLine(gettext("Entry fees collected"), settlement.entry_fees_paid),
        SummaryLine(gettext("Lost-game money expected"), settlement.lost_game_fees_due),
        SummaryLine(gettext("Lost-game money collected"), settlement.lost_game_fees_paid),
    ]
    for series in settlement.series:
        number = {"number": series.number}
        lines += [
            SummaryLine(
                gettext("Series %(number)d: lost-game money expected") % number,
                series.lost_game_fees_due,
            ),
            SummaryLine(
                gettext("Series %(number)d: lost-game money collected") % number,
                series.lost_game_fees_paid,
            ),
        ]
    return lines + [
        SummaryLine(gettext("Refunds"), settlement.refunds),
        SummaryLine(gettext("Collected in total"), settlement.collected),
        SummaryLine(gettext("Prizes (calculated)"), settlement.prizes),
        SummaryLine(gettext("Remains for the club"), settlement.balance),
    ]


def _title(tournament: Tournament) -> str:
    return gettext("Settlement of %(name)s") % {"name": tournament.name}


def _subtitle(tournament: Tournament, settlement: Settlement) -> str:
    parts = [date(tournament.date), tournament.venue]
    if settlement.frozen:
        parts.append(gettext("frozen when the tournament was finished"))
    return " · ".join(part for part in parts if part)


# What the net column (Saldo) means, on the settlement page and under the PDF's statements:
# a treasurer reading −10,00 € for a player who paid in full should know why at once.
NET_MEANING = gettext_noop(
    "Net = prize − entry fee − lost-game money: what the evening brought a player (+) or "
    "cost him (−), whether he has paid or not. A player who paid everything and won no "
    "prize has a negative net; what he still has to pay is under “Still owes”."
)


def net_meaning() -> str:
    return gettext(NET_MEANING)


# The prizes in the totals and the prize table's preview rest on different entry fees: one
# sentence says which, wherever the totals are shown.
PRIZE_BASIS = gettext_noop(
    "Prizes (calculated): the prize table applied to the ranking as it stands, percentages "
    "of the entry fees due (everyone not withdrawn, and withdrawn players who played), the "
    "same figures as the prize table's preview; not yet handed out, but “Remains for the "
    "club” already subtracts them."
)


def prize_basis() -> str:
    return gettext(PRIZE_BASIS)


def settlement_pdf(tournament: Tournament, settlement: Settlement) -> bytes:
    """The totals as a table of their own, then the statements, then what "net" means."""
    totals = summary_columns()
    columns = statement_columns()
    out = io.BytesIO()
    RankingPDF(_title(tournament), _subtitle(tournament, settlement), wide=True).render(
        out,
        columns,
        printed_rows(columns, settlement.participants),
        empty=gettext("No participants yet."),
        sections=[
            (
                pgettext("cash report", "Totals"),
                totals,
                printed_rows(totals, summary_lines(settlement)),
            ),
        ],
        heading=gettext("Statement per participant"),
        explanation=f"{prize_basis()} {net_meaning()}",
    )
    return out.getvalue()


def settlement_xlsx(tournament: Tournament, settlement: Settlement) -> bytes:
    """The totals first, then the statements, on one sheet."""
    workbook = XLSXWorkbook()
    writer = SheetWriter(workbook, gettext("Settlement"))
    writer.title(f"{_title(tournament)} · {_subtitle(tournament, settlement)}")
    summary = summary_columns()
    writer.header(summary)
    writer.rows(summary, summary_lines(settlement))
    writer.empty_row()
    columns = statement_columns()
    writer.widths(columns, [[c.header for c in columns]])
    writer.header(columns)
    writer.rows(columns, settlement.participants)
    return workbook.save()


def settlement_csv(tournament: Tournament, settlement: Settlement) -> bytes:
    """The statements, one line per participant, then the totals as label;amount lines."""
    statements = columns_csv(statement_columns(), settlement.participants)
    totals = columns_csv(summary_columns(), summary_lines(settlement))
    # The second part without its byte order mark: one file, one BOM.
    return statements + b"\r\n" + totals.removeprefix("\ufeff".encode())


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
