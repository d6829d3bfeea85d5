"""The money of a list in the list PDF (a footer line per seat) and in lists.xlsx.

Only while the tournament has a tariff: without one nothing is printed and no query is
made (the tariff comes with the table through :func:`listsheet.table_queryset`). The
amounts are :func:`tournaments.services.money.table_money`'s.
"""

from django.utils.translation import gettext, ngettext

from tournaments.services import money

from .columns import INTEGER, MONEY, Column
from .formatting import euros
from .styles import FONT, MARGIN

LINE = 10  # the list PDF's line height (pdf_list_foot.LINE)


def money_of(table) -> money.TableMoney | None:
    if not hasattr(table.series.tournament, "tariff"):  # no tariff: no money to show
        return None
    return money.table_money(table)


def money_columns(sheet) -> list[Column]:
    """Lost games and lost-game money, next to a list's settlement rows (lists.xlsx)."""
    if sheet.money is None:
        return []

    def line_of(settlement_line):
        return next(
            line
            for line in sheet.money.lines
            if line.participant == settlement_line.participant and line.seat == settlement_line.seat
        )

    return [
        Column(gettext("Lost games"), lambda row: line_of(row).lost, INTEGER, 8),
        Column(gettext("Lost-game money"), lambda row: line_of(row).amount, MONEY, 10),
    ]


def total_row(writer, columns: list[Column], sheet) -> None:
    """The table's lost-game money below the settlement, in the money column."""
    if sheet.money is None:
        return
    line = [None] * len(columns)
    line[2] = gettext("Table total")
    line[-1] = sheet.money.total
    writer.values(columns, [line])


def pdf_line(line) -> str:
    return ngettext(
        "Seat %(seat)d, %(name)s: %(lost)d lost game, lost-game money %(amount)s",
        "Seat %(seat)d, %(name)s: %(lost)d lost games, lost-game money %(amount)s",
        line.lost,
    ) % {
        "seat": line.seat,
        "name": line.name,
        "lost": line.lost,
        "amount": euros(line.amount),
    }


def pdf_height(sheet) -> float:
    if sheet.money is None:
        return 0
    return LINE * (len(sheet.money.lines) + 1) + 2


def draw_pdf_lines(painter, sheet, y: float) -> float:
    """One footer line per seat and the table's total, below the settlement."""
    if sheet.money is None:
        return y
    for line in sheet.money.lines:
        painter._text(MARGIN, y - 9, pdf_line(line), FONT, 8)
        y -= LINE
    total = gettext("Lost-game money of the table: %(total)s") % {"total": euros(sheet.money.total)}
    painter._text(MARGIN, y - 9, total, FONT, 8)
    return y - LINE - 2
