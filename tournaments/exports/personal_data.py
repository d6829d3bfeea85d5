"""A player's stored data (Art. 15 DSGVO) as a readable PDF: one section per part of
:func:`tournaments.services.personal_data.player_data`, each entry as label and value."""

import io
import json
from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from tournaments.services import personal_data

from .styles import BOLD, FONT, MARGIN


def section_titles() -> dict[str, str]:
    return {
        "player": gettext("Player"),
        "registrations": gettext("Registrations"),
        "lists": gettext("Lists"),
        "games": gettext("Games"),
        "signatures": gettext("Signatures"),
        "payments": gettext("Payments"),
        "audit": gettext("Audit trail"),
        **{key: str(title) for key, title in personal_data.section_titles().items()},
    }


def personal_data_pdf(data: dict) -> bytes:
    """The PDF of ``data`` (a player's stored data): a heading, then every section."""
    heading = ParagraphStyle("heading", fontName=BOLD, fontSize=14, leading=18)
    title = ParagraphStyle("title", fontName=BOLD, fontSize=11, leading=15, spaceBefore=8)
    text = ParagraphStyle("text", fontName=FONT, fontSize=8.5, leading=11)
    player = data["player"]
    name = f"{player['first_name']} {player['last_name']}"
    story = [
        Paragraph(escape(gettext("Data stored about %(name)s") % {"name": name}), heading),
        Paragraph(escape(gettext("As of %(when)s") % {"when": data["made_at"]}), text),
    ]
    for key, label in section_titles().items():
        story.append(Paragraph(escape(label), title))
        entries = data[key] if isinstance(data[key], list) else [data[key]]
        if not entries:
            story.append(Paragraph("–", text))
        for entry in entries:
            line = "; ".join(f"{field}: {_value(value)}" for field, value in entry.items())
            story.append(Paragraph(escape(line), text))
            story.append(Spacer(1, 2))
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=gettext("Data stored about %(name)s") % {"name": name},
    )
    document.build(story)
    return out.getvalue()


def _value(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)
