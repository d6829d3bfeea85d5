"""A signed list reopened for a correction: the code on the table card stops working until
the director issues a new one, which the reopen form offers in the same step."""

import pytest

from tests import factories as f
from tournaments.services import states, table_access
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db
GAME_URL = "/api/v1/tables/{pk}/games/"


def signed_table_with_code():
    table = f.make_complete_table(players=3)
    code = table_access.issue_code(table)
    table = f.sign_all(table)
    assert table.status == "signed"
    return table, code


def test_the_old_code_stops_working_when_a_signed_list_is_reopened(client):
    table, code = signed_table_with_code()

    states.apply(table, "reopen", f.make_staff_user(), "Spiel 2 falsch")

    table.refresh_from_db()
    assert table.status == "open"
    with pytest.raises(Rejected):
        table_access.table_for_code(code, "10.0.0.9")
    correction = {"declarer_seat": 2, "game": "clubs", "matadors": 1, "won": True}
    refused = client.put(
        GAME_URL.format(pk=table.pk) + "2/",
        correction,
        content_type="application/json",
        HTTP_X_TABLE_CODE=code,
    )
    assert refused.status_code == 403
    assert "Tischkarte" in refused.json()["detail"]
    assert client.get(f"/tisch/code/{code}/").status_code != 302  # no way back to the list

    new = table_access.issue_code(table)
    assert new != code
    answer = client.put(
        GAME_URL.format(pk=table.pk) + "2/",
        correction,
        content_type="application/json",
        HTTP_X_TABLE_CODE=new,
    )
    assert answer.status_code == 200, answer.content


def test_taking_back_an_early_end_keeps_the_code_of_a_list_still_played(client):
    table = f.make_seated_table(players=3)
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)
    code = table_access.issue_code(table)
    director = f.make_staff_user()
    states.apply(table, "end", director, "Zeit ist um")

    states.apply(table, "reopen", director, "Doch weiter")

    assert table_access.table_for_code(code, "10.0.0.9").pk == table.pk


def test_the_reopen_form_offers_a_new_code_and_issues_it_in_the_same_step(director_client):
    table, code = signed_table_with_code()
    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()
    assert 'name="reopen-new_code"' in page
    assert "Neuen Tischcode ausgeben" in page

    response = director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/",
        {"reopen-reason": "Spiel 2 falsch", "reopen-new_code": "on"},
        follow=True,
    )

    table.refresh_from_db()
    assert table.status == "open"
    assert table.access_code and table.access_code != code
    shown = table_access.format_code(table.access_code)
    assert shown in response.content.decode()
    assert table_access.table_for_code(table.access_code, "10.0.0.9").pk == table.pk


def test_reopening_without_a_new_code_leaves_the_list_without_one(director_client):
    table, _code = signed_table_with_code()

    director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/", {"reopen-reason": "Spiel 2 falsch"}
    )

    table.refresh_from_db()
    assert table.status == "open"
    assert not table.access_code
