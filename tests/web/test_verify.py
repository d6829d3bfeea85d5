"""The public seal check pages ``/verify/`` and ``/verify/<seal>/``."""

import re

import pytest
from django.db import connection
from django.utils import translation

from tests import factories as f
from tournaments.models import Game
from tournaments.web.verify import describe

pytestmark = pytest.mark.django_db

ENGLISH = {"accept-language": "en"}


def test_a_valid_seal_shows_the_green_verdict_with_the_lists_facts(client, sealed_table):
    response = client.get(f"/verify/{sealed_table.seal}/", headers=ENGLISH)

    content = response.content.decode()
    text = f.page_text(response)
    assert response.status_code == 200
    assert "verdict-valid" in content and "verdict-invalid" not in content
    assert "List authentic and unchanged" in text
    assert sealed_table.series.tournament.name in text
    assert "14 March 2026" in text or "March 14, 2026" in text
    number = sealed_table.number
    assert f"Table {number}" in text or re.search(rf"Table\s+{number}\b", text)
    assert sealed_table.seal in content
    assert '<html lang="en">' in content


def test_the_page_is_german_by_default(client, sealed_table):
    response = client.get(f"/verify/{sealed_table.seal}/")

    assert response.status_code == 200
    assert '<html lang="de">' in response.content.decode()


def test_a_game_changed_behind_the_apps_back_shows_red_and_names_it(client, sealed_table):
    game = Game.objects.get(table=sealed_table, number=3)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE tournaments_game SET score = 777 WHERE id = %s", [game.id])

    response = client.get(f"/verify/{sealed_table.seal}/", headers=ENGLISH)

    text = f.page_text(response)
    assert response.status_code == 200
    assert "verdict-invalid" in response.content.decode()
    assert "List not confirmed" in text
    assert "Game 3: score" in text
    assert f"sealed: {game.score} – now: 777" in text


@pytest.mark.parametrize("code", ["0" * 64, "not-a-seal"])
def test_an_unknown_seal_is_a_404_page_with_a_clear_message(client, code):
    response = client.get(f"/verify/{code}/", headers=ENGLISH)

    assert response.status_code == 404
    assert "verdict-unknown" in response.content.decode()
    assert "Seal not found" in f.page_text(response)


def test_the_form_page_asks_for_a_code(client):
    response = client.get("/verify/", headers=ENGLISH)

    content = response.content.decode()
    assert response.status_code == 200
    assert 'name="code"' in content and 'action="/verify/"' in content
    assert "verdict" not in content


def test_the_form_goes_on_to_the_normalised_code(client, sealed_table):
    typed = " " + " ".join(sealed_table.seal[i : i + 16] for i in range(0, 64, 16)).upper() + " "

    response = client.get("/verify/", {"code": typed})

    assert response.status_code == 302
    assert response.headers["Location"] == f"/verify/{sealed_table.seal}/"


@pytest.mark.parametrize("code", ["", "123", "z" * 64])
def test_the_form_refuses_what_cannot_be_a_seal(client, code):
    response = client.get("/verify/", {"code": code}, headers=ENGLISH)

    assert response.status_code == 400
    assert "64 characters" in f.page_text(response)
    assert 'aria-invalid="true"' in response.content.decode()


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("games[12].score", "Game 12: score"),
        ("games[12]", "Game 12"),
        ("games[2].points[3].points", "Game 2: points[3].points"),
        ("seats[1].name", "Seat 1: name"),
        ("settlement[4@13].total", "Seat 4 from game 13: total"),
        ("status", "status"),
    ],
)
def test_mismatch_paths_are_described_in_list_words(path, label):
    with translation.override("en"):
        assert describe(path) == label
