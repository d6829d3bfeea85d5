"""The printed list tells the whole story, with every name exactly as typed."""

import io

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.exports.listsheet import table_queryset
from tournaments.exports.pdf_list import game_list_pdf
from tournaments.exports.pdf_plan import table_plan_pdf
from tournaments.exports.pdf_ranking import series_ranking_pdf
from tournaments.services import participants, seating, states

pytestmark = pytest.mark.django_db

NAMES = [("Łukasz", "Wiśniewski"), ("Şahin", "Yılmaz"), ("Antonín", "Dvořák"), ("Jörg", "Weiß")]


def list_pdf(table):
    """The list as the download view renders it: from the table as it is stored now."""
    return game_list_pdf(table_queryset().get(pk=table.pk))


def embedded_fonts(pdf: bytes) -> set[str]:
    """Base names of the fonts whose glyphs travel inside the file (FontFile2: TrueType)."""
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                found.add(str(font["/BaseFont"]).split("+")[-1])
    return found


def unicode_table(rounds_per_series=1):
    tournament = f.make_tournament(rounds_per_series=rounds_per_series)
    people = [
        participants.register(tournament, f.make_player(first_name=first, last_name=last))
        for first, last in NAMES
    ]
    return f.make_table(f.make_series(tournament), people)


def win(table):
    """The next game of ``table``, a Grand won by the first active seat."""
    declarer = seating.deal_for_next_game(table).active[0]
    f.enter(table, declarer_seat=declarer, game="grand", matadors=1, won=True)


def test_list_ranking_and_plan_print_names_outside_latin_1_exactly_as_typed():
    table = unicode_table()
    f.play_out(table)

    ranking = io.BytesIO()
    series_ranking_pdf(table.series, ranking)
    plan = io.BytesIO()
    table_plan_pdf(table.series, plan)
    for pdf in (list_pdf(table), ranking.getvalue(), plan.getvalue()):
        text = f.pdf_text(pdf)
        for first, last in NAMES:
            assert f"{first} {last}" in text
        assert "DejaVuSansCondensed" in embedded_fonts(pdf)


def test_list_ended_early_prints_when_and_why():
    table = unicode_table()
    win(table)

    states.apply(table, "end", f.make_staff_user(), "Saal musste um 23 Uhr geräumt werden")

    text = f.pdf_text(list_pdf(table))
    assert "Vorzeitig beendet nach 1 Spiel" in text
    assert "Saal musste um 23 Uhr geräumt werden" in text


def test_list_closed_without_signatures_prints_the_reason():
    table = unicode_table()
    f.play_out(table)

    states.apply(table, "close", f.make_staff_user(), "Spieler Dvořák vorzeitig abgereist")

    assert "Spieler Dvořák vorzeitig abgereist" in f.pdf_text(list_pdf(table))


def test_list_prints_the_bid_of_an_overbid_game_and_a_conceded_game():
    table = unicode_table()
    f.enter(table, declarer_seat=2, game="diamonds", matadors=1, bid=30, won=True)
    f.enter(table, declarer_seat=3, game="grand", matadors=2, won=False, conceded=True)

    text = f.pdf_text(list_pdf(table))

    assert "Spiel 1: überreizt, gereizt bis 30 (Spielwert 36)" in text
    assert "Spiel 2: verloren durch Regelverstoß oder aufgegeben" in text


def test_list_prints_who_sat_on_a_seat_from_and_until_which_game():
    table = unicode_table(rounds_per_series=2)
    newcomer = participants.register(
        table.series.tournament, f.make_player(first_name="Zoë", last_name="Ørsted")
    )
    for _ in range(4):
        win(table)

    seating.replace_player(table, 2, newcomer.id, 5)

    text = f.pdf_text(list_pdf(table))
    assert "Platz 2: Şahin Yılmaz bis Spiel 4, ab Spiel 5 Zoë Ørsted (Ersatz)" in text


def test_list_without_changes_has_no_remarks():
    table = unicode_table()
    win(table)

    assert "Vermerke" not in f.pdf_text(list_pdf(table))


def test_ranking_headers_break_between_words_only():
    table = unicode_table()
    f.play_out(table)
    out = io.BytesIO()
    series_ranking_pdf(table.series, out)

    lines = [line.strip() for line in f.pdf_text(out.getvalue()).splitlines()]

    assert "Spielpunkte" in lines and "Gewonnen" in lines
    assert not [line for line in lines if len(line) == 1 and line.isalpha()]
