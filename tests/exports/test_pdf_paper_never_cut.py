"""Paper that is never cut: captions inside their boxes, no empty table at a page break.

The PDFs are read back with pypdf: each string with its font, size and position, and each
rectangle the page draws, so a caption's printed width is measured, not assumed.
"""

import io

import pytest
from django.utils.translation import gettext, pgettext
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests import factories as f
from tournaments.exports.pdf_list import game_list_pdf
from tournaments.exports.pdf_list_foot import SIGNATURE_HEIGHT
from tournaments.models import Player
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db

LONG_NAMES = [
    ("Hans-Joachim", "Müller-Lüdenscheidt"),
    ("Karl-Heinz", "Schmidt-Rottluff"),
    ("Anna-Lena", "Oberhauser-Wittgenstein"),
    ("Wolfgang", "Zimmermann-Brockhaus"),
]


def printed_strings(pdf: bytes, page: int = 0) -> list[tuple[str, float, float, float, float]]:
    """(text, left, right, baseline, size) of every string on a page, its width measured in
    the font the page names for it."""
    strings = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if not text or font is None:
            return
        name = str(font["/BaseFont"]).lstrip("/").split("+")[-1]
        left, baseline = tm[4], tm[5]
        strings.append((text, left, left + stringWidth(text, name, size), baseline, size))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return strings


def rectangles(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every rectangle drawn with ``re`` on a page."""
    reader = PdfReader(io.BytesIO(pdf))
    content = ContentStream(reader.pages[page].get_contents(), reader)
    found = []
    for operands, operator in content.operations:
        if operator == b"re":
            x, y, width, height = (float(value) for value in operands)
            found.append((x, y, x + width, y + height))
    return found


def long_named_signed_table():
    """A complete 4-table of long double names, seat 1 signed by drawing, the rest by PIN."""
    table = f.make_complete_table(players=4, rounds_per_series=1)
    for seat, (first, last) in zip(table.seats.order_by("number"), LONG_NAMES, strict=True):
        Player.objects.filter(pk=seat.participant.player_id).update(
            first_name=first, last_name=last
        )
    signing.sign_list(table, 1, image=f.png_data_url())
    return f.sign_all(table)


def test_every_signature_caption_lies_within_its_box_and_none_overlap():
    table = long_named_signed_table()
    pdf = game_list_pdf(table, base_url="https://skat.example.org")

    boxes = [box for box in rectangles(pdf) if abs(box[3] - box[1] - SIGNATURE_HEIGHT) < 0.01]
    assert len(boxes) == 4
    bottom = min(box[1] for box in boxes)
    top = max(box[3] for box in boxes)
    captions = [s for s in printed_strings(pdf) if bottom < s[3] < top]
    texts = " ".join(caption[0] for caption in captions)
    assert "Müller-" in texts and "gezeichnet" in texts and "mit PIN" in texts
    for text, left, right, _, _ in captions:
        inside = [box for box in boxes if box[0] <= left and right <= box[2]]
        assert inside, f"{text!r} ({left:.1f}–{right:.1f}) leaves its box"
    for index, (text, left, right, baseline, size) in enumerate(captions):
        for other, o_left, o_right, o_baseline, o_size in captions[index + 1 :]:
            side_by_side = right <= o_left or o_right <= left
            apart = abs(baseline - o_baseline) >= min(size, o_size)
            assert side_by_side or apart, f"{text!r} overlaps {other!r}"


def test_a_page_whose_games_all_went_before_holds_no_empty_table_header():
    # 16 rounds: 64 games fill page 1, the settlement and signatures need a page of their own.
    table = f.make_complete_table(players=4, rounds_per_series=16)

    pdf = game_list_pdf(table)
    reader = PdfReader(io.BytesIO(pdf))

    assert len(reader.pages) == 2
    header = pgettext("game list column", "Base value")
    assert header in reader.pages[0].extract_text()
    last_page = reader.pages[1].extract_text()
    assert header not in last_page
    assert pgettext("game list column", "No.") not in last_page.split()
    assert gettext("Settlement") in last_page
    assert gettext("Signatures") in last_page
