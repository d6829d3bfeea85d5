"""Finishing and reopening series and tournaments, and taking back an early end, over HTTP."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests import factories as f
from tests.api.conftest import API, first_error, post
from tournaments.models import AuditEntry, SettlementSnapshot
from tournaments.services import states, table_access
from tournaments.services.roles import TREASURER_GROUP

pytestmark = pytest.mark.django_db


def _closed_series():
    table = f.make_complete_table(players=3)
    states.apply(table, "close", f.make_staff_user(), "Platz 3 fehlt")
    return table.series


def test_finish_series_answers_the_finished_series(director_client):
    series = _closed_series()

    response = post(director_client, f"series/{series.id}/finish/")

    assert response.status_code == 200
    assert response.json()["status"] == "finished"
    assert response.json()["finished_at"]


def test_finish_series_with_open_lists_names_them(director_client):
    series = _closed_series()
    open_table = f.make_table(series, f.make_participants(series.tournament, 3), number=7)

    response = post(director_client, f"series/{series.id}/finish/")

    assert first_error(response) == (409, "series", "lists_open")
    assert "7" in response.json()["errors"][0]["message"]
    assert open_table.series.status != "finished"


def test_finish_tournament_waits_for_every_series(director_client):
    series = _closed_series()

    refused = post(director_client, f"tournaments/{series.tournament_id}/finish/")
    post(director_client, f"series/{series.id}/finish/")
    finished = post(director_client, f"tournaments/{series.tournament_id}/finish/")

    assert first_error(refused) == (409, "tournament", "series_not_finished")
    assert (finished.status_code, finished.json()["status"]) == (200, "finished")


@pytest.mark.parametrize("kind", ["series", "tournaments"])
def test_reopen_needs_a_reason_and_makes_it_running(director_client, kind):
    series = _closed_series()
    post(director_client, f"series/{series.id}/finish/")
    post(director_client, f"tournaments/{series.tournament_id}/finish/")
    if kind == "series":
        post(
            director_client, f"tournaments/{series.tournament_id}/reopen/", {"reason": "Einspruch"}
        )
    pk = series.id if kind == "series" else series.tournament_id

    without = post(director_client, f"{kind}/{pk}/reopen/", {})
    reopened = post(director_client, f"{kind}/{pk}/reopen/", {"reason": "Tisch 1 falsch"})

    assert first_error(without) == (400, "reason", "reason_required")
    assert (reopened.status_code, reopened.json()["status"]) == (200, "running")
    assert AuditEntry.objects.filter(reason="Tisch 1 falsch").exists()


def test_finished_series_takes_no_new_table(director_client):
    series = _closed_series()
    post(director_client, f"series/{series.id}/finish/")
    people = f.make_participants(series.tournament, 3)

    response = post(
        director_client, f"series/{series.id}/tables/", {"seats": [p.id for p in people]}
    )

    assert first_error(response) == (409, "series", "series_finished")


def test_finished_tournament_takes_no_new_series(director_client):
    series = _closed_series()
    post(director_client, f"series/{series.id}/finish/")
    post(director_client, f"tournaments/{series.tournament_id}/finish/")

    response = post(director_client, f"tournaments/{series.tournament_id}/series/")

    assert first_error(response) == (409, "tournament", "tournament_finished")


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("series/{series}/reopen/", "series_not_finished"),
        ("tournaments/{tournament}/reopen/", "tournament_not_finished"),
        ("tables/{table}/reopen/", "list_not_closed"),
    ],
)
def test_steps_the_state_does_not_allow_are_conflicts(director_client, path, code):
    table = f.make_complete_table(players=3)
    url = path.format(series=table.series_id, tournament=table.series.tournament_id, table=table.id)

    response = post(director_client, url, {"reason": "Grund"})

    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == code


def test_status_is_not_written_around_the_finish_step(director_client):
    tournament = f.make_tournament()

    response = director_client.patch(
        f"{API}tournaments/{tournament.id}/",
        data=json.dumps({"status": "finished"}),
        content_type="application/json",
    )

    tournament.refresh_from_db()
    assert response.status_code == 200 and tournament.status == "planned"


def _treasurer():
    user = get_user_model().objects.create_user(username="kasse")
    user.groups.add(Group.objects.get_or_create(name=TREASURER_GROUP)[0])
    return user


@pytest.mark.parametrize("who", ["public", "treasurer", "player", "table_device"])
@pytest.mark.parametrize(
    "path",
    [
        "series/{series}/finish/",
        "tournaments/{tournament}/finish/",
        "tables/{table}/end/",
        "tables/{table}/close/",
        "tables/{table}/reopen/",
    ],
)
def test_only_the_director_takes_these_steps(client, who, path):
    table = f.make_seated_table(players=3)
    headers = {}
    if who == "treasurer":
        client.force_login(_treasurer())
    elif who == "player":
        client.force_login(get_user_model().objects.create_user(username="spieler"))
    elif who == "table_device":
        headers = {"X-Table-Code": table_access.issue_code(table)}
    url = path.format(series=table.series_id, tournament=table.series.tournament_id, table=table.id)

    response = post(client, url, {"reason": "Grund"}, **headers)

    assert response.status_code == 403
    table.refresh_from_db()
    assert (table.status, table.ended_early_at) == ("open", None)


def test_an_early_end_is_taken_back_through_reopen(director_client):
    table = f.make_seated_table(players=3)
    f.enter(table, passed=True)
    post(director_client, f"tables/{table.id}/end/", {"reason": "Zeit"})

    response = post(director_client, f"tables/{table.id}/reopen/", {"reason": "Doch weiter"})

    assert response.status_code == 200
    assert response.json()["ended_early"] is False
    assert AuditEntry.objects.get(action="list_end_taken_back").reason == "Doch weiter"


def test_a_planned_series_can_be_finished_and_the_empty_tournament_too(director_client):
    tournament = f.make_tournament()
    series = f.make_series(tournament)

    finished_series = post(director_client, f"series/{series.id}/finish/")
    finished_tournament = post(director_client, f"tournaments/{tournament.id}/finish/")

    assert (finished_series.status_code, finished_series.json()["status"]) == (200, "finished")
    assert (finished_tournament.status_code, finished_tournament.json()["status"]) == (
        200,
        "finished",
    )


def test_finishing_freezes_the_settlement_and_reopening_thaws_it(director_client):
    series = _closed_series()
    tournament_id = series.tournament_id
    post(director_client, f"series/{series.id}/finish/")

    post(director_client, f"tournaments/{tournament_id}/finish/")
    frozen = SettlementSnapshot.objects.filter(tournament_id=tournament_id).exists()
    post(director_client, f"tournaments/{tournament_id}/reopen/", {"reason": "Preisgeld falsch"})

    assert frozen
    assert not SettlementSnapshot.objects.filter(tournament_id=tournament_id).exists()
