"""On the director's table page: a paper list's summary and seat changes, no API needed.

Each form calls the service the API calls (``PUT tables/{id}/summary/``,
``tables/{id}/leave|join|replace/``), so it refuses in the same words.
"""

import json

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Seat, SummaryEntry

pytestmark = pytest.mark.django_db


def page_of(table, client) -> str:
    return client.get(f"/leitung/tische/{table.id}/").content.decode()


def summary_form(values: dict[int, tuple]) -> dict:
    form = {}
    for seat, (game_points, won, lost) in values.items():
        form |= {
            f"seat-{seat}-game_points": game_points,
            f"seat-{seat}-won": won,
            f"seat-{seat}-lost": lost,
        }
    return form


def test_a_paper_summary_shows_the_computed_30_40_points_before_it_is_saved(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=4)  # 12 games at a 3-table
    typed = summary_form({1: ("612", "5", "1"), 2: ("−48", "2", "3"), 3: ("288", "1", "0")})

    preview = director_client.post(f"/leitung/tische/{table.id}/summe/", typed)

    html = preview.content.decode()
    assert not SummaryEntry.objects.exists()
    assert 'data-testid="summary-preview"' in html
    # Seat 1: 612 + 50 × (5 − 1) = 812, plus 40 for each of the others' 3 lost games.
    assert 'data-testid="summary-preview-1"' in html
    row_1 = html.split('data-testid="summary-preview-1"')[1].split("</tr>")[0]
    assert ">+200<" in row_1 and ">120<" in row_1 and ">932<" in row_1
    row_2 = html.split('data-testid="summary-preview-2"')[1].split("</tr>")[0]
    assert ">\u221248<" in row_2 and ">\u221250<" in row_2 and ">\u221258<" in row_2

    director_client.post(f"/leitung/tische/{table.id}/summe/", {**typed, "action": "save"})

    saved = {e.seat: (e.game_points, e.credits, e.total) for e in SummaryEntry.objects.all()}
    assert saved == {1: (612, 120, 932), 2: (-48, 40, -58), 3: (288, 160, 498)}
    assert AuditEntry.objects.filter(action="summary_saved", table=table).count() == 1


def test_a_summary_the_list_cannot_hold_is_refused_as_the_api_refuses_it(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=1)  # 3 games
    typed = summary_form({1: ("100", "2", "0"), 2: ("0", "1", "1"), 3: ("0", "0", "0")})
    body = {
        "seats": [
            {"seat": 1, "game_points": 100, "won": 2, "lost": 0},
            {"seat": 2, "game_points": 0, "won": 1, "lost": 1},
            {"seat": 3, "game_points": 0, "won": 0, "lost": 0},
        ]
    }

    page = director_client.post(f"/leitung/tische/{table.id}/summe/", typed)
    api = director_client.put(
        f"/api/v1/tables/{table.id}/summary/",
        json.dumps(body),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
    )

    message = api.json()["errors"][0]["message"]
    assert page.status_code == 400 and api.status_code == 400
    assert message in page.content.decode()
    assert 'value="100"' in page.content.decode()  # what was typed stays
    assert not SummaryEntry.objects.exists()


def test_a_bad_number_in_the_summary_names_the_seat(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    typed = summary_form({1: ("12a", "0", "0"), 2: ("0", "0", "0"), 3: ("0", "0", "0")})

    page = director_client.post(f"/leitung/tische/{table.id}/summe/", typed)

    assert page.status_code == 400
    assert "ganze Zahl" in page.content.decode()


def test_a_player_leaves_after_a_round_and_not_in_the_middle(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for _ in range(4):
        f.enter(table, passed=True)

    refused = director_client.post(
        f"/leitung/tische/{table.id}/spieler-geht/", {"seat": "2", "after_game": "3"}
    )
    done = director_client.post(
        f"/leitung/tische/{table.id}/spieler-geht/", {"seat": "2", "after_game": "4"}
    )

    assert refused.status_code == 400
    assert "nur nach dem letzten Spiel einer Runde" in refused.content.decode()
    assert done.status_code == 302
    assert Seat.objects.get(table=table, number=2).until_game == 4


def test_a_newcomer_joins_a_3_table_at_the_start_of_a_round(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    newcomer = f.make_participants(table.series.tournament, 1)[0]
    for _ in range(3):
        f.enter(table, passed=True)
    page = page_of(table, director_client)

    refused = director_client.post(
        f"/leitung/tische/{table.id}/spieler-kommt/",
        {"participant": str(newcomer.id), "from_game": "3"},
    )
    done = director_client.post(
        f"/leitung/tische/{table.id}/spieler-kommt/",
        {"participant": str(newcomer.id), "from_game": "4"},
    )

    assert "nur zu Beginn einer Runde" in page
    assert f'<option value="{newcomer.id}"' in page
    assert "nur zu Beginn einer Runde" in refused.content.decode()
    assert done.status_code == 302
    joined = Seat.objects.get(table=table, participant=newcomer)
    assert (joined.number, joined.from_game) == (4, 4)


def test_a_replacement_takes_over_a_seat_without_its_points(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    substitute = f.make_participants(table.series.tournament, 1)[0]
    for _ in range(4):
        f.enter(table, passed=True)
    page = page_of(table, director_client)

    director_client.post(
        f"/leitung/tische/{table.id}/ersatzspieler/",
        {"seat": "1", "participant": str(substitute.id), "from_game": "5"},
    )

    assert "erbt keine Punkte" in page
    seats = list(Seat.objects.filter(table=table, number=1).order_by("from_game"))
    assert [(s.from_game, s.until_game) for s in seats] == [(1, 4), (5, None)]
    assert seats[1].participant == substitute


def test_a_table_kept_game_by_game_offers_no_summary_and_an_ended_one_no_seat_change(
    director_client,
):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, passed=True)

    page = page_of(table, director_client)

    assert 'data-testid="summary-form"' not in page
    assert 'data-testid="leave-form"' in page and 'data-testid="join-form"' in page
