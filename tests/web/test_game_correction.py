"""Correcting a saved game in the browser, and undo that names the game before deleting it."""

import re

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Signature, Table
from tournaments.services import states, table_access
from tournaments.services.sealing import signing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
CLUBS_WON = {"declarer_seat": 2, "game": "clubs", "matadors": 2, "hand": True, "won": True}
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


def correct_url(table, number, suffix=""):
    return f"/tisch/{table.pk}/spiel/{number}/korrigieren/{suffix}"


def sign_with_pin(table, seat_number):
    seat = table.seats.select_related("participant").get(number=seat_number)
    signing.sign_list(table, seat.number, participant=seat.participant_id, pin=seat.participant.pin)


# --- Undo names the game ---------------------------------------------------------------------


def test_undo_question_names_the_game_its_declarer_and_score(device_client, table):
    f.enter(table, **CLUBS_WON)

    content = device_client.get(f"/tisch/{table.pk}/rueckgaengig/").content.decode()

    assert "Spiel 1 (Kreuz mit 2, Hand, Platz 2, gewonnen +48) löschen?" in content


@pytest.mark.parametrize("suffix", ["", "tastatur/"])
def test_inline_undo_carries_the_named_question_for_the_dialog(device_client, table, suffix):
    f.enter(table, **CLUBS_WON)

    content = device_client.get(f"/tisch/{table.pk}/{suffix}").content.decode()

    assert 'data-question="Spiel 1 (Kreuz mit 2, Hand, Platz 2, gewonnen +48) löschen?"' in content


# --- Correcting a game -----------------------------------------------------------------------


def test_every_game_of_an_open_list_has_a_correct_link(device_client, table):
    f.enter(table, passed=True)
    f.enter(table, **CLUBS_WON)

    content = device_client.get(f"/tisch/{table.pk}/").content.decode()

    assert f'href="{correct_url(table, 1)}"' in content
    assert f'href="{correct_url(table, 2)}"' in content


def test_correction_page_prefills_the_touch_form_with_the_saved_game(device_client, table):
    f.enter(table, **CLUBS_WON)

    content = device_client.get(correct_url(table, 1)).content.decode()

    assert "Spiel 1 korrigieren" in content
    assert 'id="declarer-2" name="declarer" value="2"' in content
    for control in ('id="declarer-2"', 'id="game-clubs"', 'id="hand"', 'id="won-true"'):
        tag = content[content.index(control) : content.index(">", content.index(control))]
        assert "checked" in tag, control
    assert 'value="1"' in content[content.index('name="number"') - 40 :][:80]


def test_correction_preview_shows_the_new_value_without_saving(device_client, table):
    f.enter(table, **CLUBS_WON)

    response = device_client.post(correct_url(table, 1), {**SPADES_LOST, "action": "preview"})
    data = device_client.post(correct_url(table, 1, "vorschau/"), SPADES_LOST).json()

    assert response.status_code == 200
    assert 'data-testid="preview-score">−44<' in response.content.decode()
    assert data["score"] == -44
    assert data["totals"] == {"1": 40, "2": 40, "3": -94}  # list points: −44 − 50, +40 each
    assert table.games.get(number=1).game == "clubs"


def test_the_correction_bar_names_its_three_numbers_for_every_player(device_client, table):
    f.enter(table, **CLUBS_WON)
    f.enter(table, passed=True)

    response = device_client.post(correct_url(table, 1), {**SPADES_LOST, "action": "preview"})
    bar = f.page_text(response)
    boxes = re.findall(r"Spiel 1 [+−]?\d+ Stand danach −?\d+ Neue Summe −?\d+", bar)

    assert len(boxes) == 3
    assert "Spiel 1 −94 Stand danach −94 Neue Summe −94" in boxes


def test_correction_saves_and_the_audit_keeps_before_and_after(device_client, table):
    f.enter(table, **CLUBS_WON)
    f.enter(table, passed=True)

    response = device_client.post(
        correct_url(table, 1), {**SPADES_LOST, "reason": "Pik, nicht Kreuz"}
    )

    assert response.status_code == 302
    game = table.games.get(number=1)
    assert (game.game, game.declarer_seat, game.score) == ("spades", 3, -44)
    entry = AuditEntry.objects.get(table=table, action="game_corrected")
    assert entry.before["game"] == "clubs"
    assert entry.after["game"] == "spades"
    assert entry.reason == "Pik, nicht Kreuz"
    assert entry.actor == table_access.device_actor(table)


def test_correction_with_a_problem_shows_it_and_keeps_the_game(device_client, table):
    f.enter(table, **CLUBS_WON)

    response = device_client.post(correct_url(table, 1), {**SPADES_LOST, "declarer": "9"})

    assert response.status_code == 400
    assert 'id="declarer-error"' in response.content.decode()
    assert table.games.get(number=1).game == "clubs"


def test_correcting_a_partly_signed_list_asks_to_void_the_signatures(device_client, table):
    f.play_out(table)
    sign_with_pin(table, 1)

    page = device_client.get(correct_url(table, 1)).content.decode()
    refused = device_client.post(correct_url(table, 1), SPADES_LOST)
    saved = device_client.post(correct_url(table, 1), {**SPADES_LOST, "void_signatures": "on"})

    assert "Die Spieler müssen die Liste neu unterschreiben" in page
    assert refused.status_code == 409
    assert saved.status_code == 302
    assert not Signature.objects.filter(table=table).exists()
    assert AuditEntry.objects.filter(table=table, action="signatures_voided").exists()


@pytest.mark.parametrize("status", [Table.Status.SIGNED, Table.Status.LOCKED])
def test_a_closed_list_is_corrected_only_after_the_director_reopens_it(client, table, status):
    f.enter(table, **CLUBS_WON)
    Table.objects.filter(pk=table.pk).update(status=status)
    client.force_login(f.make_staff_user())

    page = client.get(correct_url(table, 1)).content.decode()
    refused = client.post(correct_url(table, 1), SPADES_LOST)

    assert 'data-testid="correction-locked"' in page
    assert "mit einer Begründung" in page
    assert refused.status_code in (302, 403, 409)
    assert table.games.get(number=1).game == "clubs"


def test_a_list_ended_early_explains_on_the_correction_page_why_and_what_to_do(client, table):
    f.enter(table, **CLUBS_WON)
    director_client = f.make_staff_user()
    states.apply(table, "end", director_client, reason="Spieler musste gehen")
    client.force_login(director_client)

    page = client.get(correct_url(table, 1)).content.decode()

    assert 'data-testid="correction-locked"' in page
    assert "vorzeitig beendet" in page
    assert 'id="touch-form"' not in page


def test_the_correction_page_names_the_dealer_and_seats_of_the_corrected_game(client, db):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    names = {seat.number: seat.participant.player.full_name for seat in table.seats.all()}
    for declarer in (2, 3, 4):  # games 1 to 3, dealt by seats 1, 2, 3
        f.enter(table, declarer_seat=declarer, game="clubs", matadors=1, won=True)
    client.force_login(f.make_staff_user())

    response = client.get(correct_url(table, 1))
    content = response.content.decode()

    status = content[
        content.index('id="next-game"') : content.index("</p>", content.index('id="next-game"'))
    ]
    assert f"{names[1]}</strong> (" in status  # game 1 is dealt by seat 1, not game 4's dealer
    seat_one = re.search(r'<input type="radio" id="declarer-1"[^>]*>', content).group(0)
    assert "disabled" in seat_one  # the dealer of game 1 sits out
    # Totals before game 1 (all 0) in the bar, and the totals now beside them.
    assert 'data-testid="preview-total-2">0<' in content
    assert 'data-testid="after-total-2">74<' in content
    assert 'data-testid="after-total-4">74<' in content


def test_a_correction_reason_is_kept_up_to_500_characters_and_refused_beyond(device_client, table):
    f.enter(table, **CLUBS_WON)

    too_long = device_client.post(correct_url(table, 1), {**SPADES_LOST, "reason": "x" * 501})
    kept = device_client.post(correct_url(table, 1), {**SPADES_LOST, "reason": "y" * 500})

    assert too_long.status_code == 400
    assert 'id="reason-error"' in too_long.content.decode()
    assert "500" in too_long.content.decode().split('id="reason-error"')[1][:400]
    assert kept.status_code == 302
    entry = AuditEntry.objects.get(table=table, action="game_corrected")
    assert entry.reason == "y" * 500


# --- The director's table page ---------------------------------------------------------------


def test_director_table_page_lists_every_game_with_its_correct_link(director_client, table):
    f.enter(table, passed=True)
    f.enter(table, **CLUBS_WON)

    content = director_client.get(f"/leitung/tische/{table.pk}/").content.decode()

    assert f'href="{correct_url(table, 1)}"' in content
    assert f'href="{correct_url(table, 2)}"' in content
    assert "Kreuz mit 2, Hand, gewonnen" in content


def test_director_corrects_a_game_and_sees_before_and_after_in_words(director_client, table):
    f.enter(table, **CLUBS_WON)

    director_client.post(correct_url(table, 1), {**SPADES_LOST, "reason": "Pik, nicht Kreuz"})
    content = director_client.get(f"/leitung/tische/{table.pk}/").content.decode()

    assert (
        "Spiel 1: vorher Platz 2: Kreuz mit 2, Hand, gewonnen – "
        "nachher Platz 3: Pik ohne 1, verloren (Pik, nicht Kreuz)"
    ) in content


@pytest.mark.parametrize("status", [Table.Status.SIGNED, Table.Status.LOCKED])
def test_director_table_page_of_a_closed_list_says_to_reopen_it(director_client, table, status):
    f.enter(table, **CLUBS_WON)
    Table.objects.filter(pk=table.pk).update(status=status)

    content = director_client.get(f"/leitung/tische/{table.pk}/").content.decode()

    assert 'data-testid="games-reopen-note"' in content
    assert correct_url(table, 1) not in content


def test_the_correction_page_never_queues_on_the_device(device_client, table):
    f.enter(table, **CLUBS_WON)

    content = device_client.get(correct_url(table, 1)).content.decode()

    assert 'id="offline-data"' not in content
