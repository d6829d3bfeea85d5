"""Rankings and game lists as XLSX, rankings as CSV: read back, they give the services'
numbers as real numbers."""

import csv
import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext
from openpyxl import load_workbook

from tests import factories as f
from tournaments.models import GamePoints
from tournaments.services import ranking, season_ranking, team_ranking
from tournaments.services.lists import summary
from tournaments.services.lists.overview import table_overviews
from tournaments.skat import Declaration, GameType, Outcome, evaluate

pytestmark = pytest.mark.django_db

API = "/api/v1/"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
RANKING_FIELDS = (
    "rank",
    "start_number",
    "name",
    "club",
    "team",
    *f.SUM_FIELDS,
)
SETTLEMENT_FIELDS = (
    "seat",
    "start_number",
    "name",
    *f.SUM_FIELDS,
)


def workbook(response):
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == XLSX
    return load_workbook(io.BytesIO(response.content))


def data_rows(ws, first_row=3):
    return [list(row) for row in ws.iter_rows(min_row=first_row, values_only=True)]


def expected_rows(rows, series_totals=()):
    """A ranking as the sheets and CSV files lay it out (series columns after the team)."""
    values = []
    for row in rows:
        cells = [getattr(row, name) for name in RANKING_FIELDS]
        extra = [totals.get(row.participant) for totals in series_totals]
        values.append([*cells[:5], *extra, *cells[5:]])
    return values


def as_cells(values):
    """Empty text cells come back from openpyxl as None."""
    return [[None if cell == "" else cell for cell in row] for row in values]


def test_tournament_ranking_xlsx_has_a_sheet_per_series_and_a_total_sheet(client):
    tournament = f.make_played_tournament(players=7, series=2)
    series_list = list(tournament.series.order_by("number"))
    series_totals = [
        {row.participant: row.total for row in ranking.rank_series(s)} for s in series_list
    ]

    book = workbook(client.get(f"{API}tournaments/{tournament.id}/ranking.xlsx"))

    assert book.sheetnames == ["Serie 1", "Serie 2", "Gesamt"]
    for series, sheet in zip(series_list, book.worksheets, strict=False):
        assert data_rows(sheet) == as_cells(expected_rows(ranking.rank_series(series)))
    total = book["Gesamt"]
    assert data_rows(total) == as_cells(
        expected_rows(ranking.rank_tournament(tournament), series_totals)
    )
    assert [cell.value for cell in total[2]][5:7] == ["Serie 1", "Serie 2"]


def test_ranking_xlsx_cells_are_numbers_with_a_number_format_and_a_frozen_header(client):
    tournament = f.make_played_tournament(players=4, series=1)

    book = workbook(client.get(f"{API}tournaments/{tournament.id}/ranking.xlsx"))

    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A3"
        assert all(cell.font.bold for cell in sheet[2])
        total = sheet.cell(3, sheet.max_column)
        assert isinstance(total.value, int)
        assert total.number_format == "#,##0"
        assert sheet.column_dimensions["C"].width >= 14


def test_series_ranking_xlsx_equals_the_series_ranking(client):
    tournament = f.make_played_tournament(players=8, series=1)
    series = tournament.series.get()

    response = client.get(f"{API}series/{series.id}/ranking.xlsx")

    assert "_Serie-1_Rangliste.xlsx" in response["Content-Disposition"]
    (sheet,) = workbook(response).worksheets
    assert data_rows(sheet) == as_cells(expected_rows(ranking.rank_series(series)))


def game_record(sheet):
    """The game rows of a list sheet as dicts by header, and the rows after them."""
    header = [cell.value for cell in sheet[2]]
    rows = data_rows(sheet)
    end = next((i for i, row in enumerate(rows) if row[0] == "Abrechnung"), len(rows)) - 1
    return [dict(zip(header, row, strict=True)) for row in rows[:end]], rows[end:]


def test_series_lists_xlsx_has_a_sheet_per_table_with_the_settlement(client):
    tournament = f.make_played_tournament(players=7, series=1, rounds_per_series=2)
    series = tournament.series.get()
    tables = list(series.tables.select_related("series__tournament").order_by("number"))

    book = workbook(client.get(f"{API}series/{series.id}/lists.xlsx"))

    assert book.sheetnames == ["Tisch 1", "Tisch 2"]
    for table, overview in zip(tables, table_overviews(tables), strict=True):
        sheet = book[f"Tisch {table.number}"]
        assert sheet.freeze_panes == "A3"
        games, rest = game_record(sheet)
        assert [game["Nr."] for game in games] == list(range(1, table.games.count() + 1))
        assert {game["Tisch"] for game in games} == {table.number}
        assert [game["Punkte"] for game in games] == list(
            table.games.order_by("number").values_list("score", flat=True)
        )
        settlement = [row[: len(SETTLEMENT_FIELDS)] for row in rest[3:]]
        assert settlement == [
            [line[name] for name in SETTLEMENT_FIELDS] for line in overview["settlement"]
        ]
        # Each seat's last running total (Stand) is its total of the list, as on the page.
        seat_columns = [key for key in games[-1] if key.startswith("Platz ")]
        assert [games[-1][key] for key in seat_columns] == [
            line["total"] for line in overview["settlement"]
        ]


def recomputed(game: dict, scheme):
    """The game of a ``lists.xlsx`` row valued again by the rules engine."""
    labels = {gettext(kind.label): kind for kind in GameType}
    mark = lambda name: game[name] == "x"  # noqa: E731
    declaration = Declaration(
        game=labels[game["Spiel"]],
        matadors=game["Spitzen"],
        with_matadors=game["mit/ohne"] != "ohne",
        hand=mark("Hand") or None,
        ouvert=mark("Ouvert"),
        schneider_announced=mark("Schneider angesagt"),
        schwarz_announced=mark("Schwarz angesagt"),
        bid=game["Reizwert"],
    )
    outcome = Outcome(
        won=None if game["Augen"] is not None else game["Gewonnen/Verloren"] == "gewonnen",
        schneider=mark("Schneider") or None,
        schwarz=mark("Schwarz") or None,
        declarer_eyes=game["Augen"],
        declarer_tricks=game["Stiche"],
        conceded=mark("aufgegeben"),
    )
    return evaluate(declaration, outcome, scheme)


def test_series_lists_xlsx_is_a_game_record_the_rules_engine_values_again(client):
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, 4)
    table = f.make_table(f.make_series(tournament), people)
    f.enter(table, declarer_seat=2, **f.GRAND_OUVERT)
    f.enter(table, declarer_seat=3, game="null", hand=True, won=False)
    f.enter(table, declarer_seat=4, game="clubs", matadors=2, with_matadors=False, bid=48, won=True)
    f.enter(table, declarer_seat=1, game="hearts", matadors=1, declarer_eyes=95, declarer_tricks=9)

    book = workbook(client.get(f"{API}series/{table.series_id}/lists.xlsx"))

    games, _ = game_record(book["Tisch 1"])
    assert len(games) == 4
    for game in games:
        evaluation = recomputed(game, tournament.scheme)
        assert (evaluation.game_value, evaluation.score) == (game["Spielwert"], game["Punkte"])
        assert evaluation.overbid == (game["überreizt"] == "x")


def test_series_lists_xlsx_of_a_paper_list_keeps_its_settlement(client):
    tournament = f.make_tournament(rounds_per_series=1)
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 3))
    summary.save_summary(
        table,
        [
            {"seat": 1, "game_points": 1234, "won": 2, "lost": 0},
            {"seat": 2, "game_points": 0, "won": 0, "lost": 0},
            {"seat": 3, "game_points": -60, "won": 0, "lost": 1},
        ],
    )
    table.refresh_from_db()
    (overview,) = table_overviews([table])

    book = workbook(client.get(f"{API}series/{table.series_id}/lists.xlsx"))

    rows = data_rows(book["Tisch 1"])
    start = next(i for i, row in enumerate(rows) if row[0] == "Abrechnung") + 2
    assert [row[8] for row in rows[start:]] == [line["total"] for line in overview["settlement"]]
    assert rows[start][3] == 1234


def test_series_lists_xlsx_of_a_series_without_tables_has_one_note_sheet(client):
    series = f.make_series(f.make_tournament())

    book = workbook(client.get(f"{API}series/{series.id}/lists.xlsx"))

    assert len(book.worksheets) == 1


def parse_csv(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith("\ufeff".encode())
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";"))


def test_tournament_ranking_csv_equals_the_ranking(client):
    tournament = f.make_played_tournament(players=7, series=2)
    series_totals = [
        {row.participant: row.total for row in ranking.rank_series(s)}
        for s in tournament.series.order_by("number")
    ]

    response = client.get(f"{API}tournaments/{tournament.id}/ranking.csv")

    header, *rows = parse_csv(response)
    assert header[:3] == ["Platz", "Startnummer", "Name"]
    assert header[5:7] == ["Serie 1", "Serie 2"]
    assert header[-1] == "Gesamt"
    expected = expected_rows(ranking.rank_tournament(tournament), series_totals)
    assert rows == [["" if v is None else str(v) for v in row] for row in expected]


def test_ranking_csv_writes_plain_integers_and_keeps_umlauts(client):
    club = f.make_club("Skatfreunde Köln; Süd")
    tournament = f.make_tournament(rounds_per_series=1)
    people = [*f.make_participants(tournament, 4, club=club)]
    table = f.make_table(f.make_series(tournament), people)
    summary.save_summary(
        table,
        [{"seat": seat, "game_points": 1000 * seat, "won": 0, "lost": 0} for seat in range(1, 5)],
    )

    header, *rows = parse_csv(client.get(f"{API}series/{table.series_id}/ranking.csv"))

    assert rows[0][3] == "Skatfreunde Köln; Süd"
    assert rows[0][-1] == "4000"


def test_season_ranking_xlsx_and_csv_equal_the_season_ranking(client):
    club = f.make_club()
    f.make_played_tournament(players=4, series=2, club=club, date=datetime.date(2025, 6, 1))
    rows = season_ranking.rank_season(club, 2025, best=1)
    expected = [
        [row.rank, row.name, row.series_played, row.series_counted, row.total] for row in rows
    ]

    book = workbook(client.get(f"{API}clubs/{club.id}/season-ranking.xlsx?year=2025&best=1"))
    header, *lines = parse_csv(
        client.get(f"{API}clubs/{club.id}/season-ranking.csv?year=2025&best=1")
    )

    sheet_rows = data_rows(book.worksheets[0])
    assert [[r[0], r[1], r[4], r[5], r[-1]] for r in sheet_rows] == expected
    assert [[r[0], r[1], r[4], r[5], r[-1]] for r in lines] == [
        [str(v) for v in row] for row in expected
    ]


@pytest.mark.parametrize("tables", [1, 3])
def test_ranking_spreadsheets_take_constant_queries_per_series(
    client, django_assert_num_queries, tables
):
    tournament = f.make_played_tournament(players=4 * tables, series=2)

    # One reads the version that names the kept file, one the roster stamp; the series
    # sheets take none of their own (they rank the participants the total sheet read); one
    # asks the apps' results rules (services/result_access.py).
    with django_assert_num_queries(8):
        response = client.get(f"{API}tournaments/{tournament.id}/ranking.xlsx")

    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert len(load_workbook(io.BytesIO(content)).worksheets) == 3  # the total and two series


@pytest.mark.parametrize("series", [1, 3])
def test_tournament_ranking_xlsx_sums_the_game_points_in_one_pass(client, series):
    """Series sheets and total come from one GROUP BY over the game points: at a
    championship each pass reads 288,000 rows."""
    tournament = f.make_played_tournament(players=8, series=series)
    game_points = GamePoints._meta.db_table

    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{API}tournaments/{tournament.id}/ranking.xlsx")

    assert response.status_code == 200
    passes = [q["sql"] for q in queries.captured_queries if f'FROM "{game_points}"' in q["sql"]]
    assert len(passes) == 1


def test_team_ranking_xlsx_and_csv_list_each_team_then_its_members(client):
    tournament = f.make_tournament(rounds_per_series=1)
    team = f.make_team(tournament, name="Herz Dame")
    people = f.make_team_members(team, 2) + f.make_participants(tournament, 2)
    f.play_out(f.make_table(f.make_series(tournament), people))
    (row,) = team_ranking.rank_teams(tournament)
    expected = [[row.rank, "Herz Dame", row.total]] + [
        [None, f"   {member.name}", member.total] for member in row.members
    ]

    book = workbook(client.get(f"{API}tournaments/{tournament.id}/teams/ranking.xlsx"))
    header, *lines = parse_csv(client.get(f"{API}tournaments/{tournament.id}/teams/ranking.csv"))

    assert [[r[0], r[2], r[-1]] for r in data_rows(book.worksheets[0])] == expected
    assert [[r[0], r[2], r[-1]] for r in lines] == [
        ["" if v is None else str(v) for v in line] for line in expected
    ]
