"""The league table and the individual ranking as files, declared once as columns and
written by the product's writers (tournaments/exports: spreadsheets, pdf_ranking).

Files are public: they count the published match days only, as the public pages do.
"""

from decimal import Decimal
from operator import attrgetter

from django.utils.translation import gettext

from league.models import LeagueGroup
from league.services import results
from tournaments.exports import spreadsheets
from tournaments.exports.columns import DECIMAL, NUMBER, PLACE, TEXT, Column
from tournaments.exports.pdf_ranking import render_ranking
from tournaments.exports.xlsx import XLSXWorkbook
from tournaments.skat.league import points_text

MARKS = {"promotion": "↑", "relegation": "↓"}


def _points(value) -> Decimal:
    """Team points as written everywhere: 3, 2.5 (never 3.0)."""
    return Decimal(points_text(value))


def _place() -> Column:
    return Column(gettext("Place"), attrgetter("place"), PLACE, 6, pdf_width=6, bold=True)


def table_columns(table: results.GroupTable) -> list[Column]:
    """Place, team, club, team points, game points, each match day, the mark."""
    days = [
        Column(
            gettext("Day %(number)s") % {"number": number},
            lambda row, n=number: row.days[n].points_pair if n in row.days else None,
            TEXT,
            pdf_width=9,
        )
        for number in table.match_days
    ]
    return [
        _place(),
        Column(gettext("Team"), attrgetter("name"), TEXT, 22, 26, align="LEFT", bold=True),
        Column(gettext("Club"), attrgetter("club"), TEXT, 18, 18, align="LEFT"),
        Column(
            gettext("Team points"),
            lambda row: row.points_pair,  # "07:02", as published tables print them
            TEXT,
            pdf_width=11,
            bold=True,
            short=gettext("TP"),
        ),
        Column(gettext("Game points"), attrgetter("game_points"), NUMBER, pdf_width=11),
        *days,
        Column(
            gettext("Mark"),
            lambda row: _mark(row.mark),
            TEXT,
            12,
            pdf_width=10,
            align="LEFT",
        ),
    ]


def _mark(mark) -> str:
    if mark == "promotion":
        return f"{MARKS[mark]} " + gettext("promotion")
    if mark == "relegation":
        return f"{MARKS[mark]} " + gettext("relegation")
    return ""


def player_columns() -> list[Column]:
    return [
        Column(gettext("Place"), lambda row: row.place, PLACE, 6, pdf_width=6, bold=True),
        # A published document: the players named as they consented (docs/privacy.md).
        Column(gettext("Name"), lambda row: row.record.public_name, TEXT, 22, 26, align="LEFT"),
        Column(gettext("Team"), lambda row: row.record.team, TEXT, 18, 20, align="LEFT"),
        Column(gettext("Games"), lambda row: row.record.games, NUMBER, pdf_width=8),
        Column(gettext("List points"), lambda row: row.record.list_points, NUMBER, pdf_width=10),
        Column(gettext("Average"), lambda row: row.average, DECIMAL, pdf_width=9, bold=True),
        Column(
            gettext("Ranked"),
            lambda row: gettext("yes") if row.ranked else gettext("below the minimum"),
            TEXT,
            pdf_width=None,
        ),
    ]


def title_of(group: LeagueGroup, what: str) -> str:
    return f"{what} – {group.league.name} {group.name}"


def subtitle_of(group: LeagueGroup, table: results.GroupTable | None = None) -> str:
    parts = [gettext("Season %(name)s") % {"name": group.league.season.name}]
    if table is not None:
        parts.append(
            gettext("after %(count)d match days") % {"count": len(table.match_days)}
            if table.match_days
            else gettext("no match day published yet")
        )
    return " · ".join(parts)


def table_pdf(group: LeagueGroup, out) -> None:
    table = results.group_table(group)
    render_ranking(
        title_of(group, gettext("League table")),
        subtitle_of(group, table),
        table_columns(table),
        table.rows,
        out,
        wide=len(table.match_days) > 4,
        empty=gettext("No match day has been published yet."),
    )


def table_xlsx(group: LeagueGroup) -> bytes:
    table = results.group_table(group)
    workbook = XLSXWorkbook()
    spreadsheets.table_sheet(
        workbook,
        gettext("League table"),
        title_of(group, gettext("League table")),
        table_columns(table),
        table.rows,
    )
    return workbook.save()


def table_csv(group: LeagueGroup) -> bytes:
    table = results.group_table(group)
    return spreadsheets.columns_csv(table_columns(table), table.rows)


def player_ranking_pdf(group: LeagueGroup, out) -> None:
    rows = results.player_ranking(group)
    note = ""
    if group.league.min_games:
        note = gettext("A place needs at least %(count)d games.") % {
            "count": group.league.min_games
        }
    render_ranking(
        title_of(group, gettext("Individual ranking")),
        subtitle_of(group),
        player_columns(),
        rows,
        out,
        note=note,
        empty=gettext("No results yet."),
    )


def player_ranking_xlsx(group: LeagueGroup) -> bytes:
    workbook = XLSXWorkbook()
    spreadsheets.table_sheet(
        workbook,
        gettext("Individual ranking"),
        title_of(group, gettext("Individual ranking")),
        player_columns(),
        results.player_ranking(group),
    )
    return workbook.save()


def player_ranking_csv(group: LeagueGroup) -> bytes:
    return spreadsheets.columns_csv(player_columns(), results.player_ranking(group))
