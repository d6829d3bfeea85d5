"""Ranking PDFs (series, tournament, teams, season) over HTTP: order, German numbers,
file headers, refusals and query counts."""

import datetime
import re

import pytest

from tests import factories as f
from tournaments.exports.formatting import number
from tournaments.models import Participant, Player
from tournaments.services import participants, ranking, season_ranking, team_ranking

pytestmark = pytest.mark.django_db

API = "/api/v1/"
MEDIA_TYPES = {
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv",
}


def row_cells(text: str, name: str) -> list[str]:
    """The cells printed after ``name`` up to the next place ("2.") or the end of the text."""
    lines = text.splitlines()
    start = next(index for index, line in enumerate(lines) if name in line) + 1
    cells = []
    for line in lines[start:]:
        if re.fullmatch(r"[0-9]+\.", line.strip()):
            break
        cells.append(line.strip())
    return cells


def in_order(text: str, names) -> bool:
    positions = [text.index(name) for name in names]
    return positions == sorted(positions)


@pytest.fixture
def big_winner(db):
    """Seat 2 wins six Grand ouverts in a 2-round series: 6 × (264 + 50) = 1.884."""
    tournament = f.make_tournament(rounds_per_series=2)
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 4))
    for number_ in range(1, 9):
        dealer = (number_ - 1) % 4 + 1
        if dealer == 2:
            f.enter(table, declarer_seat=3, game="diamonds", matadors=1, won=True)
        else:
            f.enter(table, declarer_seat=2, **f.GRAND_OUVERT)
    return table.series


def test_series_ranking_pdf_lists_names_in_ranking_order_with_german_totals(client, big_winner):
    rows = ranking.rank_series(big_winner)

    response = client.get(f"{API}series/{big_winner.id}/ranking.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "_Serie-1_Rangliste.pdf" in response["Content-Disposition"]
    text = f.pdf_text(response.content)
    assert in_order(text, [row.name for row in rows])
    assert rows[0].total == 1884
    assert "1.884" in text


def test_tournament_ranking_pdf_has_a_column_per_series_and_the_total(client):
    tournament = f.make_played_tournament(players=4, series=2)
    rows = ranking.rank_tournament(tournament)
    series_rows = {
        series.number: {row.participant: row.total for row in ranking.rank_series(series)}
        for series in tournament.series.all()
    }

    response = client.get(f"{API}tournaments/{tournament.id}/ranking.pdf")

    assert response.status_code == 200
    text = f.pdf_text(response.content)
    assert "Serie 1" in text and "Serie 2" in text and "Gesamt" in text
    assert in_order(text, [row.name for row in rows])
    for row in rows:
        expected = [number(series_rows[n][row.participant]) for n in (1, 2)]
        assert row_cells(text, row.name)[-5:] == [
            *expected,
            str(row.won),
            str(row.lost),
            number(row.total),
        ]


def test_team_ranking_pdf_lists_teams_with_their_members(client):
    tournament = f.make_tournament(rounds_per_series=1)
    series = f.make_series(tournament)
    for name in ("Asse", "Buben"):
        f.play_out(f.make_table(series, f.make_team_members(f.make_team(tournament, name), 4)))
    rows = team_ranking.rank_teams(tournament)

    response = client.get(f"{API}tournaments/{tournament.id}/teams/ranking.pdf")

    assert response.status_code == 200
    text = f.pdf_text(response.content)
    expected = []
    for row in rows:
        expected += [row.name, *(member.name for member in row.members)]
    assert in_order(text, expected)
    assert number(rows[0].total) in text


def test_season_ranking_pdf_shows_series_played_and_counted(client):
    club = f.make_club("Grand Hand Köln")
    f.make_played_tournament(players=4, series=2, club=club, date=datetime.date(2025, 5, 1))
    rows = season_ranking.rank_season(club, 2025)

    response = client.get(f"{API}clubs/{club.id}/season-ranking.pdf?year=2025")

    assert response.status_code == 200
    text = f.pdf_text(response.content)
    assert "Grand Hand Köln" in text
    assert in_order(text, [row.name for row in rows])
    tournaments, played, counted = row_cells(text, rows[0].name)[-6:-3]
    assert (tournaments, played, counted) == ("1", "2", "2")


@pytest.mark.parametrize("year", ["1800", "zwanzig", "2026.5"])
@pytest.mark.parametrize("extension", ["pdf", "xlsx", "csv"])
def test_season_ranking_file_with_a_bad_year_is_refused(client, year, extension):
    club = f.make_club()

    response = client.get(f"{API}clubs/{club.id}/season-ranking.{extension}?year={year}")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["field"] == "year"


@pytest.mark.parametrize(
    "path",
    [
        "series/{missing}/ranking.pdf",
        "series/{missing}/ranking.xlsx",
        "series/{missing}/ranking.csv",
        "series/{missing}/lists.xlsx",
        "series/{missing}/table-plan.pdf",
        "tournaments/{missing}/ranking.pdf",
        "tournaments/{missing}/ranking.xlsx",
        "tournaments/{missing}/ranking.csv",
        "tournaments/{missing}/teams/ranking.pdf",
        "tournaments/99999999999999999999/ranking.pdf",
        "clubs/{missing}/season-ranking.pdf",
        "clubs/{missing}/season-ranking.csv",
    ],
)
def test_unknown_id_gives_404_in_the_error_format(client, path):
    missing = f.make_tournament().id + 1000
    accept = MEDIA_TYPES[path.rsplit(".", 1)[-1]]

    response = client.get(API + path.format(missing=missing), HTTP_ACCEPT=accept)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "not_found"


def test_ranking_pdf_of_a_series_without_games_says_so(client):
    series = f.make_series(f.make_tournament())

    response = client.get(f"{API}series/{series.id}/ranking.pdf")

    assert response.status_code == 200
    text = f.pdf_text(response.content)
    assert "Rangliste – Serie 1" in text
    assert "Noch keine Ergebnisse" in text


def test_ranking_pdf_cannot_be_posted(client):
    series = f.make_series(f.make_tournament())

    response = client.post(f"{API}series/{series.id}/ranking.pdf")

    assert response.status_code in (403, 405)
    assert response.json()["errors"]


@pytest.mark.parametrize("tables", [1, 3])
@pytest.mark.parametrize(
    # One of them reads the tournament version that names the kept file; a series or
    # tournament ranking reads the roster stamp its people are kept under, then the people;
    # a ranking on paper also reads who withdrew, to mark them; one asks the apps' results
    # rules whether the public may see the results yet (services/result_access.py: the
    # league's looks up a venue).
    "path, queries",
    [
        ("series/{series}/ranking.pdf", 7),
        ("series/{series}/ranking.csv", 6),
        ("tournaments/{tournament}/ranking.pdf", 9),
        ("tournaments/{tournament}/ranking.csv", 8),
        ("tournaments/{tournament}/teams/ranking.pdf", 7),
    ],
)
def test_ranking_exports_take_constant_queries(
    client, django_assert_num_queries, tables, path, queries
):
    tournament = f.make_played_tournament(players=4 * tables, series=tables)
    url = API + path.format(tournament=tournament.id, series=tournament.series.first().id)

    with django_assert_num_queries(queries):
        response = client.get(url)

    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert content.startswith(b"%PDF-") if url.endswith(".pdf") else content.count(b"\n") > tables


@pytest.mark.django_db
def test_the_exports_series_rankings_are_the_services_without_a_query_per_series(
    django_assert_num_queries,
):
    from tournaments.exports.rankings import tournament_ranking

    tournament = f.make_played_tournament(players=7, series=2)
    late = f.make_participants(tournament, 3)  # play the third series only
    third = f.make_series(tournament)
    f.play_out(f.make_table(third, late))
    data = tournament_ranking(tournament)

    with django_assert_num_queries(0):
        series_rows = [data.series_rows(series) for series in data.series]

    assert series_rows == [ranking.rank_series(series) for series in data.series]
    assert data.rows == ranking.rank_tournament(tournament)
    assert {row.participant for row in series_rows[2]} == {p.id for p in late}


@pytest.mark.parametrize(
    "club_name",
    [
        "Skatfreunde Musterstadt-Beispielheim",  # breaks after its hyphen
        "Skatfreunde Musterstadt-Beispielheim von 1923 e. V. im Landesverband",  # wraps
    ],
)
def test_ranking_pdfs_print_long_club_names_whole(client, club_name):
    tournament = f.make_played_tournament(players=4, series=1)
    club = f.make_club(club_name)
    Player.objects.update(club=club)

    for path in (
        f"{API}tournaments/{tournament.id}/ranking.pdf",
        f"{API}series/{tournament.series.get().id}/ranking.pdf",
    ):
        text = f.pdf_words(client.get(path).content)

        assert text.count(club_name) == 4, path


@pytest.mark.parametrize("kind", ["tournament", "series"])
def test_ranking_pdf_marks_a_withdrawn_player_and_only_them(client, kind):
    tournament = f.make_played_tournament(players=4, series=2)
    rows = ranking.rank_tournament(tournament)
    gone = Participant.objects.get(pk=rows[1].participant)
    participants.update_participant(gone, withdrawn=True)
    path = {
        "tournament": f"tournaments/{tournament.id}",
        "series": f"series/{tournament.series.get(number=1).id}",
    }[kind]

    response = client.get(f"{API}{path}/ranking.pdf")

    words = " ".join(f.pdf_text(response.content).split())
    assert f"{rows[1].name} (zurückgezogen)" in words
    assert words.count("(zurückgezogen)") == 1


@pytest.mark.parametrize("kind", ["tournament", "series"])
def test_ranking_pdf_marks_a_withdrawn_player_by_the_name_each_reader_reads(
    client, director_user, kind
):
    tournament = f.make_played_tournament(players=4, series=2)
    rows = ranking.rank_tournament(tournament)
    gone = Participant.objects.get(pk=rows[1].participant)
    Player.objects.filter(pk=gone.player_id).update(publication="short")
    participants.update_participant(gone, withdrawn=True)
    player = Player.objects.get(pk=gone.player_id)
    short = f"{player.first_name} {player.last_name[0]}."
    path = {
        "tournament": f"tournaments/{tournament.id}",
        "series": f"series/{tournament.series.get(number=1).id}",
    }[kind]
    url = f"{API}{path}/ranking.pdf"

    public = " ".join(f.pdf_text(client.get(url).content).split())
    client.force_login(director_user)
    director = " ".join(f.pdf_text(client.get(url).content).split())

    assert f"{short} (zurückgezogen)" in public
    assert player.last_name not in public
    assert f"{player.first_name} {player.last_name} (zurückgezogen)" in director
    assert public.count("(zurückgezogen)") == director.count("(zurückgezogen)") == 1
