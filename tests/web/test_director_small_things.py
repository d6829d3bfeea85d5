"""Details that made the director pages look unfinished: doubled "(optional)", English
verbs in the German audit trail, a registered player offered for registration again."""

import re
from pathlib import Path

import pytest

from tests import factories as f
from tournaments.api.auth_token import TOKEN_REVOKED
from tournaments.models import Participant
from tournaments.services import audit, change_log, participants, states
from tournaments.services.lists import listkeeping
from tournaments.services.sealing.signing import PIN_REFUSED
from tournaments.services.table_access import BLOCK_LIFTED, GUESSING

pytestmark = pytest.mark.django_db

SOURCE = Path(__file__).resolve().parents[2] / "tournaments"


def test_series_page_says_optional_once_per_field(director_client):
    series = f.make_series(f.make_tournament())

    content = director_client.get(f"/leitung/serien/{series.id}/").content.decode()

    assert "(optional)" in content
    assert not re.search(r"optional\)\s*(<[^>]+>\s*)*\(optional", content)


def recorded_actions() -> set[str]:
    """Every audit verb the code writes: ``audit.record("verb"`` and ``action="verb"``."""
    text = "\n".join(path.read_text() for path in SOURCE.rglob("*.py"))
    services = "\n".join(path.read_text() for path in (SOURCE / "services").rglob("*.py"))
    logged = {  # the change log writes "<model>_<change>" for tournaments, players, clubs
        f"{name}_{change}"
        for name in change_log.LOGGED_MODELS.values()
        for change in ("created", "changed", "deleted")
    }
    constants = {PIN_REFUSED, GUESSING, BLOCK_LIFTED, TOKEN_REVOKED}
    transitions = {transition.audit for transition in states.TRANSITIONS.values()} - {""}
    return (
        set(re.findall(r'record\(\s*"([a-z_]+)"', text))
        | set(re.findall(r'action\s?=\s?"([a-z_]+)"', services))
        | logged
        | constants
        | transitions
    )


@pytest.mark.parametrize("action", sorted(recorded_actions()))
def test_every_audit_verb_has_a_german_label(action, settings):
    settings.LANGUAGE_CODE = "de"

    label = audit.action_label(action)

    assert action in audit.ACTION_LABELS
    assert label != audit.ACTION_LABELS[action]  # translated, not the English msgid
    assert "_" not in label


def test_table_page_shows_an_undo_in_german(director_client):
    table = f.make_seated_table()
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    listkeeping.delete_game(table, 1, actor="table code T1", reason="undo")

    response = director_client.get(
        f"/leitung/tische/{table.id}/", headers={"accept-language": "de"}
    )

    audit_list = re.search(r'<ul class="audit-list">(.*?)</ul>', response.content.decode(), re.S)
    assert "Spiel entfernt – am Tisch rückgängig gemacht" in audit_list.group(1)
    assert "undo" not in audit_list.group(1)


def test_new_player_form_does_not_offer_a_registered_player_again(director_client):
    tournament = f.make_tournament()
    club = f.make_club("SF Musterstadt")
    known = f.make_player(club, first_name="Erika", last_name="Muster")
    participant = participants.register(tournament, known)

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": "Erika", "last_name": "Muster", "club": club.id},
        headers={"accept-language": "en"},
    )

    content = response.content.decode()
    assert response.status_code == 200
    assert (
        f"Erika Muster is already in the list of participants with start number "
        f"{participant.start_number}"
    ) in content
    assert response.context["existing"] is None
    assert f'name="player" value="{known.id}"' not in content
    assert Participant.objects.filter(player=known).count() == 1
