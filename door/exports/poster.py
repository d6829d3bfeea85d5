"""The A4 poster for the door: the tournament's name, a large QR code to the phone's
registration page, and its address for those who type it."""

from io import BytesIO

import segno
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournaments.exports.fitting import draw, fit
from tournaments.exports.styles import BOLD, FONT, register_fonts

QR_SIZE = 130 * mm


def poster_pdf(tournament, link: str) -> bytes:
    """One A4 page: heading, tournament, QR code, address, the three steps."""
    register_fonts()
    width, height = A4
    buffer = BytesIO()
    page = Canvas(buffer, pagesize=A4)
    page.setTitle(_("Registration: %(name)s") % {"name": tournament.name})
    page.setFont(BOLD, 40)
    page.drawCentredString(width / 2, height - 40 * mm, _("Register here"))
    text_width = width - 40 * mm
    draw(page, width / 2, height - 55 * mm, fit(tournament.name, text_width, FONT, 22), "centre")
    page.setFont(FONT, 22)
    page.drawCentredString(width / 2, height - 65 * mm, date_format(tournament.date))
    _draw_qr(page, link, (width - QR_SIZE) / 2, height - 75 * mm - QR_SIZE)
    page.setFont(FONT, 14)
    page.drawCentredString(width / 2, height - 85 * mm - QR_SIZE, link)
    steps = (
        _("1. Scan the code with your phone's camera"),
        _("2. Enter your name and club, tap 'Register now'"),
        _("3. Pay at the desk with your waiting number"),
    )
    for number, step in enumerate(steps):
        baseline = height - (100 + 12 * number) * mm - QR_SIZE
        draw(page, 20 * mm, baseline, fit(step, text_width, FONT, 20))
    page.showPage()
    page.save()
    return buffer.getvalue()


def _draw_qr(page: Canvas, link: str, left: float, bottom: float) -> None:
    rows = list(segno.make(link, error="m", micro=False).matrix_iter(border=4))
    module = QR_SIZE / len(rows)
    page.setFillColorRGB(0, 0, 0)
    for row_number, row in enumerate(rows):
        top = bottom + QR_SIZE - (row_number + 1) * module
        for column, dark in enumerate(row):
            if dark:
                page.rect(left + column * module, top, module, module, stroke=0, fill=1)
