"""Without JavaScript ("Erst Wert anzeigen") the server fills the touch bar, and names the
game as the device does: in the paper's words, with its outcome."""

import pytest

from tests import factories as f

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

SPADES_LOST = {
    "number": "1",
    "declarer": "3",
    "game": "spades",
    "with_matadors": "false",
    "matadors": "1",
    "won": "false",
}


@pytest.fixture
def table(db):
    return f.make_seated_table(players=3, rounds_per_series=2)


def test_the_bar_shown_first_names_the_game_and_its_outcome(device_client, table):
    page = device_client.post(f"/tisch/{table.pk}/", {**SPADES_LOST, "action": "preview"})

    assert page.status_code == 200
    assert 'data-testid="preview-game-words">Pik ohne 1 – verloren<' in page.content.decode()
