"""Names are untrusted: no XLSX or CSV export turns them into formulas or fails on them."""

import csv
import io
import re

import pytest
from openpyxl import load_workbook

from tests.factories import (
    make_club,
    make_participants,
    make_series,
    make_table,
    make_team,
    make_team_members,
    make_tournament,
    play_out,
)

pytestmark = pytest.mark.django_db

API = "/api/v1/"
DANGEROUS = [
    '=HYPERLINK("http://evil.example","Klick")',
    "+1-1",
    "-2+3",
    "@SUM(A1)",
    "\tTab",
    "\rCR",
]
XLSX_URLS = [
    "series/{series}/ranking.xlsx",
    "tournaments/{tournament}/ranking.xlsx",
    "clubs/{club}/season-ranking.xlsx?year=2026",
    "series/{series}/lists.xlsx",
    "tournaments/{tournament}/teams/ranking.xlsx",
]
CSV_URLS = [
    "series/{series}/ranking.csv",
    "tournaments/{tournament}/ranking.csv",
    "clubs/{club}/season-ranking.csv?year=2026",
    "tournaments/{tournament}/teams/ranking.csv",
]
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def tournament_with_a_player_named(name: str) -> dict:
    """A played series whose club and first player carry ``name``."""
    club = make_club(name)
    tournament = make_tournament(rounds_per_series=1, club=club)
    team = make_team(tournament, name=name, club=club)
    people = make_participants(tournament, 3, club=club) + make_team_members(team, 1, club=club)
    player = people[3].player
    player.first_name = player.last_name = name
    player.save()
    series = make_series(tournament)
    play_out(make_table(series, people))
    return {"series": series.id, "tournament": tournament.id, "club": club.id}


@pytest.fixture(scope="module", params=DANGEROUS)
def dangerous(request, module_db):
    """(name, ids) of a series played under a name like a formula: built once per name for
    the module (module_db), and read by every export."""
    return request.param, tournament_with_a_player_named(request.param)


@pytest.fixture(scope="module")
def with_control_characters(module_db):
    return tournament_with_a_player_named("Kö\x01nig\x1b\x08")


@pytest.mark.parametrize("url", XLSX_URLS)
def test_xlsx_export_writes_a_name_like_a_formula_as_text(client, url, dangerous):
    name, ids = dangerous

    response = client.get(API + url.format(**ids))

    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    cells = [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]
    assert any(isinstance(c.value, str) and name.strip() in c.value for c in cells)
    assert [c.value for c in cells if c.data_type == "f"] == []


@pytest.mark.parametrize("url", CSV_URLS)
def test_csv_export_prefixes_a_name_like_a_formula_with_an_apostrophe(client, url, dangerous):
    name, ids = dangerous

    response = client.get(API + url.format(**ids))

    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    fields = [field for line in csv.reader(io.StringIO(text), delimiter=";") for field in line]
    assert any(field.startswith(f"'{name}") for field in fields)
    unsafe = [f for f in fields if f.startswith(FORMULA_START) and not re.fullmatch(r"-?\d+", f)]
    assert unsafe == []


@pytest.mark.parametrize("url", XLSX_URLS)
def test_xlsx_export_drops_control_characters_from_names(client, url, with_control_characters):
    response = client.get(API + url.format(**with_control_characters))

    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    values = [c.value for sheet in book.worksheets for row in sheet.iter_rows() for c in row]
    assert "König König" in values or "König" in values


def test_csv_export_keeps_negative_numbers_as_numbers(client):
    ids = tournament_with_a_player_named("-Minus")

    response = client.get(API + f"series/{ids['series']}/ranking.csv")

    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    totals = [row[-1] for row in rows[1:]]
    assert any(total.startswith("-") for total in totals)
    assert all(re.fullmatch(r"-?\d+", total) for total in totals)
