"""Two lists per table on the table pages: the second code keeps list B, both devices show
a difference in the players' words, one tap takes the other version (docs/rules.md 4.1)."""

import html

import pytest
from django.test import Client

from tests import factories as f
from tests.web.test_minus_sign import visible_text
from tests.web.test_table_offline import table_data
from tournaments.models import AuditEntry
from tournaments.services import table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
KREUZ_WON = {
    "declarer": "1",
    "game": "clubs",
    "with_matadors": "true",
    "matadors": "2",
    "won": "true",
}
KREUZ_LOST = {**KREUZ_WON, "won": "false"}


@pytest.fixture
def table(db):
    return f.make_two_list_table(players=3, rounds_per_series=1)


def device(table, kept_list):
    """A new phone that opened ``table`` with the code of ``kept_list``."""
    client = Client()
    code = table_access.ensure_code(table, kept_list=kept_list)
    response = client.post("/tisch/", {"code": code})
    assert response.status_code == 302
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_second_code_opens_list_b_and_says_so(table):
    phone = device(table, "B")

    page = text(phone.get(f"/tisch/{table.pk}/"))

    assert "Dies ist der Code für Liste B von Tisch" in page
    assert "das zweite Gerät" in page
    assert 'data-testid="kept-list">Liste B<' in page
    data = table_data(phone.get(f"/tisch/{table.pk}/"))
    assert data["keptList"] == "B"
    assert table_access.normalize_code(data["code"]) == table.second_code


def test_a_device_given_the_other_lists_code_is_warned(table):
    phone = device(table, "A")
    code_b = table_access.ensure_code(table, kept_list="B")

    phone.post("/tisch/", {"code": code_b})
    page = text(phone.get(f"/tisch/{table.pk}/"))

    assert "bisher Liste A von Tisch" in page
    assert "jetzt Liste B" in page


def test_each_device_enters_its_own_list_and_shows_it(table):
    first, second = device(table, "A"), device(table, "B")

    first.post(f"/tisch/{table.pk}/", KREUZ_WON)
    second.post(f"/tisch/{table.pk}/", KREUZ_LOST)

    assert table.games.get().won is True
    assert table.second_games.get().won is False
    assert AuditEntry.objects.get(action="second_game_entered").actor.endswith(" B")
    page_b = text(second.get(f"/tisch/{table.pk}/"))
    assert "Spiel 2 eintragen" in page_b
    assert "−72" in page_b  # list B's own score in its list, not list A's +36


def test_a_difference_shows_on_both_devices_in_the_players_words(table):
    first, second = device(table, "A"), device(table, "B")
    first.post(f"/tisch/{table.pk}/", KREUZ_WON)
    second.post(f"/tisch/{table.pk}/", KREUZ_LOST)

    for phone in (first, second):
        page = text(phone.get(f"/tisch/{table.pk}/"))
        assert "Die beiden Listen unterscheiden sich in 1 Spiel" in page
        assert "Liste A: " in page and "Kreuz mit 2, gewonnen, +36" in page
        assert "Liste B: " in page and "Kreuz mit 2, verloren, −72" in page
    assert "Version von Liste A übernehmen" in text(second.get(f"/tisch/{table.pk}/"))
    assert "Version von Liste B übernehmen" in text(first.get(f"/tisch/{table.pk}/"))


def test_one_tap_takes_the_other_version_and_both_pages_agree(table):
    first, second = device(table, "A"), device(table, "B")
    first.post(f"/tisch/{table.pk}/", KREUZ_WON)
    second.post(f"/tisch/{table.pk}/", KREUZ_LOST)

    response = second.post(f"/tisch/{table.pk}/unterschied/1/uebernehmen/", {"revision": "1"})

    assert response.status_code == 302
    assert table.second_games.get().won is True
    response = second.get(f"/tisch/{table.pk}/")
    page = visible_text(text(response))
    assert "sagt jetzt, was Liste A sagt" in page
    assert "unterscheiden sich" not in page
    assert table_data(response)["differences"] == []  # the status line names none either
    taken = AuditEntry.objects.get(action="second_game_corrected")
    assert taken.actor == f"table code T{table.number} B"


def test_the_first_device_taking_list_b_corrects_the_official_list(table):
    first, second = device(table, "A"), device(table, "B")
    first.post(f"/tisch/{table.pk}/", KREUZ_WON)
    second.post(f"/tisch/{table.pk}/", KREUZ_LOST)

    first.post(f"/tisch/{table.pk}/unterschied/1/uebernehmen/", {"revision": "1"})

    assert table.games.get().score == -72
    assert AuditEntry.objects.get(action="game_corrected").reason == "took_b"


def test_list_b_takes_back_its_last_game_but_corrects_through_list_a(table):
    second = device(table, "B")
    second.post(f"/tisch/{table.pk}/", KREUZ_WON)

    refused = second.get(f"/tisch/{table.pk}/spiel/1/korrigieren/", follow=True)
    undone = second.post(f"/tisch/{table.pk}/rueckgaengig/", {"number": "1"})

    assert "Dieses Gerät führt Liste B" in text(refused)
    assert undone.status_code == 302
    assert not table.second_games.exists()


def test_signing_on_a_device_is_refused_naming_the_game(table):
    first, second = device(table, "A"), device(table, "B")
    for number in range(1, 4):
        first.post(f"/tisch/{table.pk}/", {**KREUZ_WON, "declarer": "1"})
        game = KREUZ_LOST if number == 2 else KREUZ_WON
        second.post(f"/tisch/{table.pk}/", game)
    seat = table.seats.get(number=1)

    answer = first.post(
        f"/tisch/{table.pk}/unterschreiben/",
        {
            "seat": "1",
            "participant": seat.participant_id,
            "pin": seat.participant.pin,
            "method": "pin",
        },
    )

    assert answer.status_code == 409
    assert "unterscheiden sich in Spiel 2" in text(answer)
    assert 'data-testid="difference"' in text(answer)
