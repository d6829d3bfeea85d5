"""The list's state in the answers a table device gets (issue 47, item 1).

A save, an undo and a correction asked with ``?state=1`` answer the list's state after
them: the next game, its dealer and who sits out, every player's total, the seats; a
clash answers the server's version of the game too. Without ``?state=1`` the answers are
what they were.
"""

import pytest

from tests import factories as f
from tests.api.conftest import send
from tournaments.models import Game
from tournaments.services import table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
CLUBS_WON = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "won": True}


def device(client, method, table, code, path="games/", body=None, key=None):
    extra = {"HTTP_X_TABLE_CODE": code}
    if key:
        extra["HTTP_IDEMPOTENCY_KEY"] = key
    return send(client, method, f"tables/{table.id}/{path}?state=1", body, **extra)


def test_a_save_answers_the_state_after_it(client):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    code = table_access.issue_code(table)
    people = {s.number: str(s.participant_id) for s in table.seats.all()}

    answer = device(client, "post", table, code, body={**CLUBS_WON, "number": 1}, key="k1")

    assert answer.status_code == 201
    state = answer.json()["state"]
    assert answer.json()["number"] == 1
    assert (state["nextNumber"], state["lastNumber"], state["status"]) == (2, 1, "open")
    assert state["deals"][0]["number"] == 2
    # Kreuz mit 2 won: 3 × 12 + 50 = 86 for seat 2 (this scheme pays the others nothing).
    assert state["totals"] == {people[1]: 0, people[2]: 86, people[3]: 0, people[4]: 0}
    dealer = state["deals"][0]["dealer"]
    assert [(p["seat"], p["sits_out"]) for p in state["present"]] == [
        (seat, seat == dealer) for seat in (1, 2, 3, 4)
    ]
    assert sum(p["sits_out"] for p in state["present"]) == 1


def test_a_replayed_save_answers_the_state_of_now(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    device(client, "post", table, code, body={**CLUBS_WON, "number": 1}, key="k1")
    f.enter(table, declarer_seat=1, game="grand", matadors=1, won=True)

    again = device(client, "post", table, code, body={**CLUBS_WON, "number": 1}, key="k1")

    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["state"]["nextNumber"] == 3


def test_a_clash_answers_the_servers_game_and_the_state(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter(table, declarer_seat=1, game="grand", matadors=1, won=False)

    answer = device(client, "post", table, code, body={**CLUBS_WON, "number": 1}, key="k1")

    assert answer.status_code == 409
    body = answer.json()
    assert body["errors"][0]["code"] == "game_exists"
    assert (body["stored"]["number"], body["stored"]["game"], body["stored"]["won"]) == (
        1,
        "grand",
        False,
    )
    assert body["state"]["nextNumber"] == 2


def test_an_undo_and_a_correction_answer_the_state(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter(table, **CLUBS_WON)
    f.enter(table, declarer_seat=3, game="spades", matadors=1, won=True)
    seat2 = str(table.seats.get(number=2).participant_id)

    corrected = device(client, "put", table, code, "games/1/", {**CLUBS_WON, "won": False})
    undone = device(client, "delete", table, code, "games/2/")

    assert corrected.status_code == 200
    assert corrected.json()["won"] is False
    assert corrected.json()["state"]["totals"][seat2] == -72 - 50
    assert undone.status_code == 200
    assert undone.json()["state"]["nextNumber"] == 2
    assert list(Game.objects.filter(table=table).values_list("number", flat=True)) == [1]


def test_without_asking_the_answers_carry_no_state(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)

    saved = send(client, "post", f"tables/{table.id}/games/", {**CLUBS_WON}, HTTP_X_TABLE_CODE=code)
    undone = send(client, "delete", f"tables/{table.id}/games/1/", HTTP_X_TABLE_CODE=code)

    assert saved.status_code == 201
    assert "state" not in saved.json()
    assert undone.status_code == 204


def _play_list_through_the_device(
    client, table, code, games: int, kept_list: str = "A"
) -> list[tuple[dict, dict]]:
    """(carried state, state read afterwards) of each of ``games`` device saves on the
    list ``code`` keeps (``kept_list``)."""
    from tournaments.services.lists.table_device import list_state
    from tournaments.skat.rounds import deal_of

    pairs = []
    for number in range(1, games + 1):
        seats = list(table.seats.all())
        from tournaments.services.seating import table_rounds

        deal = deal_of(number, table_rounds(table, seats))
        body = {"number": number, "declarer_seat": deal.active[number % 3], "game": "grand"}
        body |= {"matadors": 1 + number % 2, "won": number % 4 != 0}
        answer = device(client, "post", table, code, body=body, key=f"k{number}")
        assert answer.status_code == 201, answer.json()
        table.refresh_from_db()
        pairs.append((answer.json()["state"], list_state(table, kept_list)))
    return pairs


@pytest.mark.parametrize("players", [3, 4])
def test_the_state_an_entry_carries_is_the_state_read_after_it(client, players):
    """The state is made from what the entry read under the table's lock (its seats, its
    number), not read again: game by game, to the list's end, it equals the state a device
    loading the page afterwards gets — totals, the next deal, who sits out, the status."""
    table = f.make_seated_table(players=players, rounds_per_series=2)
    code = table_access.issue_code(table)
    games = table.seats.count() * 2

    pairs = _play_list_through_the_device(client, table, code, games)

    assert [carried for carried, _ in pairs] == [read for _, read in pairs]
    assert pairs[-1][0]["status"] == "complete"
    assert pairs[-1][0]["nextNumber"] is None


def test_the_state_list_b_carries_is_the_state_read_after_it(client):
    """List B's device, game by game to the list's end, a difference on the way: its
    carried state equals the state of list B read afterwards."""
    table = f.make_two_list_table(players=4, rounds_per_series=2)
    code_b = table_access.issue_code(table, kept_list="B")
    f.enter(table, passed=True)  # list A's game 1 differs from list B's below

    pairs = _play_list_through_the_device(client, table, code_b, 8, kept_list="B")

    assert [carried for carried, _ in pairs] == [read for _, read in pairs]
    assert pairs[0][0]["keptList"] == "B"
    assert pairs[0][0]["differences"] == [1]
    assert pairs[-1][0]["status"] == "complete"


def test_the_state_after_an_entry_knows_a_player_who_left_and_the_two_lists(client):
    """A 4-table whose seat 4 leaves after the first round, in a tournament keeping two
    lists: the carried state names the seats' change and the open differences as the
    state read afterwards does."""
    from tournaments.services import seating
    from tournaments.services.lists.table_device import list_state

    table = f.make_two_list_table(players=4, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter_b(table, passed=True)  # list B's game 1 differs from list A's game 1 below
    seating.leave_table(table, 4, 4)

    carried = [state for state, _ in _play_list_through_the_device(client, table, code, 6)]

    table.refresh_from_db()
    assert carried[-1] == list_state(table)
    assert carried[0]["differences"] == [1]
    assert [s["until_game"] for s in carried[-1]["seats"] if s["seat"] == 4] == [4]
    assert carried[-1]["deals"][0]["table_size"] == 3
