"""The foot of a game list PDF: the settlement, the signatures and the seal with its QR code.

:class:`~tournaments.exports.pdf_list.GameListPDF` draws the header and the games and
then this part, below the last game of the list's last page.
"""

import io

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from reportlab.lib.utils import ImageReader, simpleSplit

from tournaments.models import Signature
from tournaments.services import public_address
from tournaments.services.lists.comparing import FIELD_WORDS

from . import list_money, styles
from .fitting import Fitted, fit, fitting_size
from .formatting import date_time, number, pdf_text, signed_number
from .list_changes import change_remarks
from .listsheet import ListSheet
from .styles import BOLD, FONT, ITALIC, MARGIN, MONO, PAGE_WIDTH

LINE = 10
REMARK_LINE = 9
QR_SIZE = 62
SIGNATURE_HEIGHT = 58
STAND_SIZE = 7
STAND_LINE = 8.5
CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN


def stand_lines(sheet: ListSheet) -> list[str]:
    """The sentence saying what the running totals (Stand) are, as the table page says it,
    broken into the lines the foot prints under the settlement."""
    return simpleSplit(pdf_text(sheet.stand_meaning), ITALIC, STAND_SIZE, CONTENT_WIDTH)


def verification_url(base_url: str, seal: str) -> str:
    """Where the QR code leads: the public page that checks the seal (``/verify/<seal>/``)."""
    return f"{base_url.rstrip('/')}/verify/{seal}/"


class ListFoot:
    """Drawing of the list's foot; the list PDF provides ``canvas``, ``base_url``, ``_text``."""

    def _footer(self, sheet: ListSheet, y: float) -> None:
        y = list_money.draw_pdf_lines(self, sheet, self._settlement(sheet, y))
        y = self._remarks(sheet, y)
        for line in closed_lines(sheet):
            self._text(MARGIN, y - 9, line, ITALIC, 8)
            y -= LINE
        if sheet.closed_reason:
            y -= 2
        self._signatures(sheet, y - 4)
        if sheet.seal:
            self._seal(sheet, y - 4)

    def _remarks(self, sheet: ListSheet, y: float) -> float:
        lines = remark_lines(sheet)
        if not lines:
            return y
        self._text(MARGIN, y - 9, gettext("Remarks"), BOLD, 9)
        y -= 12
        for line in lines:
            self._text(MARGIN, y - 8, line, FONT, 7.5)
            y -= REMARK_LINE
        return y - 4

    def _settlement(self, sheet: ListSheet, y: float) -> float:
        self._text(MARGIN, y - 11, gettext("Settlement"), BOLD, 9)
        y -= 14
        headings = [
            (pgettext("settlement column", "Seat"), 30, "center"),
            (pgettext("settlement column", "Name"), 150, "left"),
            (pgettext("settlement column", "Start no."), 45, "right"),
            (gettext("game points"), 62, "right"),
            (gettext("won"), 50, "right"),
            (gettext("lost"), 50, "right"),
            (pgettext("settlement column", "±50"), 50, "right"),
            (pgettext("settlement column", "30/40 points"), 60, "right"),
            (pgettext("settlement column", "Total"), CONTENT_WIDTH - 497, "right"),
        ]
        xs = [MARGIN]
        for _, width, _ in headings:
            xs.append(xs[-1] + width)
        canvas = self.canvas
        height = LINE * (len(sheet.settlement) + 1)
        canvas.saveState()
        canvas.setFillColor(styles.LIGHT)
        canvas.rect(MARGIN, y - LINE, CONTENT_WIDTH, LINE, 0, 1)
        canvas.setStrokeColor(styles.GRID)
        canvas.setLineWidth(0.3)
        canvas.grid(xs, [y - i * LINE for i in range(len(sheet.settlement) + 2)])
        canvas.restoreState()
        for (label, width, align), x in zip(headings, xs, strict=False):
            size = fitting_size(label, width - 4, 8, BOLD)
            self._cell(label, x, width, y - LINE + 2.8, align, BOLD, size)
        for index, line in enumerate(sheet.settlement, start=1):
            baseline = y - (index + 1) * LINE + 2.8
            values = (
                [str(line.seat), line.name, str(line.start_number)] + [""] * 6
                if sheet.blank
                else [
                    str(line.seat),
                    line.name,
                    str(line.start_number),
                    number(line.game_points),
                    number(line.won),
                    number(line.lost),
                    signed_number(line.bonus_won_lost),
                    number(line.bonus_opponents_lost),
                    number(line.total),
                ]
            )
            for (_, width, align), x, value in zip(headings, xs, values, strict=False):
                font = BOLD if value and x == xs[-2] else FONT
                self._cell(value, x, width, baseline, align, font)
        y -= height
        for line in stand_lines(sheet):
            self._text(MARGIN, y - 8, line, ITALIC, STAND_SIZE)
            y -= STAND_LINE
        return y - 6

    def _cell(self, value, x, width, baseline, align, font=FONT, size=8):
        if align == "left":
            self._text(x + 2, baseline, value, font, size, "left", width=width - 4)
        elif align == "right":
            self._text(x + width - 2, baseline, value, font, size, "right")
        else:
            self._text(x + width / 2, baseline, value, font, size, "center")

    def _signatures(self, sheet: ListSheet, y: float) -> None:
        canvas = self.canvas
        self._text(MARGIN, y - 9, gettext("Signatures"), BOLD, 9)
        lines = sheet.signatures
        room = CONTENT_WIDTH - (QR_SIZE + 16 if sheet.seal else 0)
        width = room / max(len(lines), 1)
        top = y - 12
        for index, line in enumerate(lines):
            x = MARGIN + index * width
            canvas.saveState()
            canvas.setStrokeColor(styles.GRID)
            canvas.setLineWidth(0.3)
            canvas.rect(x + 1, top - SIGNATURE_HEIGHT, width - 4, SIGNATURE_HEIGHT, 1, 0)
            canvas.restoreState()
            label = gettext("Seat %(seat)d: %(name)s") % {"seat": line.seat, "name": line.name}
            inner = width - 10
            below_label = self._fitted(x + 4, top - 8, fit(label, inner, FONT, 6.5, smallest=4.5))
            inner_bottom = top - SIGNATURE_HEIGHT + 4
            if line.method == Signature.Method.IMAGE:
                text = gettext("drawn at the table device on %(when)s") % {
                    "when": date_time(line.signed_at)
                }
                caption = fit(text, inner, FONT, 5.5, smallest=4.5)
                self._fitted(x + width - 6, inner_bottom + caption.extra, caption, "right")
                image_bottom = inner_bottom + caption.extra + caption.size + 1
                if line.image:
                    height = min(40, below_label - 3 - image_bottom)
                    self._signature_image(line.image, x + 4, image_bottom, inner, height)
            elif line.method == Signature.Method.PIN:
                text = gettext("confirmed with PIN on %(when)s") % {
                    "when": date_time(line.signed_at)
                }
                self._fitted(x + 4, inner_bottom + 25, fit(text, inner, ITALIC, 7, smallest=5.5))

    def _fitted(self, x: float, baseline: float, fitted: Fitted, align: str = "left") -> float:
        """``fitted`` line by line from ``baseline`` down; returns the lowest text's bottom
        edge, where what follows may begin (a caption is wrapped, never cut)."""
        for line in fitted.lines:
            self._text(x, baseline, line, fitted.font, fitted.size, align)
            baseline -= fitted.leading
        return baseline + fitted.leading - fitted.size * 0.25

    def _signature_image(self, png: bytes, x, y, width, height) -> None:
        try:
            image = ImageReader(io.BytesIO(png))
            self.canvas.drawImage(
                image, x, y, width, height, preserveAspectRatio=True, anchor="sw", mask="auto"
            )
        except Exception:  # an unreadable stored image must not keep the list from printing
            self._text(x, y + 18, gettext("(signature image unreadable)"), ITALIC, 7)

    def _seal(self, sheet: ListSheet, y: float) -> None:
        url = sheet.check_url or public_address.list_check_url(
            self.base_url, sheet.seal, sheet.tournament_id, sheet.series_number, sheet.table_number
        )
        top = y - 12
        if url.startswith(("http://", "https://")):  # a phone cannot open a relative link
            styles.draw_qr(self.canvas, url, PAGE_WIDTH - MARGIN - QR_SIZE, top - QR_SIZE, QR_SIZE)
        below = top - max(SIGNATURE_HEIGHT, QR_SIZE) - 9
        seal = gettext("Seal: %(seal)s") % {"seal": sheet.seal}
        self._text(MARGIN, below, seal, MONO, 7)
        check = gettext("Sealed on %(when)s. Check it at %(url)s") % {
            "when": date_time(sheet.sealed_at),
            "url": url,
        }
        self._text(MARGIN, below - LINE, check, FONT, 6.5, width=CONTENT_WIDTH)


def closed_lines(sheet: ListSheet) -> list[str]:
    """Why a list was closed without every signature, wrapped to the page's width."""
    if not sheet.closed_reason:
        return []
    text = gettext("Closed without all signatures: %(reason)s") % {"reason": sheet.closed_reason}
    return simpleSplit(pdf_text(text), ITALIC, 8, CONTENT_WIDTH)


def remarks_height(sheet: ListSheet) -> float:
    """The room :meth:`ListFoot._remarks` takes below the settlement."""
    lines = remark_lines(sheet)
    return 12 + REMARK_LINE * len(lines) + 4 if lines else 0


def remark_lines(sheet: ListSheet) -> list[str]:
    """What the grid of games cannot show, wrapped to the page's width: why the list ended
    early, the bid of each overbid game, games lost by a rule violation, who sat on a seat
    from and until which game, how two lists compared, and every correction and undo with
    its time, who made it and why."""
    remarks = []
    if sheet.ended_early_at is not None:
        games = sum(1 for row in sheet.rows if row.entered)
        remarks.append(
            ngettext(
                "Ended early after %(count)d game on %(when)s: %(reason)s",
                "Ended early after %(count)d games on %(when)s: %(reason)s",
                games,
            )
            % {
                "count": games,
                "when": date_time(sheet.ended_early_at),
                "reason": sheet.ended_reason,
            }
        )
    for row in sheet.rows:
        if row.overbid and row.bid:
            remarks.append(
                gettext("Game %(number)d: overbid, bid %(bid)d (game value %(value)d)")
                % {"number": row.number, "bid": row.bid, "value": row.game_value or 0}
            )
        if row.conceded:
            remarks.append(
                gettext("Game %(number)d: lost by rule violation or conceded")
                % {"number": row.number}
            )
    remarks += _seat_changes(sheet)
    remarks += two_list_remarks(sheet)
    remarks += change_remarks(sheet.changes)
    wrapped = []
    for remark in remarks:
        wrapped += simpleSplit(pdf_text(remark), FONT, 7.5, CONTENT_WIDTH)
    return wrapped


# How a difference between the two lists came to be settled, as the PDF says it.
SETTLED_HOW = {
    "took_a": gettext_noop("list B took list A's version at the table"),
    "took_b": gettext_noop("list A took list B's version at the table"),
    "corrected": gettext_noop("a correction made the lists agree"),
    "director_a": gettext_noop("the director chose list A"),
    "director_b": gettext_noop("the director chose list B"),
    "rule": gettext_noop("the director applied the court's rule"),
}


def two_list_remarks(sheet: ListSheet) -> list[str]:
    """Where two lists were kept: "doppelt geführt" with the number of differences found,
    and for each how it was settled (docs/rules.md 4.1)."""
    if not sheet.two_lists:
        return []
    found = sheet.differences
    lines = [
        ngettext(
            "Kept twice (two lists compared game by game): %(count)d difference found.",
            "Kept twice (two lists compared game by game): %(count)d differences found.",
            len(found),
        )
        % {"count": len(found)}
    ]
    for difference in found:
        fields = ", ".join(gettext(FIELD_WORDS.get(name, name)) for name in difference.fields)
        how = (
            gettext(SETTLED_HOW[difference.settled_how])
            if difference.settled_how
            else gettext("still open")
        )
        line = gettext("Game %(number)d differed in %(fields)s: %(how)s") % {
            "number": difference.number,
            "fields": fields,
            "how": how,
        }
        if difference.reason:
            line += f" ({difference.reason})"
        lines.append(line)
    return lines


def _seat_changes(sheet: ListSheet) -> list[str]:
    lines = []
    for seat in sheet.seat_numbers:
        occupants = sheet.occupants_of(seat)
        if all(o.from_game == 1 and o.until_game is None for o in occupants):
            continue
        parts = []
        for index, occupant in enumerate(occupants):
            values = {
                "name": occupant.name,
                "first": occupant.from_game,
                "last": occupant.until_game,
            }
            if occupant.from_game == 1:
                part = gettext("%(name)s until game %(last)d") % values
            elif occupant.until_game is None:
                part = gettext("from game %(first)d %(name)s") % values
            else:
                part = gettext("games %(first)d to %(last)d %(name)s") % values
            if index > 0 and occupants[index - 1].until_game == occupant.from_game - 1:
                part += " " + gettext("(replacement)")
            parts.append(part)
        lines.append(gettext("Seat %(seat)d: %(name)s") % {"seat": seat, "name": ", ".join(parts)})
    return lines
