"""Paper never cuts a name, a club or a sentence: every PDF that prints one shrinks it a
little or wraps it between words (exports/fitting.py), so the whole text is in the file."""

import pytest

from tests import factories as f
from tournaments.models import Player, Table
from tournaments.services import draw

pytestmark = pytest.mark.django_db

API = "/api/v1/"
CLUB = f.LONG_CLUB
LONG_NAMES = f.hard_names(
    "heydt", "mueller", "grossmann", "wasik", "ivanov", "schaefer", "zimmermann"
)
START_CARD_NOTE = "Bestätigt Ihre Spiellisten. Bitte geben Sie sie nicht weiter."


@pytest.fixture
def long_names():
    """A drawn and played series of seven players with long names from one long club:
    a table of four and one of three."""
    assert len(CLUB) == 55
    club = f.make_club(CLUB)
    tournament = f.make_tournament(rounds_per_series=1, club=club)
    people = f.make_participants(tournament, len(LONG_NAMES), club=club)
    for person, (first, last) in zip(people, LONG_NAMES, strict=True):
        Player.objects.filter(pk=person.player_id).update(first_name=first, last_name=last)
    series = f.make_series(tournament)
    draw.draw_series(series, seed=3)
    for table in Table.objects.filter(series=series):
        f.play_out(table)
    return series


def whole_text(response) -> str:
    """The PDF's text with every line break and run of spaces as one space."""
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return f.pdf_words(content)


def documents(series) -> dict[str, str]:
    tournament = series.tournament
    table = series.tables.order_by("number").first()
    return {
        "start cards": f"{API}tournaments/{tournament.id}/start-cards.pdf",
        "start cards of the series": f"{API}series/{series.id}/start-cards.pdf",
        "table cards": f"{API}series/{series.id}/table-cards.pdf",
        "one table card": f"{API}tables/{table.id}/table-card.pdf",
        "table plan": f"{API}series/{series.id}/table-plan.pdf",
        "table plan with codes": f"{API}series/{series.id}/table-plan-codes.pdf",
        "game list": f"{API}tables/{table.id}/list.pdf",
        "series ranking": f"{API}series/{series.id}/ranking.pdf",
        "tournament ranking": f"{API}tournaments/{tournament.id}/ranking.pdf",
    }


@pytest.mark.parametrize(
    "document",
    [
        "start cards",
        "start cards of the series",
        "table cards",
        "table plan",
        "table plan with codes",
        "series ranking",
        "tournament ranking",
    ],
)
def test_pdfs_print_every_long_name_whole(director_client, long_names, document):
    text = whole_text(director_client.get(documents(long_names)[document]))

    for first, last in LONG_NAMES:
        assert f"{first} {last}" in text, (document, first, last)


@pytest.mark.parametrize("document", ["table plan", "table plan with codes"])
def test_table_plans_print_each_name_whole_at_the_table_and_in_the_finder(
    director_client, long_names, document
):
    text = whole_text(director_client.get(documents(long_names)[document]))

    for first, last in LONG_NAMES:
        assert text.count(f"{first} {last}") == 2, (document, first, last)


@pytest.mark.parametrize(
    "document", ["start cards", "start cards of the series", "series ranking", "game list"]
)
def test_pdfs_print_the_long_club_whole(director_client, long_names, document):
    text = whole_text(director_client.get(documents(long_names)[document]))

    assert CLUB in text
    assert f"{CLUB[:-5]} ." not in text


def test_every_start_card_keeps_its_whole_note(director_client, long_names):
    text = whole_text(director_client.get(documents(long_names)["start cards"]))

    assert text.count(START_CARD_NOTE) == len(LONG_NAMES)
    assert "nich." not in text


def test_a_table_card_prints_the_names_of_its_table_whole(director_client, long_names):
    table = long_names.tables.order_by("number").first()
    names = table.seats.values_list(
        "participant__player__first_name", "participant__player__last_name"
    )

    text = whole_text(director_client.get(documents(long_names)["one table card"]))

    assert len(names) >= 3
    for first, last in names:
        assert f"{first} {last}" in text


def test_a_table_card_without_a_code_says_so_whole(director_client, long_names):
    table = long_names.tables.order_by("number").first()
    Table.objects.filter(pk=table.pk).update(access_code="")

    text = whole_text(director_client.get(documents(long_names)["one table card"]))

    assert "Noch kein Code: auf der Seite des Tisches in der Turnierleitung ausgeben." in text


def test_the_game_list_prints_each_players_whole_name(director_client, long_names):
    table = long_names.tables.order_by("number").first()
    seats = table.seats.values_list(
        "number", "participant__player__first_name", "participant__player__last_name"
    )

    text = whole_text(director_client.get(documents(long_names)["game list"]))

    for seat, first, last in seats:
        # the header, the settlement and the signatures; the column of the seat's Stand
        assert text.count(f"{first} {last}") == 3, (first, last)
        assert f"Platz {seat} {last} Stand" in text
    declarers = table.games.values_list("declarer_seat", "declarer__player__last_name")
    assert declarers
    for seat, last in declarers:
        assert f" {seat} {last} " in text
