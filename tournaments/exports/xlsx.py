"""A small streaming XLSX writer for the exports' tables: text, whole numbers, few styles.

openpyxl builds a cell object and looks its style up for every value; for a championship
of 2,000 players (four sheets, 110,000 cells) that took twenty times as long as the
ranking itself, in write-only mode too. The exports need little of it: strings, integers,
a bold header, three number formats, frozen header rows and column widths. This writer
writes that SpreadsheetML directly (ECMA-376, the parts every reader needs and no more),
a row as one string. Text is always an inline string cell, never a formula, and
characters XML forbids are dropped (see :mod:`tournaments.exports.columns`). Files are
read back with openpyxl in the tests.
"""

import io
import zipfile
from decimal import Decimal
from xml.sax.saxutils import escape, quoteattr

from openpyxl.utils import get_column_letter

from .columns import xlsx_text

# Cell formats (cellXfs) of styles.xml, by name: their index is what a cell refers to.
STYLES = (
    "plain",
    "header",
    "title",
    "number",
    "number+bold",
    "signed",
    "signed+bold",
    "bold",
    "money",
    "money+bold",
)
NUMBER_FORMATS = {"number": 164, "signed": 165, "money": 166}

_STYLES_XML = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0"/>\
<numFmt numFmtId="165" formatCode="+#,##0;-#,##0;0"/>\
<numFmt numFmtId="166" formatCode="#,##0.00 &quot;€&quot;"/></numFmts>
<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/></font>\
<font><b/><sz val="13"/><name val="Calibri"/></font></fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill>\
<fill><patternFill patternType="gray125"/></fill>\
<fill><patternFill patternType="solid"><fgColor rgb="FFEEEEEE"/></patternFill></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="10">\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" \
applyAlignment="1"><alignment vertical="bottom" wrapText="1"/></xf>\
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" \
applyFont="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" \
applyFont="1"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="166" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" \
applyFont="1"/>\
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>"""

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"


_STYLE_ATTRIBUTES = {name: f' s="{index}"' for index, name in enumerate(STYLES)}


class Sheet:
    """One worksheet: set widths and frozen rows first, then append rows in order."""

    def __init__(self, title: str, escaped: dict[str, str] | None = None):
        self.title = title
        self.widths: dict[int, float] = {}
        self.frozen_rows = 0
        self.rows: list[str] = []
        # Text as written: names and clubs recur on every row and, in a workbook, on
        # every sheet (a tournament's players on each series' sheet and on the total).
        self._escaped: dict[str, str] = {} if escaped is None else escaped

    def append(self, values, styles=None) -> None:
        """A row of ``values`` (str, int or None), each with its style name or ``None``."""
        self.extend([values], styles)

    def extend(self, lines, styles=None) -> None:
        """Rows of values that share one style per column (the bulk of a sheet).

        A championship's sheets hold about 100,000 cells, so the usual row is written with
        one ``str.format`` of a template made from the first row's kinds of value (number
        or text per column); a row that differs (an empty cell, text in a number column)
        is written cell by cell. Text is escaped once per distinct value.
        """
        attributes = [_STYLE_ATTRIBUTES.get(style, "") for style in styles or ()]
        templates = {}  # the value types of a row → its template and its text cells
        escaped = self._escaped
        for line in lines:
            if styles is not None and len(line) != len(attributes):
                raise ValueError(f"{len(line)} values but {len(attributes)} styles")
            number = len(self.rows) + 1
            types = tuple(map(type, line))
            known = templates.get(types)
            if known is None:
                known = templates[types] = _row_template([_kind(v) for v in line], attributes)
            template, texts = known
            if template is None:  # an empty cell in it
                self.rows.append(self._row(number, line, attributes))
                continue
            values = list(line)
            for index in texts:
                value = values[index]
                values[index] = escaped.get(value) or self._text(value)
            self.rows.append(template.format(number, *values))

    def _row(self, number: int, line, attributes) -> str:
        """One row cell by cell: empty cells left out, each cell named by its reference."""
        cells = []
        for index, value in enumerate(line):
            kind = _kind(value)
            if kind is None:
                continue
            s = attributes[index] if attributes else ""
            reference = f"{_letter(index)}{number}"
            if kind is _NUMBER:
                cells.append(f'<c r="{reference}"{s}><v>{value}</v></c>')
            else:
                cells.append(f'<c r="{reference}"{s}{_TEXT_CELL.format(self._text(value))}')
        return f'<row r="{number}">{"".join(cells)}</row>'

    def _text(self, value) -> str:
        text = str(value)
        escaped = self._escaped.get(text)
        if escaped is None:
            escaped = self._escaped[text] = escape(xlsx_text(text))
        return escaped

    def xml(self) -> str:
        view = '<sheetView workbookViewId="0"/>'
        if self.frozen_rows:
            top = f"A{self.frozen_rows + 1}"
            view = (
                f'<sheetView workbookViewId="0"><pane ySplit="{self.frozen_rows}" '
                f'topLeftCell="{top}" activePane="bottomLeft" state="frozen"/>'
                f'<selection pane="bottomLeft" activeCell="{top}" sqref="{top}"/></sheetView>'
            )
        cols = "".join(
            f'<col min="{i + 1}" max="{i + 1}" width="{w}" customWidth="1"/>'
            for i, w in sorted(self.widths.items())
        )
        return (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<worksheet xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}">'
            f"<sheetViews>{view}</sheetViews>"
            + (f"<cols>{cols}</cols>" if cols else "")
            + f"<sheetData>{''.join(self.rows)}</sheetData></worksheet>"
        )


class XLSXWorkbook:
    """Sheets in order; ``active`` is the sheet a reader opens on (0-based)."""

    def __init__(self):
        self.sheets: list[Sheet] = []
        self.active = 0
        self._escaped: dict[str, str] = {}  # shared by its sheets

    def add_sheet(self, title: str) -> Sheet:
        sheet = Sheet(title, self._escaped)
        self.sheets.append(sheet)
        return sheet

    def save(self) -> bytes:
        out = io.BytesIO()
        # The fastest deflate level: a championship's sheets pack in a third of the time
        # of the default level, for a file a few per cent larger.
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            archive.writestr("[Content_Types].xml", self._content_types())
            archive.writestr(
                "_rels/.rels",
                _relationships([(f"{RELATIONSHIPS}/officeDocument", "xl/workbook.xml")]),
            )
            archive.writestr("xl/workbook.xml", self._workbook())
            targets = [
                (f"{RELATIONSHIPS}/worksheet", f"worksheets/sheet{i}.xml") for i in self._ids()
            ]
            targets.append((f"{RELATIONSHIPS}/styles", "styles.xml"))
            archive.writestr("xl/_rels/workbook.xml.rels", _relationships(targets))
            archive.writestr("xl/styles.xml", _STYLES_XML)
            for number, sheet in zip(self._ids(), self.sheets, strict=True):
                archive.writestr(f"xl/worksheets/sheet{number}.xml", sheet.xml())
        return out.getvalue()

    def _ids(self) -> range:
        return range(1, len(self.sheets) + 1)

    def _content_types(self) -> str:
        sheets = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{SHEET_TYPE}"/>'
            for i in self._ids()
        )
        office = "application/vnd.openxmlformats-officedocument.spreadsheetml"
        return (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{office}.sheet.main+xml"/>'
            f'<Override PartName="/xl/styles.xml" ContentType="{office}.styles+xml"/>'
            f"{sheets}</Types>"
        )

    def _workbook(self) -> str:
        sheets = "".join(
            f'<sheet name={quoteattr(sheet.title)} sheetId="{i}" r:id="rId{i}"/>'
            for i, sheet in zip(self._ids(), self.sheets, strict=True)
        )
        return (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}">'
            f'<bookViews><workbookView activeTab="{self.active}"/></bookViews>'
            f"<sheets>{sheets}</sheets></workbook>"
        )


def _relationships(targets) -> str:
    items = "".join(
        f'<Relationship Id="rId{i}" Type="{kind}" Target="{target}"/>'
        for i, (kind, target) in enumerate(targets, start=1)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS}">{items}</Relationships>'
    )


_NUMBER = "number"
_TEXT = "text"
# The rest of a text cell after its reference and style: an inline string, never a formula.
_TEXT_CELL = ' t="inlineStr"><is><t xml:space="preserve">{}</t></is></c>'


def _kind(value) -> str | None:
    """How a value is written: a number (int or Decimal, not bool), text, or nothing."""
    if value is None:
        return None
    kind = type(value)
    if kind is int or kind is Decimal:
        return _NUMBER
    if kind is str:
        return _TEXT
    return _NUMBER if isinstance(value, int | Decimal) and not isinstance(value, bool) else _TEXT


def _row_template(kinds, attributes) -> tuple[str | None, list[int]]:
    """A ``str.format`` template of a row (``{0}`` its number, then one field per cell) and
    the indexes of its text cells; no template for a row with an empty cell."""
    if None in kinds:
        return None, []
    cells = []
    for index, kind in enumerate(kinds):
        s = (attributes[index] if attributes else "").replace("{", "{{").replace("}", "}}")
        reference = f"{_letter(index)}{{0}}"
        field = f"{{{index + 1}}}"
        if kind is _NUMBER:
            cells.append(f'<c r="{reference}"{s}><v>{field}</v></c>')
        else:
            text = _TEXT_CELL.replace("{}", field)
            cells.append(f'<c r="{reference}"{s}{text}')
    texts = [index for index, kind in enumerate(kinds) if kind is _TEXT]
    return '<row r="{0}">' + "".join(cells) + "</row>", texts


_LETTERS = [get_column_letter(index) for index in range(1, 100)]


def _letter(index: int) -> str:
    return _LETTERS[index] if index < len(_LETTERS) else get_column_letter(index + 1)
