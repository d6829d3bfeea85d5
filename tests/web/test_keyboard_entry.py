"""Keyboard entry at /tisch/<id>/tastatur/: one line of notation per game, Enter saves."""

import json
import re

import pytest

from tests import factories as f
from tournaments.models import AuditEntry
from tournaments.services import seating, table_access
from tournaments.services.lists import listkeeping
from tournaments.skat.entry import check_entry
from tournaments.skat.notation import parse_game_line
from tournaments.web.table.keyboard import NOTATION_EXAMPLES, NOTATION_HELP

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def table(db):
    return f.make_seated_table(players=4, rounds_per_series=12)


def url(table, suffix="tastatur/"):
    return f"/tisch/{table.pk}/{suffix}"


def type_line(client, table, line, **extra):
    return client.post(url(table), {"line": line}, **extra)


def preview(client, table, line):
    response = client.post(url(table, "notation/preview/"), {"line": line})
    assert response.status_code == 200
    return response.json()


def test_keyboard_page_has_the_labelled_input_and_the_help(director_client, table):
    content = director_client.get(url(table)).content.decode()

    assert '<label for="notation-input"' in content
    assert re.search(r'<input type="text" id="notation-input"[^>]*autofocus', content)
    assert 'id="notation-help"' in content
    assert 'href="/tisch/notation/"' in content


def test_line_is_saved_without_javascript_and_the_page_comes_back_empty(director_client, table):
    response = type_line(director_client, table, "2 kr m2 h s +")

    assert response.status_code == 302
    game = table.games.get()
    assert (game.declarer_seat, game.game, game.matadors, game.hand) == (2, "clubs", 2, True)
    assert (game.schneider, game.won, game.score) == (True, True, 60)
    again = director_client.get(response["Location"]).content.decode()
    assert re.search(r'id="notation-input"[^>]*value=""', again)
    assert '<code class="notation-line">2 kr m2 h s +</code>' in again


def test_line_is_saved_with_json_and_the_fragments_come_back(director_client, table):
    response = type_line(director_client, table, "2 gr o1 -", **JSON)

    assert response.status_code == 201
    data = response.json()
    assert data["saved"] == 1
    assert data["next_number"] == 2
    assert 'data-testid="game-row-1"' in data["html"]["list"]
    assert 'data-number="2"' in data["html"]["status"]
    assert 'id="undo-link"' in data["html"]["undo"]
    assert data["preview"]["score"] == -96


def test_a_saved_line_is_checked_and_valued_once(director_client, table, monkeypatch):
    checked = []
    monkeypatch.setattr(
        listkeeping, "check_entry", lambda *a, **k: checked.append(a[0]) or check_entry(*a, **k)
    )

    data = type_line(director_client, table, "2 gr o1 -", **JSON).json()

    assert len(checked) == 1
    assert (data["saved"], data["preview"]["score"], data["preview"]["totals"]["2"]) == (
        1,
        -96,
        -146,
    )


def test_passed_line(director_client, table):
    type_line(director_client, table, "p")

    assert table.games.get().passed


def test_wrong_line_keeps_the_text_and_marks_the_token(director_client, table):
    response = type_line(director_client, table, "2 kx m2 +")

    assert response.status_code == 400
    content = response.content.decode()
    assert re.search(r'id="notation-input"[^>]*value="2 kx m2 \+"', content)
    assert '<mark class="token-bad">kx</mark>' in content
    assert re.search(r'id="notation-errors"[^>]*>\s*<li>[^<]*kx', content)
    assert not table.games.exists()


def test_wrong_line_with_json_names_the_token_and_its_position(director_client, table):
    response = type_line(director_client, table, "2 kr m2 +x", **JSON)

    assert response.status_code == 400
    data = response.json()
    assert data["ok"] is False and data["line"] == "2 kr m2 +x"
    bad = [token for token in data["tokens"] if token["bad"]]
    assert [(t["text"], t["start"], t["end"]) for t in bad] == [("+x", 8, 10)]
    assert data["errors"][0]["tokens"][0]["position"] == 4


def test_dealer_as_declarer_marks_the_seat_token(director_client, table):
    response = type_line(director_client, table, "1 kr m2 +", **JSON)

    assert response.status_code == 400
    data = response.json()
    assert data["errors"][0]["field"] == "declarer_seat"
    assert [t["text"] for t in data["tokens"] if t["bad"]] == ["1"]


def test_rules_problem_marks_the_tokens_behind_it(director_client, table):
    data = preview(director_client, table, "2 gr m5 +")

    assert data["ok"] is False
    assert [t["text"] for t in data["tokens"] if t["bad"]] == ["m5"]


def test_preview_of_a_valid_line_gives_value_summary_and_new_totals(director_client, table):
    f.enter(table, declarer_seat=2, game="hearts", matadors=1, won=True)

    data = preview(director_client, table, "3 kr o2 h -")

    assert data["ok"] is True
    assert data["canonical"] == "3 kr o2 h -"
    shown = data["preview"]
    assert (shown["number"], shown["game_value"], shown["score"]) == (2, 48, -96)
    assert shown["points"] == {"1": 30, "2": 30, "3": -146, "4": 30}
    assert shown["totals"] == {"1": 30, "2": 100, "3": -146, "4": 30}
    assert shown["summary"].startswith(("Game 2:", "Spiel 2:"))
    assert not table.games.filter(number=2).exists()


def test_preview_of_an_invalid_line_lists_every_problem(director_client, table):
    data = preview(director_client, table, "kr m2")

    assert data["ok"] is False
    codes = {error["message"] for error in data["errors"]}
    assert len(codes) == 2


def test_preview_of_an_empty_line(director_client, table):
    data = preview(director_client, table, "   ")

    assert data["ok"] is False
    assert data["tokens"] == []


def test_preview_does_not_save(director_client, table):
    preview(director_client, table, "2 kr m2 +")

    assert not table.games.exists()


def test_undo_from_the_keyboard_gives_the_line_back(director_client, table):
    type_line(director_client, table, "2 kr m2 h s +")
    type_line(director_client, table, "3 pi o1 -")
    last = table.games.get(number=2)

    response = director_client.post(
        url(table, "rueckgaengig/") + "?from=keyboard", {"number": "2"}, **JSON
    )

    data = response.json()
    assert data["ok"] is True and data["deleted"] == last.number
    assert data["line"] == "3 pi o1 -"
    assert 'data-testid="game-row-2"' not in data["html"]["list"]
    assert list(table.games.values_list("number", flat=True)) == [1]
    assert AuditEntry.objects.get(action="game_deleted").reason == "undo"


def test_undo_from_the_keyboard_without_javascript_fills_the_input(director_client, table):
    type_line(director_client, table, "3 pi o1 -")

    response = director_client.post(url(table, "rueckgaengig/") + "?from=keyboard", {"number": "1"})

    assert response.status_code == 302
    content = director_client.get(response["Location"]).content.decode()
    assert re.search(r'id="notation-input"[^>]*value="3 pi o1 -"', content)


def test_a_whole_series_typed_in_ends_with_the_list_complete(director_client, table):
    for _ in range(48):
        deal = seating.deal_for_next_game(table)
        line = "p" if deal.number % 5 == 0 else f"{deal.active[1]} he m1 +"
        assert type_line(director_client, table, line, **JSON).status_code == 201

    response = type_line(director_client, table, "2 kr m2 +", **JSON)
    content = director_client.get(url(table)).content.decode()

    assert table.games.count() == 48
    assert response.status_code == 409
    assert 'id="list-complete"' in content
    assert 'id="keyboard-form"' not in content


def test_device_with_code_types_too_and_is_audited_as_the_device(client, table):
    code = table_access.issue_code(table)
    client.post("/tisch/", {"code": code})

    response = type_line(client, table, "2 kr m2 +")

    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="game_entered")
    assert entry.actor == table_access.device_actor(table)


def test_read_only_list_refuses_lines(director_client, table):
    f.enter(table, passed=True)
    table.__class__.objects.filter(pk=table.pk).update(status="locked")

    response = type_line(director_client, table, "2 kr m2 +", **JSON)

    assert response.status_code == 409
    assert json.loads(response.content)["ok"] is False
    assert table.games.count() == 1


@pytest.mark.parametrize(("example", "meaning"), NOTATION_HELP + NOTATION_EXAMPLES)
def test_every_token_in_the_help_is_part_of_the_notation(example, meaning):
    words = [word for word in example.split() if word != "…"]
    tokens = parse_game_line(" ".join(words)).tokens

    assert tokens
    assert all(token.field is not None for token in tokens)


def test_notation_help_page(client):
    response = client.get("/tisch/notation/")

    assert response.status_code == 200
    assert "<code>2 kr m2 h s +</code>" in response.content.decode()


def test_line_typed_for_a_game_another_device_entered_meanwhile_is_refused(director_client, table):
    f.enter(table, passed=True)

    response = director_client.post(url(table), {"line": "3 kr m2 +", "number": "1"}, **JSON)

    assert response.status_code == 409
    assert response.json()["errors"][0]["field"] == "number"
    assert table.games.count() == 1
