"""``/tisch/<id>/stand/``: the list's state an open table device polls (issue 47, item 2).

While nothing changed the poll is answered 304 in a few queries; another device's game,
a seat change, a game on list B or a two-list difference give a new state with the
page's parts; a device without a valid code gets 403.
"""

import pytest

from tests import factories as f
from tournaments.services import seating, table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
CLUBS_WON = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "won": True}


@pytest.fixture
def table(db):
    return f.make_seated_table(players=4, rounds_per_series=2)


def poll(client, table, etag=""):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(f"/tisch/{table.pk}/stand/", headers=headers)


def test_the_state_and_the_parts_of_the_page(device_client, table):
    f.enter(table, **CLUBS_WON)

    answer = poll(device_client, table)

    assert answer.status_code == 200
    body = answer.json()
    assert (body["state"]["nextNumber"], body["state"]["status"]) == (2, "open")
    assert 'data-testid="game-row-1"' in body["parts"]["game-list"]
    assert 'data-number="2"' in body["parts"]["table-status"]
    assert "differences-area" not in body["parts"]  # one list per table here


def test_nothing_changed_is_a_304_without_reading_the_list(
    device_client, table, django_assert_max_num_queries
):
    etag = poll(device_client, table)["ETag"]

    with django_assert_max_num_queries(4):
        again = poll(device_client, table, etag)

    assert again.status_code == 304
    assert again.content == b""


@pytest.mark.parametrize("change", ["game", "leave", "undo"])
def test_every_change_of_the_list_gives_a_new_state(device_client, table, change):
    f.enter(table, **CLUBS_WON)
    for seat in (3, 4, 1):
        f.enter(table, declarer_seat=seat, game="spades", matadors=1, won=True)
    first = poll(device_client, table)

    if change == "game":
        f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    elif change == "leave":
        seating.leave_table(table, 3, 4)
    else:
        from tournaments.services.lists import listkeeping

        listkeeping.delete_game(table, 4)
    answer = poll(device_client, table, first["ETag"])

    assert answer.status_code == 200
    assert answer["ETag"] != first["ETag"]
    state = answer.json()["state"]
    assert state["version"] > first.json()["state"]["version"]
    assert poll(device_client, table, answer["ETag"]).status_code == 304
    if change == "leave":
        assert [p["seat"] for p in state["present"]] == [1, 2, 4]
        assert not any(p["sits_out"] for p in state["present"])


def test_a_game_on_list_b_and_a_difference_give_a_new_state(client):
    table = f.make_two_list_table(players=3, rounds_per_series=2)
    f.enter(table, **CLUBS_WON)
    client.post("/tisch/", {"code": table_access.ensure_code(table)})
    first = poll(client, table)

    f.enter_b(table, **{**CLUBS_WON, "won": False})
    answer = poll(client, table, first["ETag"])

    assert answer.status_code == 200
    assert answer.json()["state"]["differences"] == [1]
    assert "differences-area" in answer.json()["parts"]


def test_another_tables_game_is_still_a_304(device_client, table, django_assert_max_num_queries):
    other = f.make_table(table.series, f.make_participants(table.series.tournament, 3))
    first = poll(device_client, table)
    f.enter(other, declarer_seat=1, game="grand", matadors=1, won=True)

    with django_assert_max_num_queries(4):
        again = poll(device_client, table, first["ETag"])

    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]


def test_a_reissued_code_is_refused(device_client, table):
    table_access.issue_code(table)

    assert poll(device_client, table).status_code == 403
