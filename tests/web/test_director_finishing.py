"""Finishing a series and the tournament on the director pages, and reopening them."""

import pytest
from django.contrib.messages import get_messages
from django.utils import timezone

from tests import factories as f
from tournaments.models import AuditEntry, Series, Table, Tournament
from tournaments.services import states

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def _series_with_open_lists():
    """Table 1 complete but unsigned, table 2 with one game of three entered."""
    complete = f.make_complete_table(players=3)
    series = complete.series
    started = f.make_table(series, f.make_participants(series.tournament, 3), number=2)
    f.enter(started, passed=True)
    return series


def test_series_page_names_the_open_lists(director_client):
    series = _series_with_open_lists()

    content = director_client.get(f"/leitung/serien/{series.id}/").content.decode()

    assert 'data-testid="open-lists">table 1, table 2<' in content
    assert "Close the open lists and finish the series" in content


def test_finishing_without_closing_names_the_open_lists(director_client):
    series = _series_with_open_lists()

    response = director_client.post(f"/leitung/serien/{series.id}/abschliessen/")

    series.refresh_from_db()
    assert series.status != Series.Status.FINISHED
    assert "open lists: table 1, 2" in messages_of(response)[0]


def test_closing_the_open_lists_with_one_reason_finishes_the_series(director_client):
    series = _series_with_open_lists()

    director_client.post(
        f"/leitung/serien/{series.id}/abschliessen/",
        {"close_open": "1", "reason": "Saal wird geschlossen"},
    )

    series.refresh_from_db()
    assert series.status == Series.Status.FINISHED and series.finished_at is not None
    assert set(series.tables.values_list("status", "closed_reason")) == {
        (Table.Status.LOCKED, "Saal wird geschlossen")
    }
    assert series.tables.get(number=2).ended_reason == "Saal wird geschlossen"
    page = director_client.get(f"/leitung/serien/{series.id}/").content.decode()
    assert 'data-testid="series-finished"' in page


def test_closing_the_open_lists_needs_a_reason(director_client):
    series = _series_with_open_lists()

    response = director_client.post(
        f"/leitung/serien/{series.id}/abschliessen/", {"close_open": "1", "reason": " "}
    )

    assert series.tables.filter(status=Table.Status.OPEN).count() == 2
    assert messages_of(response) == ["Give a reason; it is kept in the audit trail."]


def _finished_series():
    table = f.make_complete_table(players=3)
    states.apply(table, "close", f.make_staff_user(), "Platz 3 fehlt")
    return states.apply(table.series, "finish", f.make_staff_user())


def test_dashboard_finishes_the_tournament_and_shows_the_final_standings(director_client):
    tournament = _finished_series().tournament

    director_client.post(f"/leitung/turniere/{tournament.id}/abschliessen/")
    page = director_client.get(f"/leitung/turniere/{tournament.id}/").content.decode()

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # The page shows the club's local date, which differs from UTC's near midnight.
    assert f"Final standings ({timezone.localtime(tournament.finished_at):%d.%m.%Y})" in page
    assert "Live ranking" not in page


def test_dashboard_refuses_to_finish_while_a_series_runs(director_client):
    table = f.make_complete_table(players=3)
    tournament = table.series.tournament

    response = director_client.post(f"/leitung/turniere/{tournament.id}/abschliessen/")

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert "Series 1 of this tournament is not finished yet" in messages_of(response)[0]


@pytest.mark.parametrize("kind", ["series", "tournament"])
def test_reopen_needs_a_reason_and_is_audited(director_client, kind):
    series = _finished_series()
    tournament = states.apply(series.tournament, "finish", f.make_staff_user())
    if kind == "series":
        states.apply(tournament, "reopen", f.make_staff_user(), "Einspruch")
        url, obj = f"/leitung/serien/{series.id}/wieder-oeffnen/", series
    else:
        url, obj = f"/leitung/turniere/{tournament.id}/wieder-oeffnen/", tournament

    director_client.post(url, {"reopen-reason": ""})
    obj.refresh_from_db()
    assert obj.status == "finished"

    director_client.post(url, {"reopen-reason": "Tisch 1 falsch addiert"})
    obj.refresh_from_db()
    assert (obj.status, obj.finished_at) == ("running", None)
    assert AuditEntry.objects.filter(
        action=f"{kind}_reopened", reason="Tisch 1 falsch addiert"
    ).exists()


def test_table_page_takes_back_an_early_end(director_client):
    table = f.make_seated_table(players=3)
    f.enter(table, passed=True)
    table = states.apply(table, "end", f.make_staff_user(), "Zeit")

    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()
    director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/", {"reopen-reason": "Es geht weiter"}
    )

    table.refresh_from_db()
    assert 'data-testid="take-back-end"' in page
    assert (table.ended_early_at, table.ended_reason) == (None, "")
    assert AuditEntry.objects.get(action="list_end_taken_back").reason == "Es geht weiter"


def test_a_finished_series_page_shows_no_table_codes(director_client, director_user):
    from tournaments.services import table_access

    table = f.make_complete_table(players=3)
    code = table_access.issue_code(table)
    f.sign_all(table)
    url = f"/leitung/serien/{table.series_id}/"

    running = director_client.get(url).content.decode()
    states.apply(Series.objects.get(pk=table.series_id), "finish", director_user)
    finished = director_client.get(url).content.decode()

    assert 'data-testid="table-code-1"' in running and "Table code" in running
    assert 'data-testid="table-code-1"' not in finished and "Table code" not in finished
    assert code not in finished and 'data-testid="table-cards"' not in finished
