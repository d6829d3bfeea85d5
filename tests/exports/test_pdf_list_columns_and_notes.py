"""The list PDF in the device's words: the game value and the score in columns of their
own, and every correction and undo under "Vermerke" with its time, who and why."""

import pytest
from django.utils.translation import gettext, pgettext

from tests import factories as f
from tests.exports.test_pdf_list import BASE_URL, column_cells
from tournaments.exports.formatting import date_time
from tournaments.exports.pdf_list import game_list_pdf, list_columns
from tournaments.models import AuditEntry
from tournaments.services.lists import listkeeping
from tournaments.services.table_access import device_actor

pytestmark = pytest.mark.django_db


def game_rows(pdf: bytes, key: str) -> dict[str, str]:
    """Column ``key`` of the game table by the game's number."""
    numbers = column_cells(pdf, "number")
    cells = column_cells(pdf, key)
    return {numbers[y]: cells[y] for y in cells if numbers.get(y, "").isdigit()}


def test_game_value_and_score_have_columns_of_their_own_named_as_on_the_device():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="clubs", matadors=5, won=False)  # 12 × 6 = 72

    pdf = game_list_pdf(table, base_url=BASE_URL)

    labels = [column.label for column in list_columns((1, 2, 3, 4))]
    assert "Spielwert" in labels
    assert "Wertung" in labels
    assert "Wert" not in labels
    assert game_rows(pdf, "game_value") == {"1": "72"}
    score = game_rows(pdf, "score")["1"]
    assert score[1:] == "144" and score != "144"  # the minus sign, in the font's encoding
    assert "−144" in f.pdf_text(pdf)
    assert pgettext("game list column", "Score") == "Wertung"


def test_corrections_and_undos_are_listed_under_remarks_with_time_who_and_why():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)
    f.enter(table, declarer_seat=3, game="hearts", matadors=2, won=False)
    f.enter(table, declarer_seat=4, game="grand", matadors=1, won=True)
    listkeeping.correct_game(
        table,
        2,
        {"declarer_seat": 3, "game": "hearts", "matadors": 3, "won": False},
        user=f.make_staff_user(),
        reason="Buben falsch gezählt",
    )
    listkeeping.delete_game(table, 3, actor=device_actor(table), reason="undo")

    text = f.pdf_words(game_list_pdf(table, base_url=BASE_URL))

    corrected = AuditEntry.objects.get(action="game_corrected")
    undone = AuditEntry.objects.get(action="game_deleted")
    assert gettext("Remarks") == "Vermerke"
    assert "Vermerke" in text
    assert f"Spiel 2 korrigiert am {date_time(corrected.created_at)}" in text, (
        "the correction, with its time"
    )
    assert f"Spiel 3 zurückgenommen am {date_time(undone.created_at)}" in text
    assert "von der Turnierleitung: Buben falsch gezählt" in text
    assert "von Tischgerät T1: am Tisch rückgängig gemacht" in text  # generated, in words
