"""The game list PDF read back with pypdf: what a player or the federation sees printed."""

import io

import pytest
from django.utils.translation import gettext
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests import factories as f
from tournaments.exports.formatting import date_time, number, signed_number
from tournaments.exports.pdf_bulk import series_lists_pdf
from tournaments.exports.pdf_list import blank_list_pdf, game_list_pdf, list_columns
from tournaments.exports.styles import MARGIN
from tournaments.models import Seat, Table
from tournaments.services import participants, seating, states
from tournaments.services.lists.settlement import settle_table
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db

BASE_URL = "https://skat.example.org"


def placed(pdf: bytes, page: int = 0) -> list[tuple[str, float, float]]:
    """Every string set at its own position on a page: (text, x, y) from its Tm and Tj.

    pypdf's text extraction merges neighbouring cells of a line; the content stream keeps
    them apart, which is what a test of single columns needs.
    """
    reader = PdfReader(io.BytesIO(pdf))
    content = ContentStream(reader.pages[page].get_contents(), reader)
    found, x, y = [], 0.0, 0.0
    for operands, operator in content.operations:
        if operator == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif operator == b"Tj":
            text = operands[0]
            if isinstance(text, bytes):
                text = text.decode("cp1252")
            found.append((str(text), x, y))
    return found


def column_cells(pdf: bytes, key: str, seats=(1, 2, 3, 4), page: int = 0) -> dict[float, str]:
    """The texts in column ``key`` of the game table, by the y of their line."""
    left = MARGIN
    for column in list_columns(seats):
        if column.key == key:
            break
        left += column.width
    texts = placed(pdf, page)
    settlement = max((y for text, x, y in texts if text == gettext("Settlement")), default=0)
    return {y: text for text, x, y in texts if left <= x < left + column.width and y > settlement}


def names_at(table: Table) -> list[str]:
    seats = Seat.objects.filter(table=table).select_related("participant__player")
    return [seat.participant.player.full_name for seat in seats]


def big_winner_table() -> Table:
    """Two rounds at a 4-table where seat 3 wins every game it plays as Grand ouvert."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    while (deal := seating.deal_for_next_game(table)) is not None:
        if 3 in deal.active:
            grand_ouvert = {"game": "grand", "matadors": 4, "hand": True, "ouvert": True}
            f.enter(table, declarer_seat=3, won=True, schwarz=True, **grand_ouvert)
        else:
            f.enter(table, declarer_seat=deal.active[0], game="hearts", matadors=1, won=False)
    return table


def test_game_list_shows_names_start_numbers_and_settlement_in_german_format():
    table = big_winner_table()

    text = f.pdf_text(game_list_pdf(table, base_url=BASE_URL))

    for seat in Seat.objects.filter(table=table).select_related("participant__player"):
        header = gettext("Seat %(seat)d: %(name)s (start no. %(start)d)") % {
            "seat": seat.number,
            "name": seat.participant.player.full_name,
            "start": seat.participant.start_number,
        }
        assert header in text
    lines = settle_table(table, list(table.seats.all()))
    assert "." in number(max(line.total for line in lines))  # 1.000 or more: German format
    for line in lines:
        row = [line.seat, line.name, line.start_number, number(line.game_points), line.won]
        row += [line.lost, signed_number(line.bonus_won_lost), line.bonus_opponents_lost]
        assert " ".join(str(value) for value in [*row, number(line.total)]) in text


def test_game_list_marks_an_overbid_game_in_the_overbid_column():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    f.enter(table, declarer_seat=2, game="diamonds", matadors=1, bid=30, won=True)
    f.play_out(table)
    pdf = game_list_pdf(table, base_url=BASE_URL)

    overbid = column_cells(pdf, "overbid")
    numbers = {y: text for y, text in column_cells(pdf, "number").items() if text.isdigit()}

    assert gettext("overbid") == "überreizt"
    assert "überreizt" in f.pdf_text(pdf)
    marked = sorted(numbers[y] for y in overbid if y in numbers)
    assert marked == ["1"]
    assert overbid[next(y for y, n in numbers.items() if n == "1")] == "x"


def test_sealed_list_prints_seal_verification_link_pin_confirmation_and_drawn_signature():
    table = f.make_complete_table(players=4, rounds_per_series=1)
    seat_one = table.seats.get(number=1)
    signing.sign_list(table, 1, image=f.png_data_url())
    f.sign_all(table)
    assert table.status == Table.Status.SIGNED and table.seal

    pdf = game_list_pdf(table, base_url=BASE_URL)
    text = f.pdf_text(pdf)
    flat = "".join(text.split())

    assert gettext("Seal: %(seal)s") % {"seal": table.seal} in text
    assert f"{BASE_URL}/verify/{table.seal}/" in text
    for signature in table.signatures.exclude(participant=seat_one.participant):
        confirmed = gettext("confirmed with PIN on %(when)s") % {
            "when": date_time(signature.signed_at)
        }
        assert "".join(confirmed.split()) in flat
    assert flat.count("".join(gettext("confirmed with PIN on %(when)s").split()[:2])) == 3
    drawn = gettext("drawn at the table device on %(when)s") % {
        "when": date_time(table.signatures.get(participant=seat_one.participant).signed_at)
    }
    assert "".join(drawn.split()) in flat
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    images = [
        xobject
        for xobject in page["/Resources"]["/XObject"].values()
        if xobject.get_object()["/Subtype"] == "/Image"
    ]
    assert len(images) == 1


def test_closed_list_prints_the_reason_for_the_missing_signature():
    table = f.make_complete_table(players=4, rounds_per_series=1)
    f.sign_all(table, except_seats=(3,))
    reason = "Platz 3 musste vor dem Unterschreiben gehen"
    states.apply(table, "close", f.make_staff_user(), reason)
    table.refresh_from_db()

    text = f.pdf_text(game_list_pdf(table, base_url=BASE_URL))

    assert table.status == Table.Status.LOCKED
    expected = gettext("Closed without all signatures: %(reason)s") % {"reason": reason}
    assert expected in text
    assert table.seal in text


@pytest.mark.parametrize(("players", "games"), [(4, 48), (3, 36)])
def test_full_series_list_fits_one_page_with_signatures_and_seal(players, games):
    table = f.make_complete_table(players=players, rounds_per_series=12)
    signing.sign_list(table, 1, image=f.png_data_url())
    f.sign_all(table)

    pdf = game_list_pdf(table, base_url=BASE_URL)

    assert table.games.count() == games
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    numbers = column_cells(pdf, "number", seats=tuple(range(1, players + 1))).values()
    assert [int(n) for n in numbers if n.isdigit()] == list(range(1, games + 1))
    assert table.seal in f.pdf_text(pdf)


def test_list_longer_than_a_page_continues_with_the_header_repeated():
    table = f.make_complete_table(players=4, rounds_per_series=20)

    pdf = game_list_pdf(table, base_url=BASE_URL)
    pages = PdfReader(io.BytesIO(pdf)).pages

    assert len(pages) == 2
    for page in pages:
        for name in names_at(table):
            assert name in page.extract_text()
    numbers = []
    for page in range(2):
        numbers += [int(n) for n in column_cells(pdf, "number", page=page).values() if n.isdigit()]
    assert numbers == list(range(1, 81))


def test_blank_list_has_numbered_lines_dealers_and_names_but_no_results():
    table = f.make_seated_table(players=4, rounds_per_series=12)

    pdf = blank_list_pdf(table)
    text = f.pdf_text(pdf)

    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert gettext("Blank game list") in text
    for name in names_at(table):
        assert name in text
    numbers = [int(n) for n in column_cells(pdf, "number").values() if n.isdigit()]
    assert numbers == list(range(1, 49))
    dealers = [d for d in column_cells(pdf, "dealer").values() if d.isdigit()]
    assert dealers == ["1", "2", "3", "4"] * 12
    assert [t for t in column_cells(pdf, "score").values() if t.lstrip("-").isdigit()] == []


def test_bulk_pdf_holds_every_table_of_the_series_one_after_the_other():
    tournament = f.make_tournament(rounds_per_series=1)
    series = f.make_series(tournament)
    people = f.make_participants(tournament, 11)
    tables = [
        f.make_table(series, people[:4]),
        f.make_table(series, people[4:8]),
        f.make_table(series, people[8:]),
    ]
    for table in tables:
        f.play_out(table)
    out = io.BytesIO()

    pages = series_lists_pdf(series, out, base_url=BASE_URL)

    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert pages == len(reader.pages) == 3
    for page, table in zip(reader.pages, tables, strict=True):
        text = page.extract_text()
        assert gettext("Table %(number)d") % {"number": table.number} in text
        for name in names_at(table):
            assert name in text


def test_bulk_pdf_of_a_series_without_tables_says_so_on_one_page():
    series = f.make_series(f.make_tournament())
    out = io.BytesIO()

    assert series_lists_pdf(series, out) == 1
    assert len(PdfReader(io.BytesIO(out.getvalue())).pages) == 1


def test_names_outside_latin_1_are_printed_exactly_as_typed():
    tournament = f.make_tournament(rounds_per_series=1)
    people = [
        participants.register(tournament, f.make_player(first_name="Łukasz", last_name="Żółć"))
    ]
    people += f.make_participants(tournament, 2)
    table = f.make_table(f.make_series(tournament), people)

    text = f.pdf_text(blank_list_pdf(table))

    assert "Łukasz Żółć" in text
