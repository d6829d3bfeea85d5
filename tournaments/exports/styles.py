"""Page size, fonts, colours and small drawing helpers shared by every PDF.

Names are printed exactly as typed, also with letters outside Latin-1 (Łukasz, Şahin,
Dvořák): every PDF uses DejaVu Sans Condensed, shipped in ``exports/fonts/`` (free
Bitstream Vera licence, see the LICENSE file there) and embedded as a subset of the
letters used, so a list stays small and looks the same in every reader. The condensed
cut is about as wide as Helvetica, for which the list's columns were laid out.
"""

import functools
import zlib
from pathlib import Path

from reportlab import rl_config
from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.rl_accel import escapePDF
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .formatting import pdf_text

# Binary streams instead of ASCII85 text: a quarter smaller, and reportlab's pure-Python
# ASCII85 encoder took 15 ms per signature image.
rl_config.useA85 = 0

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 10 * mm
FONT = "DejaVuSansCondensed"
BOLD = "DejaVuSansCondensed-Bold"
ITALIC = "DejaVuSansCondensed-Oblique"
MONO = "Courier"  # seals and codes: ASCII only, a built-in font is enough
FONT_DIR = Path(__file__).resolve().parent / "fonts"


def register_fonts() -> None:
    """Make the shipped fonts known to reportlab (once per process; cheap afterwards)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name in (FONT, BOLD, ITALIC):
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, FONT_DIR / f"{name}.ttf"))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


register_fonts()

GRID = colors.Color(0.35, 0.35, 0.35)
LIGHT = colors.Color(0.93, 0.93, 0.93)
SHADE = colors.Color(0.96, 0.96, 0.97)
MUTED = colors.Color(0.4, 0.4, 0.4)
INK = colors.black

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=18, alignment=TA_LEFT)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=9, leading=12, textColor=MUTED)
HEADING = ParagraphStyle("heading", fontName=BOLD, fontSize=11, leading=14, spaceBefore=6)
BODY = ParagraphStyle("body", fontName=FONT, fontSize=8, leading=10)
CELL = ParagraphStyle("cell", fontName=FONT, fontSize=8, leading=9.5)
QR_MASK = 2


def new_canvas(out, title: str) -> Canvas:
    """An A4 canvas with the document's title and the product as author."""
    canvas = Canvas(out, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), pageCompression=1)
    canvas.setTitle(pdf_text(title))
    canvas.setAuthor("Skatverein")
    canvas.setCreator("Skatverein")
    return canvas


def cut_lines(canvas, columns: int, rows: int) -> None:
    """Dashed lines between the cards of a page cut into ``columns`` × ``rows`` cards."""
    width, height = PAGE_WIDTH / columns, PAGE_HEIGHT / rows
    canvas.saveState()
    canvas.setStrokeColor(MUTED)
    canvas.setLineWidth(0.4)
    canvas.setDash(4, 3)
    for column in range(1, columns):
        canvas.line(column * width, 0, column * width, PAGE_HEIGHT)
    for row in range(1, rows):
        canvas.line(0, row * height, PAGE_WIDTH, row * height)
    canvas.restoreState()


def draw_qr(canvas, value: str, x: float, y: float, size: float) -> None:
    """A QR code of ``value`` with its lower left corner at (x, y), ``size`` points wide.

    reportlab's encoder is used directly: its widget draws every module as a shape and
    tries all eight masks, which takes a third of a second per code and made the bulk PDF
    of a series ten times slower. One fixed mask is valid QR (the code says which mask it
    uses); dark runs of a row become one rectangle each, written as one path.
    """
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(value)
    code.version = code.calculate_version()
    code.makeImpl(False, QR_MASK)
    count = code.getModuleCount()
    module = size / count
    ops = ["q 0 g"]
    for row_index, row in enumerate(code.modules):
        top = y + size - (row_index + 1) * module
        column = 0
        while column < count:
            if not row[column]:
                column += 1
                continue
            start = column
            while column < count and row[column]:
                column += 1
            ops.append(
                f"{x + start * module:.3f} {top:.3f} {(column - start) * module:.3f} "
                f"{module:.3f} re"
            )
    ops.append("f Q")
    canvas.addLiteral("\n".join(ops))


@functools.lru_cache(maxsize=8192)
def text_width(text: str, font: str) -> float:
    """Width of ``text`` at size 1; cached, since lists repeat the same numbers and marks."""
    return stringWidth(text, font, 1)


@functools.lru_cache(maxsize=8192)
def _escaped(text: str) -> str:
    return escapePDF(text.encode("cp1252", "replace"))


def _is_embedded(font: str) -> bool:
    return getattr(pdfmetrics.getFont(font), "_dynamicFont", False)


class TextLayer:
    """The strings of one page, written as one PDF text block.

    A list page has some 700 strings; reportlab's ``drawString`` costs about 80 µs each
    (a text object, float formatting, font switching), this about a fifth of that, which
    is what keeps the bulk PDF of 500 lists within its time budget. An embedded font
    writes each string as codes of its subsets (256 letters each); the codes of a string
    are remembered for the document, since lists repeat the same numbers and names.
    """

    def __init__(self, canvas):
        self.canvas = canvas
        self.ops: list[str] = []
        self.current = None
        self.names: dict[str, str] = {}
        self.pieces: dict[tuple[str, str], list[tuple[str, str]]] = {}

    def text(self, x: float, y: float, text: str, font: str, size: float, align="left"):
        if not text:
            return
        if align != "left":
            width = text_width(text, font) * size
            x -= width if align == "right" else width / 2
        self.ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
        for internal, codes in self._pieces(font, text):
            if (internal, size) != self.current:
                self.ops.append(f"{internal} {size:g} Tf")
                self.current = (internal, size)
            self.ops.append(f"({codes}) Tj")

    def _pieces(self, font: str, text: str) -> list[tuple[str, str]]:
        """(resource name of the font or its subset, escaped codes) for ``text``."""
        key = (font, text)
        pieces = self.pieces.get(key)
        if pieces is None:
            if _is_embedded(font):
                document = self.canvas._doc
                face = pdfmetrics.getFont(font)
                pieces = [
                    (face.getSubsetInternalName(subset, document), escapePDF(codes))
                    for subset, codes in face.splitString(text, document)
                ]
            else:
                pieces = [(self._internal(font), _escaped(text))]
            self.pieces[key] = pieces
        return pieces

    def _internal(self, font: str) -> str:
        if font not in self.names:
            # The document's resource name of a built-in font (/F1 ...), registering it.
            self.names[font] = self.canvas._doc.getInternalFontName(font)
        return self.names[font]

    def flush(self, color: str = "0 g") -> None:
        """Write the collected strings onto the page (on top of what is drawn so far)."""
        if self.ops:
            self.canvas.addLiteral(f"q {color} BT\n" + "\n".join(self.ops) + "\nET Q")
        self.ops = []
        self.current = None


def grid_ops(xs, ys, width: float, gray: float) -> str:
    """PDF operators stroking the lines of a grid (as ``canvas.grid``, a fifth of the cost)."""
    ops = [f"q {gray:.2f} G {width:.2f} w"]
    low, high = min(ys), max(ys)
    left, right = min(xs), max(xs)
    ops += [f"{x:.2f} {low:.2f} m {x:.2f} {high:.2f} l" for x in xs]
    ops += [f"{left:.2f} {y:.2f} m {right:.2f} {y:.2f} l" for y in ys]
    ops.append("S Q")
    return "\n".join(ops)


def fill_ops(rects, gray: float) -> str:
    """PDF operators filling rectangles ``(x, y, width, height)`` in one grey."""
    if not rects:
        return ""
    body = "\n".join(f"{x:.2f} {y:.2f} {w:.2f} {h:.2f} re" for x, y, w, h in rects)
    return f"q {gray:.3f} g\n{body}\nf Q"


def line_ops(lines, width: float, gray: float) -> str:
    """PDF operators stroking lines ``(x1, y1, x2, y2)``."""
    if not lines:
        return ""
    body = "\n".join(f"{a:.2f} {b:.2f} m {c:.2f} {d:.2f} l" for a, b, c, d in lines)
    return f"q {gray:.2f} G {width:.2f} w\n{body}\nS Q"


def compress_finished_page(canvas) -> None:
    """Compress the page just finished now instead of when the document is saved.

    reportlab keeps every page's drawing operators as text until ``save()``: some 45 KB
    per list page, so a bulk PDF of 500 lists held 22 MB of them. Compressed at once a
    page keeps about 6 KB, and memory stays nearly flat in the number of lists. The page
    gets a ready stream object, which reportlab then writes as it is.
    """
    page = canvas._doc.Pages.pages[-1]
    stream = page.stream
    if not stream or page.Contents:
        return
    dictionary = PDFDictionary()
    dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])
    page.Contents = PDFStream(dictionary, zlib.compress(stream.encode("latin-1")))
    page.Contents.__Comment__ = "page stream"
    page.stream = None


def page_footer(canvas, text: str) -> None:
    """The small grey line at the foot of every page (what, when, page n of m)."""
    canvas.saveState()
    canvas.setFont(FONT, 6)
    canvas.setFillColor(MUTED)
    canvas.drawString(MARGIN, MARGIN / 2, text)
    canvas.restoreState()
