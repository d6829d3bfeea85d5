"""The director and the two lists of a table: list B's code, settling a difference by the
court's rule or by choice with a reason, the dashboard naming tables whose lists differ."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
KREUZ_WON = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "won": True}
KREUZ_LOST = {**KREUZ_WON, "won": False}
PIK_SEAT_3 = {"declarer_seat": 3, "game": "spades", "matadors": 1, "won": True}


def differing_table(game_b=KREUZ_LOST):
    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **game_b)
    return table


def page(client, table):
    return f.page_text(client.get(f"/leitung/tische/{table.id}/"))


def settle(client, table, take, reason="Schiedsrichter gefragt"):
    return client.post(
        f"/leitung/tische/{table.id}/unterschied/1/entscheiden/", {"take": take, "reason": reason}
    )


def test_the_table_page_shows_both_versions_and_what_the_rule_would_decide(director_client):
    table = differing_table()

    text = page(director_client, table)

    assert "The lists differ in 1 game." in text
    assert "List A: Seat 2: Clubs with 2, won, +36" in text or "List A: " in text
    assert "won, +36" in text and "lost, −72" in text
    assert "The court's rule counts list B's version (the lower result)." in text


def test_the_courts_rule_in_one_tap_with_the_same_declarer(director_client):
    table = differing_table()

    response = settle(director_client, table, "rule")

    assert response.status_code == 302
    assert table.games.get(number=1).score == -72
    text = page(director_client, table)
    assert "The difference in game 1 of table 1 is settled." in text
    assert "No open difference" in text
    assert "the director applied the court's rule: Schiedsrichter gefragt" in text
    entry = AuditEntry.objects.get(action="difference_settled")
    assert (entry.before["a"]["score"], entry.before["b"]["score"]) == (36, -72)


def test_the_courts_rule_with_different_declarers_passes_the_game(director_client):
    table = differing_table(PIK_SEAT_3)
    assert "counts the game as passed in" in page(director_client, table)

    settle(director_client, table, "rule")

    assert table.games.get(number=1).passed
    assert table.second_games.get(number=1).passed


def test_choosing_a_version_needs_a_reason(director_client):
    table = differing_table()

    refused = settle(director_client, table, "a", reason="")
    text = f.page_text(director_client.get(refused["Location"]))
    chosen = settle(director_client, table, "a")

    assert "reason" in text.lower()
    assert chosen.status_code == 302
    assert table.second_games.get(number=1).won is True
    assert "the director chose list A" in page(director_client, table)


def test_the_director_issues_list_bs_code(director_client):
    table = f.make_two_list_table(players=3)

    director_client.post(f"/leitung/tische/{table.id}/code-liste-b/")

    table.refresh_from_db()
    assert table.second_code
    assert "Code of list B (second device)" in page(director_client, table)


def test_the_dashboard_names_the_tables_whose_lists_differ(director_client):
    table = differing_table()

    text = f.page_text(director_client.get(f"/leitung/turniere/{table.series.tournament_id}/"))

    assert "tables whose two lists differ" in text
    assert "Series 1, table 1: the two lists differ in game 1." in text


def test_a_tournament_with_one_list_shows_nothing_of_a_second(director_client):
    table = f.make_seated_table(players=3)
    f.enter(table, **KREUZ_WON)

    text = page(director_client, table)

    assert "The two lists" not in text
    dashboard = f.page_text(director_client.get(f"/leitung/turniere/{table.series.tournament_id}/"))
    assert "two lists differ" not in dashboard


@pytest.mark.parametrize(("preset", "lists"), [("clubabend", 1), ("meisterschaft", 2)])
def test_the_presets_set_the_lists_per_table(director_client, preset, lists):
    response = director_client.get(f"/leitung/turniere/neu/?vorlage={preset}")

    assert response.context["form"].initial["lists_per_table"] == lists
    assert 'name="lists_per_table"' in response.content.decode()
