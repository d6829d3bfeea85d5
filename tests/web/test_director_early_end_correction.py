"""Correcting a signed list that was ended early: one reopening, and the page says so."""

import pytest

from tests import factories as f
from tournaments.services import states

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_ended_table():
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, passed=True)
    f.enter(table, passed=True)
    states.apply(table, "end", f.make_staff_user(), "Zeit abgelaufen")
    return f.sign_all(table)


def test_the_signed_early_ended_list_says_reopening_takes_the_early_end_back(
    director_client, signed_ended_table
):
    page = director_client.get(f"/leitung/tische/{signed_ended_table.id}/").content.decode()

    assert 'data-testid="reopen-ended-note"' in page
    assert "nimmt auch das vorzeitige Ende zurück" in page
    assert 'data-testid="take-back-end"' not in page  # no second step to look for


def test_one_reopening_gives_every_game_its_correction_link_and_offers_to_end_again(
    director_client, signed_ended_table
):
    table = signed_ended_table

    response = director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/",
        {"reopen-reason": "Spiel 2 falsch eingetragen"},
        follow=True,
    )

    page = response.content.decode()
    assert 'data-testid="director-correct-1"' in page
    assert 'data-testid="director-correct-2"' in page
    assert 'data-testid="end-again-note"' in page
    assert 'id="id_end-reason">\nZeit abgelaufen</textarea>' in page
    correction = director_client.get(f"/tisch/{table.id}/spiel/2/korrigieren/")
    assert 'id="touch-form"' in correction.content.decode()
