"""The verification page tells people what a seal covers, and what happened after a reopen;
never raw JSON."""

import re

import pytest
from django.db import connection

from tests import factories as f
from tournaments.models import Game, Seat
from tournaments.services import states
from tournaments.services.lists import settlement

pytestmark = pytest.mark.django_db

ENGLISH = {"accept-language": "en"}


def shown(total: int) -> str:
    """A total as the page writes it: 1,234 (English) / −146 with a real minus sign."""
    return f"{total:,}".replace("-", "\u2212")


def test_a_seal_shows_the_players_totals_games_confirmations_and_the_pdf(client, sealed_table):
    totals = {line.seat: line.total for line in settlement.settle_table(sealed_table)}
    seats = Seat.objects.filter(table=sealed_table).select_related("participant__player")

    response = client.get(f"/verify/{sealed_table.seal}/", headers=ENGLISH)

    text = f.page_text(response)
    content = response.content.decode()
    for seat in seats:
        name = seat.participant.player.full_name
        assert re.search(
            rf"{seat.number} {re.escape(name)} \(No. \d+\) {shown(totals[seat.number])} ", text
        )
        assert f"Seat {seat.number}, {name}: confirmed with PIN" in text
    assert f"{sealed_table.games.count()} games on the list." in text
    assert f'href="/api/v1/tables/{sealed_table.id}/list.pdf"' in content


def test_a_reopened_list_says_the_seal_is_earlier_when_and_why(client, sealed_table):
    old_seal = sealed_table.seal
    states.apply(sealed_table, "reopen", f.make_staff_user("leiter"), "Spiel 3 falsch eingetragen")

    response = client.get(f"/verify/{old_seal}/", headers=ENGLISH)

    text = f.page_text(response)
    assert "This seal belongs to an earlier state of the list" in text
    assert "The tournament director (leiter) reopened the list on" in text
    assert "Reason: Spiel 3 falsch eingetragen" in text
    assert "has not been confirmed again yet" in text


def test_a_reopened_and_sealed_again_list_links_the_current_seal(client, sealed_table):
    old_seal = sealed_table.seal
    director = f.make_staff_user()
    states.apply(sealed_table, "reopen", director, "Korrektur")
    states.apply(sealed_table, "close", director, "Nach der Korrektur abgeschlossen")
    sealed_table.refresh_from_db()

    response = client.get(f"/verify/{old_seal}/", headers=ENGLISH)

    assert sealed_table.seal and sealed_table.seal != old_seal
    assert f'href="/verify/{sealed_table.seal}/"' in response.content.decode()


def test_a_changed_game_is_described_without_json(client, sealed_table):
    game = Game.objects.get(table=sealed_table, number=1)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM tournaments_gamepoints WHERE game_id = %s", [game.id])
        cursor.execute("DELETE FROM tournaments_game WHERE id = %s", [game.id])

    response = client.get(f"/verify/{sealed_table.seal}/", headers=ENGLISH)

    mismatches = re.search(r'<ul class="mismatches">(.*?)</ul>', response.content.decode(), re.S)
    assert mismatches is not None
    assert not re.search(r"[{}]|&quot;|\[\s*&", mismatches.group(1))
