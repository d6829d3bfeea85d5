"""The list PDF of a table kept twice says "doppelt geführt", how many differences were
found and how each was settled (docs/rules.md 4.1)."""

import pytest
from django.utils import translation

from tests import factories as f
from tournaments.exports.listsheet import load_sheet, table_queryset
from tournaments.exports.pdf_list_foot import remark_lines
from tournaments.services import states
from tournaments.services.lists import settling

pytestmark = pytest.mark.django_db
KREUZ_WON = {"declarer_seat": 1, "game": "clubs", "matadors": 2, "won": True}


def remarks(table) -> str:
    with translation.override("de"):
        return " ".join(remark_lines(load_sheet(table_queryset().get(pk=table.pk))))


def test_a_list_kept_twice_says_so_with_each_difference_and_how_it_was_settled():
    table = f.make_two_list_table(players=3)
    for number in range(1, 4):
        f.enter(table, **KREUZ_WON)
        f.enter_b(table, **({**KREUZ_WON, "won": False} if number in (1, 3) else KREUZ_WON))
    settling.take_other(table, 1, "B")
    states.apply(table, "settle", f.make_staff_user(), "Spieler befragt", number=3, take="rule")

    text = remarks(table)

    assert "Doppelt geführt" in text
    assert "2 Unterschiede gefunden" in text
    assert "Spiel 1 wich ab in gewonnen/verloren" in text
    assert "Liste B hat am Tisch die Version von Liste A übernommen" in text
    assert "Spiel 3 wich ab" in text
    assert "Regel des Skatgerichts angewandt (Spieler befragt)" in text


def test_a_list_kept_once_says_nothing_of_a_second():
    table = f.make_seated_table(players=3)
    f.enter(table, **KREUZ_WON)

    assert "oppelt" not in remarks(table)


def test_the_pdf_of_a_list_kept_twice_renders():
    from tournaments.exports.pdf_list import game_list_pdf

    table = f.make_two_list_table(players=3)
    f.enter(table, **KREUZ_WON)
    f.enter_b(table, **{**KREUZ_WON, "matadors": 3})

    pdf = game_list_pdf(table_queryset().get(pk=table.pk))

    assert pdf.startswith(b"%PDF")
