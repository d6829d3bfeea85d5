"""The columns of ``lists.xlsx``: every game of a list as entered and as valued.

One row per game holds everything the rules engine needs to value it again (the
declaration, the outcome, the bid) beside what the list shows (won or lost, the game's
value, the declarer's score and each seat's running list points), so that the workbook is
a complete record of the series. Below the games, the settlement of the table.
"""

from operator import attrgetter

from django.utils.translation import gettext, pgettext

from .columns import INTEGER, NUMBER, SIGNED, TEXT, Column
from .listsheet import GameRow, ListSheet


def _mark(name: str):
    """A yes/no fact of the entry as a cross; empty when not so or not entered."""
    return lambda row: "x" if getattr(row, name) else None


def _matadors(row: GameRow):
    if row.passed or row.matadors is None:
        return None
    return gettext("with") if row.with_matadors else gettext("without")


def _result(row: GameRow):
    if row.passed or row.won is None:
        return None
    return gettext("won") if row.won else gettext("lost")


def game_columns(sheet: ListSheet) -> list[Column]:
    """The game record of one table's list; a column of list points per seat."""
    names = {
        seat: " / ".join(o.name for o in sheet.occupants_of(seat)) for seat in sheet.seat_numbers
    }
    return [
        Column(gettext("Table"), lambda row: sheet.table_number, INTEGER, 6),
        Column(gettext("No."), attrgetter("number"), INTEGER, 5),
        Column(gettext("Dealer"), attrgetter("dealer_seat"), INTEGER, 7),
        Column(gettext("Declarer"), attrgetter("declarer_seat"), INTEGER, 9),
        Column(gettext("Name"), attrgetter("declarer_name"), TEXT, 14),
        Column(
            gettext("Game"),
            lambda row: gettext("passed") if row.passed else row.game_label,
            TEXT,
            12,
        ),
        Column(gettext("Hand"), _mark("hand"), TEXT, 6),
        Column(gettext("Schneider"), _mark("schneider"), TEXT, 6),
        Column(gettext("Schneider announced"), _mark("schneider_announced"), TEXT, 6),
        Column(gettext("Schwarz"), _mark("schwarz"), TEXT, 6),
        Column(gettext("Schwarz announced"), _mark("schwarz_announced"), TEXT, 6),
        Column(gettext("Ouvert"), _mark("ouvert"), TEXT, 6),
        Column(gettext("Matadors"), lambda row: None if row.passed else row.matadors, INTEGER, 6),
        Column(gettext("with/without"), _matadors, TEXT, 7),
        Column(gettext("bid"), attrgetter("bid"), INTEGER, 6),
        Column(gettext("Eyes"), attrgetter("declarer_eyes"), INTEGER, 6),
        Column(gettext("Tricks"), attrgetter("declarer_tricks"), INTEGER, 6),
        Column(gettext("conceded"), _mark("conceded"), TEXT, 6),
        Column(gettext("Won") + "/" + gettext("Lost"), _result, TEXT, 10),
        Column(gettext("overbid"), _mark("overbid"), TEXT, 8),
        Column(pgettext("game list column", "Base value"), attrgetter("base_value"), INTEGER),
        Column(gettext("Game value"), attrgetter("game_value"), INTEGER),
        Column(gettext("Score"), attrgetter("score"), SIGNED),
        *(
            Column(
                f"{gettext('Seat %(number)d') % {'number': seat}}: {names[seat]}",
                lambda row, seat=seat: row.totals.get(seat),
                NUMBER,
                14,
            )
            for seat in sheet.seat_numbers
        ),
    ]


def settlement_columns() -> list[Column]:
    """The settlement (Abrechnung) below the games: a row per player who sat at the table."""
    return [
        Column(gettext("Seat"), attrgetter("seat"), INTEGER),
        Column(gettext("Start number"), attrgetter("start_number"), INTEGER),
        Column(gettext("Name"), attrgetter("name"), TEXT),
        Column(gettext("Game points"), attrgetter("game_points"), NUMBER),
        Column(gettext("Won"), attrgetter("won"), NUMBER),
        Column(gettext("Lost"), attrgetter("lost"), NUMBER),
        Column("±50", attrgetter("bonus_won_lost"), SIGNED),
        Column("30/40", attrgetter("bonus_opponents_lost"), NUMBER),
        Column(gettext("Total"), attrgetter("total"), NUMBER, bold=True),
    ]
