"""Two lists per table through the API (docs/api.md 8): the second code keeps list B, every
single-field difference on a 48-game list is found and refuses signing, the director
settles by the court's rule or by choice, a device takes the other version."""

import pytest

from tests import factories as f
from tests.api.conftest import send
from tournaments.models import AuditEntry, Table
from tournaments.services import table_access
from tournaments.services.seating import table_rounds
from tournaments.skat.rounds import deal_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache", "english")]

KREUZ = {"game": "clubs", "matadors": 2, "won": True}
HAND = {**KREUZ, "hand": True}
SCHNEIDER = {**HAND, "schneider": True}
ANGESAGT = {**SCHNEIDER, "schneider_announced": True}
SCHWARZ = {**ANGESAGT, "schwarz": True}
SCHWARZ_ANGESAGT = {**SCHWARZ, "schwarz_announced": True}
# Each field a list keeper enters, with list A's and list B's entry of one game that differ
# in that field alone (the declarer is put in by ``declarer_of``).
SINGLE_FIELD_DIFFERENCES = {
    "declarer_seat": (KREUZ, {**KREUZ, "declarer_seat": "other"}),
    "game": (KREUZ, {**KREUZ, "game": "spades"}),
    "matadors": (KREUZ, {**KREUZ, "matadors": 3}),
    "with_matadors": (KREUZ, {**KREUZ, "with_matadors": False}),
    "hand": (KREUZ, HAND),
    "schneider_announced": (SCHNEIDER, ANGESAGT),
    "schwarz_announced": (SCHWARZ, SCHWARZ_ANGESAGT),
    "ouvert": (SCHWARZ_ANGESAGT, {**SCHWARZ_ANGESAGT, "ouvert": True}),
    "schneider": ({**KREUZ}, {**KREUZ, "schneider": True}),
    "schwarz": ({**KREUZ, "schneider": True}, {**KREUZ, "schneider": True, "schwarz": True}),
    "won": (KREUZ, {**KREUZ, "won": False}),
    "bid": ({**KREUZ, "bid": 18}, {**KREUZ, "bid": 20}),
    "passed": (KREUZ, {"passed": True}),
    "null": ({"game": "null", "won": True}, {"game": "null", "won": False}),
}


def two_list_table(players=4, rounds=12):
    """A table of a tournament keeping two lists, with both codes issued."""
    table = f.make_two_list_table(players=players, rounds_per_series=rounds)
    code_a = table_access.issue_code(table)
    code_b = table_access.issue_code(table, kept_list="B")
    return table, code_a, code_b


def declarer_of(table, number, other=False) -> int:
    """A seat that plays game ``number`` (not the dealer at a 4-table); ``other``: another."""
    deal = deal_of(number, table_rounds(table))
    active = list(deal.active)
    return active[1] if other else active[0]


def entry(table, number, game) -> dict:
    if game.get("passed"):
        return {"passed": True}
    declarer = declarer_of(table, number, other=game.get("declarer_seat") == "other")
    return {**game, "declarer_seat": declarer}


def enter(client, table, code, game, number=None, **extra):
    body = entry(table, number, game)
    if number is not None:
        body["number"] = number
    return send(client, "post", f"tables/{table.id}/games/", body, HTTP_X_TABLE_CODE=code, **extra)


def sign(client, table, code):
    seat = table.seats.order_by("number").first()
    body = {"seat": seat.number, "image": f.png_data_url()}
    return send(client, "post", f"tables/{table.id}/signatures/", body, HTTP_X_TABLE_CODE=code)


def test_the_tournament_says_how_many_lists_and_the_director_issues_list_bs_code(client):
    table = f.make_two_list_table(players=3)
    client.force_login(f.make_staff_user())

    tournament = send(client, "get", f"tournaments/{table.series.tournament_id}/").json()
    answer = send(client, "post", f"tables/{table.id}/code/", {"list": "B"})

    assert tournament["lists_per_table"] == 2
    assert answer.status_code == 201
    assert answer.json()["list"] == "B"
    table.refresh_from_db()
    assert table_access.normalize_code(answer.json()["code"]) == table.second_code
    assert table.second_code != table.access_code


def test_a_second_code_is_refused_where_one_list_is_kept(client):
    table = f.make_seated_table(players=3)
    client.force_login(f.make_staff_user())

    answer = send(client, "post", f"tables/{table.id}/code/", {"list": "B"})

    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "one_list_only"


def test_a_device_cannot_issue_codes(client):
    table, code_a, _ = two_list_table(players=3, rounds=1)

    answer = send(
        client, "post", f"tables/{table.id}/code/", {"list": "B"}, HTTP_X_TABLE_CODE=code_a
    )

    assert answer.status_code in (401, 403)
    assert table_access.list_of_code(table, table_access.normalize_code(code_a)) == "A"


def test_list_bs_code_writes_list_b_only(client):
    table, _, code_b = two_list_table(players=3, rounds=1)

    answer = enter(client, table, code_b, KREUZ, number=1)

    assert answer.status_code == 201, answer.json()
    assert (answer.json()["number"], answer.json()["score"]) == (1, 36)
    assert "list_points" not in answer.json()
    assert (table.games.count(), table.second_games.count()) == (0, 1)
    entered = AuditEntry.objects.get(table=table, action="second_game_entered")
    assert entered.actor == f"table code T{table.number} B"
    listed = send(client, "get", f"tables/{table.id}/games/?list=B").json()
    assert [game["number"] for game in listed] == [1]


def play(client, table, codes, games: dict[int, tuple]):
    """Enter every game of the list on both devices: ``games`` maps a number to (A, B)."""
    for number in range(1, len(games) + 1):
        game_a, game_b = games[number]
        for code, game in ((codes[0], game_a), (codes[1], game_b)):
            answer = enter(client, table, code, game, number=number)
            assert answer.status_code == 201, (number, answer.json())


@pytest.mark.parametrize("field", SINGLE_FIELD_DIFFERENCES)
def test_every_single_field_difference_on_a_48_game_list_is_caught_before_signing(client, field):
    table, code_a, code_b = two_list_table()
    game_a, game_b = SINGLE_FIELD_DIFFERENCES[field]
    differing = 1 + list(SINGLE_FIELD_DIFFERENCES).index(field) * 3  # 1, 4, … 40
    games = {n: (KREUZ, KREUZ) for n in range(1, 49)}
    games[differing] = (game_a, game_b)

    play(client, table, (code_a, code_b), games)

    found = send(client, "get", f"tables/{table.id}/differences/").json()
    assert [d["number"] for d in found["open"]] == [differing]
    assert field.replace("null", "won") in found["open"][0]["fields"]
    overview = send(client, "get", f"tables/{table.id}/").json()
    assert overview["games_entered"] == 48
    assert overview["lists"]["open_differences"] == [differing]
    assert overview["lists"]["agreed_games"] == 47
    refused = sign(client, table, code_a)
    assert refused.status_code == 409
    error = refused.json()["errors"][0]
    assert error["code"] == "lists_differ"
    assert f"game {differing}." in error["message"]
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_lists_that_agree_are_signed(client):
    table, code_a, code_b = two_list_table(players=3, rounds=1)
    play(client, table, (code_a, code_b), {n: (KREUZ, KREUZ) for n in range(1, 4)})

    answer = sign(client, table, code_b)

    assert answer.status_code == 201, answer.json()
    assert send(client, "get", f"tables/{table.id}/differences/").json()["open"] == []


def differing_table(client, game_b):
    table, code_a, code_b = two_list_table(players=3, rounds=1)
    play(
        client, table, (code_a, code_b), {1: (KREUZ, game_b), 2: (KREUZ, KREUZ), 3: (KREUZ, KREUZ)}
    )
    return table, code_a, code_b


def settle(client, table, take, reason="Schiedsrichter gefragt"):
    return send(
        client,
        "post",
        f"tables/{table.id}/differences/1/settle/",
        {"take": take, "reason": reason},
    )


def test_the_courts_rule_with_the_same_declarer_takes_the_lower_result(client):
    table, _, _ = differing_table(client, {**KREUZ, "won": False})
    client.force_login(f.make_staff_user())

    answer = settle(client, table, "rule")

    assert answer.status_code == 200, answer.json()
    (settled,) = answer.json()["settled"]
    assert (settled["settled_how"], settled["result"]["score"]) == ("rule", -72)
    assert (settled["a"]["score"], settled["b"]["score"]) == (36, -72)
    assert send(client, "get", f"tables/{table.id}/games/1/").json()["score"] == -72


def test_the_courts_rule_with_different_declarers_counts_the_game_as_passed(client):
    table, _, _ = differing_table(client, {**KREUZ, "declarer_seat": "other"})
    client.force_login(f.make_staff_user())

    answer = settle(client, table, "rule")

    assert answer.json()["settled"][0]["result"]["passed"] is True
    game = send(client, "get", f"tables/{table.id}/games/1/").json()
    assert (game["passed"], game["list_points"]) == (True, {"1": 0, "2": 0, "3": 0})


def test_the_director_chooses_list_b_with_a_reason(client):
    table, code_a, _ = differing_table(client, {**KREUZ, "matadors": 3})
    client.force_login(f.make_staff_user())

    no_reason = settle(client, table, "b", reason="")
    wrong_take = settle(client, table, "c")
    chosen = settle(client, table, "b")

    assert (no_reason.status_code, no_reason.json()["errors"][0]["field"]) == (400, "reason")
    assert (wrong_take.status_code, wrong_take.json()["errors"][0]["field"]) == (400, "take")
    assert chosen.json()["settled"][0]["settled_how"] == "director_b"
    assert send(client, "get", f"tables/{table.id}/games/1/").json()["matadors"] == 3
    client.logout()
    assert sign(client, table, code_a).status_code == 201


def test_a_device_cannot_settle_but_takes_the_other_version(client):
    table, code_a, code_b = differing_table(client, {**KREUZ, "won": False})
    path = f"tables/{table.id}/differences/1/"
    revision = send(client, "get", f"tables/{table.id}/differences/").json()["open"][0]["revision"]

    settled_by_device = send(
        client, "post", path + "settle/", {"take": "a", "reason": "x"}, HTTP_X_TABLE_CODE=code_a
    )
    taken = send(client, "post", path + "take/", {"revision": revision}, HTTP_X_TABLE_CODE=code_b)

    assert settled_by_device.status_code in (401, 403)
    assert taken.status_code == 200, taken.json()
    assert taken.json()["settled"][0]["settled_how"] == "took_a"
    listed = send(client, "get", f"tables/{table.id}/games/?list=B").json()
    assert listed[0]["won"] is True
    assert sign(client, table, code_a).status_code == 201


def test_a_wrong_code_takes_nothing(client):
    table, _, _ = differing_table(client, {**KREUZ, "won": False})

    answer = send(
        client,
        "post",
        f"tables/{table.id}/differences/1/take/",
        {},
        HTTP_X_TABLE_CODE="ZZZZZ-ZZZZZ",
    )

    assert answer.status_code == 403
    assert send(client, "get", f"tables/{table.id}/differences/").json()["open"][0]["number"] == 1


def test_list_bs_raw_entries_are_exported_for_an_appeal(client):
    table, _, _ = differing_table(client, {**KREUZ, "won": False})

    answer = client.get(f"/api/v1/tables/{table.id}/second-list.csv")

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    lines = answer.content.decode("utf-8-sig").splitlines()
    assert len(lines) == 1 + 3
    assert lines[0].startswith("Game;Dealer;Passed in;Declarer")
    assert ";clubs;" in lines[1] and "-72" in lines[1].replace("−", "-")
    assert "List-B" in answer["Content-Disposition"]


def test_games_list_b_queued_offline_are_compared_when_they_arrive(client):
    """List B's device was offline for games 1–6 while list A was kept online: the queued
    games arrive in a burst, each with its number and an Idempotency-Key, and the one that
    differs is found the moment it arrives; a resent game is answered as stored."""
    table, code_a, code_b = two_list_table(players=4, rounds=2)
    for number in range(1, 7):
        assert enter(client, table, code_a, KREUZ, number=number).status_code == 201
    assert send(client, "get", f"tables/{table.id}/differences/").json()["open"] == []

    for number in range(1, 7):
        game = {**KREUZ, "won": False} if number == 4 else KREUZ
        answer = enter(
            client, table, code_b, game, number=number, HTTP_IDEMPOTENCY_KEY=f"b-{number}"
        )
        assert answer.status_code == 201, answer.json()
        found = send(client, "get", f"tables/{table.id}/differences/").json()["open"]
        assert [d["number"] for d in found] == ([4] if number >= 4 else [])
    again = enter(client, table, code_b, KREUZ, number=6, HTTP_IDEMPOTENCY_KEY="b-6")

    assert again.status_code == 201
    assert again.json()["number"] == 6
    assert table.second_games.count() == 6
    overview = send(client, "get", f"tables/{table.id}/").json()["lists"]
    del overview["list_a_settlement"]
    assert overview == {
        "lists_per_table": 2,
        "second_list_games": 6,
        "open_differences": [4],
        "agreed_games": 5,
    }


def test_list_a_arriving_late_is_compared_too(client):
    table, code_a, code_b = two_list_table(players=3, rounds=1)
    for number in range(1, 4):
        enter(client, table, code_b, KREUZ, number=number)

    enter(client, table, code_a, {**KREUZ, "matadors": 3}, number=1)

    (found,) = send(client, "get", f"tables/{table.id}/differences/").json()["open"]
    assert (found["number"], found["fields"]) == (1, ["matadors", "score"])


def test_the_tables_settlement_in_the_api_counts_only_the_agreed_games(client):
    table, _, _ = differing_table(client, {**KREUZ, "won": False})

    def game_points(key=None):
        overview = send(client, "get", f"tables/{table.id}/").json()
        lines = overview["lists"][key] if key else overview["settlement"]
        return sum(line["game_points"] for line in lines)

    open_then = (game_points(), game_points("list_a_settlement"))
    series = send(client, "get", f"series/{table.series_id}/tables/").json()
    client.force_login(f.make_staff_user())
    settle(client, table, "rule")

    # Kreuz mit 2 won is 36: games 2 and 3 agree, game 1 (36 on list A, -72 on list B)
    # is open and left out until the court's rule makes it -72 on both lists.
    assert open_then == (72, 108)
    assert sum(line["game_points"] for line in series[0]["settlement"]) == 72
    assert (game_points(), game_points("list_a_settlement")) == (0, 0)
