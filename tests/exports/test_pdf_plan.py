"""Table plan and start card PDFs: who sits where, PINs only for directors, codes only on
the director's plan."""

import io

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import Seat
from tournaments.services import table_access

pytestmark = pytest.mark.django_db

API = "/api/v1/"


def pdf_pages(response) -> list[str]:
    assert response["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


@pytest.fixture
def drawn_series(db):
    """Series 1 of a tournament with 7 players: table 1 of four, table 2 of three."""
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, 7)
    series = f.make_series(tournament)
    f.make_table(series, people[:4], number=1)
    f.make_table(series, people[4:], number=2)
    return series


def test_table_plan_pdf_shows_every_table_with_names_and_start_numbers(client, drawn_series):
    seats = Seat.objects.filter(series=drawn_series).select_related("participant__player")

    response = client.get(f"{API}series/{drawn_series.id}/table-plan.pdf")

    assert response.status_code == 200
    assert "_Serie-1_Tischplan.pdf" in response["Content-Disposition"]
    text = "\n".join(pdf_pages(response))
    assert "Tisch 1" in text and "Tisch 2" in text
    for seat in seats:
        assert seat.participant.player.full_name in text
    lines = text.splitlines()
    first = seats.get(table__number=2, number=1).participant
    assert lines[lines.index(first.player.full_name) - 1] == str(first.start_number)


def test_public_table_plan_never_prints_the_table_codes(client, drawn_series):
    codes = [table_access.issue_code(table) for table in drawn_series.tables.all()]

    text = "\n".join(pdf_pages(client.get(f"{API}series/{drawn_series.id}/table-plan.pdf")))

    for code in codes:
        assert code not in text
        assert table_access.format_code(code) not in text


def test_director_table_plan_prints_each_tables_code(director_client, drawn_series):
    table = drawn_series.tables.get(number=1)
    code = table_access.issue_code(table)

    response = director_client.get(f"{API}series/{drawn_series.id}/table-plan-codes.pdf")

    assert response.status_code == 200
    text = "\n".join(pdf_pages(response))
    assert table_access.format_code(code) in text
    assert response["Cache-Control"] == "no-store"


def test_table_plan_of_many_tables_runs_over_pages_with_everyone(client):
    tournament = f.make_played_tournament(players=48, series=1)
    series = tournament.series.get()

    pages = pdf_pages(client.get(f"{API}series/{series.id}/table-plan.pdf"))

    assert len(pages) > 1
    text = "\n".join(pages)
    assert "Tisch 12" in text
    names = Seat.objects.filter(series=series).values_list(
        "participant__player__last_name", flat=True
    )
    assert all(text.count(name) >= 2 for name in names)  # at the table and in the finder


def test_table_plan_of_a_series_not_drawn_says_so(client):
    series = f.make_series(f.make_tournament())

    (page,) = pdf_pages(client.get(f"{API}series/{series.id}/table-plan.pdf"))

    assert "noch nicht ausgelost" in page


def test_start_cards_show_name_start_number_pin_and_tables(director_client, drawn_series):
    tournament = drawn_series.tournament
    participant = tournament.participants.get(start_number=5)

    response = director_client.get(f"{API}tournaments/{tournament.id}/start-cards.pdf")

    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    (page,) = pdf_pages(response)
    card = page[page.index(participant.player.full_name) :]
    card = card[: card.index("PIN") + 10]
    assert "Serie 1:" in card and "Tisch 2" in card
    assert participant.pin in card
    for other in tournament.participants.all():
        assert other.pin in page


def test_start_cards_fit_eight_on_a_page(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 9)

    pages = pdf_pages(director_client.get(f"{API}tournaments/{tournament.id}/start-cards.pdf"))

    assert len(pages) == 2
    assert sum(page.count("PIN") for page in pages) == 9


def test_series_start_cards_are_for_the_players_of_that_series(director_client, drawn_series):
    tournament = drawn_series.tournament
    (late,) = f.make_participants(tournament, 1)

    response = director_client.get(f"{API}series/{drawn_series.id}/start-cards.pdf")

    text = "\n".join(pdf_pages(response))
    assert late.player.full_name not in text
    assert text.count("PIN") == 7


def test_start_cards_leave_out_withdrawn_players(director_client, drawn_series):
    tournament = drawn_series.tournament
    (gone,) = f.make_participants(tournament, 1)
    gone.withdrawn = True
    gone.save()

    text = "\n".join(
        pdf_pages(director_client.get(f"{API}tournaments/{tournament.id}/start-cards.pdf"))
    )

    assert gone.player.full_name not in text


@pytest.mark.parametrize(
    "path",
    [
        "series/{series}/start-cards.pdf",
        "tournaments/{tournament}/start-cards.pdf",
        "series/{series}/table-plan-codes.pdf",
    ],
)
def test_pins_and_codes_are_for_directors_only(client, drawn_series, path):
    url = API + path.format(series=drawn_series.id, tournament=drawn_series.tournament_id)
    client.force_login(f.make_staff_user())
    client.logout()
    player_user = f.make_staff_user()
    player_user.is_staff = False
    player_user.save()

    anonymous = client.get(url)
    client.force_login(player_user)
    not_staff = client.get(url)

    assert anonymous.status_code in (401, 403)
    assert not_staff.status_code == 403
    assert "errors" in not_staff.json()
    assert drawn_series.tournament.participants.first().pin.encode() not in not_staff.content


@pytest.mark.parametrize(
    "path",
    ["series/{missing}/start-cards.pdf", "tournaments/{missing}/start-cards.pdf"],
)
def test_start_cards_of_an_unknown_id_give_404(director_client, path):
    missing = f.make_tournament().id + 1000

    response = director_client.get(API + path.format(missing=missing))

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize("players", [4, 12])
def test_plan_and_cards_take_constant_queries(director_client, django_assert_num_queries, players):
    tournament = f.make_played_tournament(players=players, series=1)
    series = tournament.series.get()

    # 10: one asks the apps' results rules (services/result_access.py; the league's looks
    # up a venue).
    with django_assert_num_queries(10):
        plan = director_client.get(f"{API}series/{series.id}/table-plan.pdf")
    # 8: one reads the tournament whose directors may see the PINs (services/roles.py), one
    # asks the apps' results rules, one the results portal the cards name
    # (services/public_address.py), once for all cards.
    with django_assert_num_queries(8):
        cards = director_client.get(f"{API}tournaments/{tournament.id}/start-cards.pdf")

    assert b"".join(plan.streaming_content if plan.streaming else [plan.content])[:5] == b"%PDF-"
    assert cards.content[:5] == b"%PDF-"
