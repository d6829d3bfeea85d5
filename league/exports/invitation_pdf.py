"""A venue's invitation as a one-page PDF for the teams (services/venue_invitation.py)."""

import io

from django.utils.translation import gettext
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from league.services.venue_invitation import invitation_facts
from tournaments.exports import styles
from tournaments.exports.formatting import date, pdf_text
from tournaments.exports.styles import BOLD, FONT, MARGIN


def _escape(text) -> str:
    return pdf_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def invitation_pdf(venue) -> bytes:
    styles.register_fonts()
    facts = invitation_facts(venue)
    title = gettext("Invitation to match day %(number)d") % {"number": facts["number"]}
    rows = [
        (gettext("League"), f"{facts['league']} · {facts['group']} · {facts['season']}"),
        (gettext("Date"), date(facts["date"])),
        (gettext("Start"), facts["start_time"].strftime("%H:%M") if facts["start_time"] else "—"),
        (gettext("Address"), facts["address"]),
        (gettext("Host"), f"{facts['host']} ({facts['host_club']})"),
        (gettext("Contact"), facts["contact"] or "—"),
        (gettext("Teams"), ", ".join(facts["teams"])),
        (gettext("Series per match day"), str(facts["series"])),
    ]
    table = Table(
        [[Paragraph(_escape(a), styles.CELL), Paragraph(_escape(b), styles.CELL)] for a, b in rows],
        colWidths=[110, 380],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (0, -1), BOLD),
                ("FONT", (1, 0), (1, -1), FONT),
                ("GRID", (0, 0), (-1, -1), 0.4, styles.GRID),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, title=pdf_text(title)
    )
    story = [Paragraph(_escape(title), styles.TITLE), Spacer(0, 8), table]
    if facts["short_notice"]:
        notice = gettext("The match day is less than 14 days ahead: the invitation goes out late.")
        story += [Spacer(0, 8), Paragraph(_escape(notice), styles.BODY)]
    document.build(story)
    return out.getvalue()
