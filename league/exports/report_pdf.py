"""The match report (Spielbericht) as a PDF like a list's: the venue's results per series,
the line-ups, the seal of every list, the captains' signatures, the group leader's
corrections, and the report's seal with a QR code to its verification page; signed
digitally (PAdES) with the host club's certificate, as the lists are."""

import io
from decimal import Decimal

from django.urls import reverse
from django.utils.translation import gettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from league.models import MatchReport
from league.services import reports
from league.services.results import missed_series, points_pair
from tournaments.exports import pades, styles
from tournaments.exports.formatting import date, date_time, number, pdf_text
from tournaments.exports.styles import BOLD, FONT, MARGIN, MONO
from tournaments.models import Table as ListTable
from tournaments.skat.league import points_per_team_beaten

QR_SIZE = 70
NOT_PLAYED = "–"  # a series a team did not play (late, or did not turn up)
SIGNATURE_HEIGHT = 40


def verification_url(base_url: str, seal: str) -> str:
    """Where the QR code leads: the public page that checks the report's seal."""
    return base_url.rstrip("/") + reverse("league:report-verify", args=[seal])


def _escape(text) -> str:
    return pdf_text(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _points(text: str) -> str:
    return str(text).replace(".", ",")


class SealBlock(Flowable):
    """The report's seal code and its QR code, side by side."""

    def __init__(self, seal: str, url: str, width: float):
        super().__init__()
        self.seal, self.url, self.width, self.height = seal, url, width, QR_SIZE + 4

    def draw(self):
        canvas = self.canv
        styles.draw_qr(canvas, self.url, 0, 2, QR_SIZE)
        canvas.setFont(BOLD, 9)
        canvas.drawString(QR_SIZE + 10, QR_SIZE - 8, pdf_text(gettext("Seal of the match report")))
        canvas.setFont(MONO, 8)
        canvas.drawString(QR_SIZE + 10, QR_SIZE - 22, self.seal[:32])
        canvas.drawString(QR_SIZE + 10, QR_SIZE - 32, self.seal[32:])
        canvas.setFont(FONT, 7.5)
        canvas.drawString(
            QR_SIZE + 10, QR_SIZE - 48, pdf_text(gettext("Check it: scan the code or open"))
        )
        canvas.drawString(QR_SIZE + 10, QR_SIZE - 58, pdf_text(self.url))


class SignatureImage(Flowable):
    def __init__(self, png: bytes, width: float):
        super().__init__()
        self.reader = ImageReader(io.BytesIO(png))
        image_width, image_height = self.reader.getSize()
        self.height = SIGNATURE_HEIGHT
        self.width = min(width, SIGNATURE_HEIGHT * image_width / max(image_height, 1))

    def draw(self):
        self.canv.drawImage(self.reader, 0, 0, self.width, self.height, mask="auto")


def report_pdf(report: MatchReport, *, base_url: str = "") -> bytes:
    """The report as a PDF signed with the host club's certificate."""
    out = io.BytesIO()
    _render(report, out, base_url)
    venue = report.venue
    pades.add_digital_signature(
        out,
        venue.tournament.club,
        reason=gettext("Match report"),
        location=venue.tournament.venue,
    )
    return out.getvalue()


def _table(data, widths, *, header=True, bold_last=False) -> Table:
    table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=1 if header else 0)
    commands = [
        ("FONT", (0, 0), (-1, -1), FONT, 9, 11),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, styles.GRID),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if header:
        commands += [
            ("FONT", (0, 0), (-1, 0), BOLD, 8.5, 10),
            ("BACKGROUND", (0, 0), (-1, 0), styles.LIGHT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, styles.INK),
        ]
    if bold_last:
        commands.append(("FONT", (-2, 1), (-1, -1), BOLD, 9, 11))
    table.setStyle(TableStyle(commands))
    return table


def _render(report: MatchReport, out, base_url: str) -> None:
    document = report.document
    venue = report.venue
    match_day = venue.match_day
    group = match_day.group
    title = gettext("Match report") + f" – {group.league.name} {group.name}"
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 4,
        title=pdf_text(title),
        author="Skatverein",
        creator="Skatverein",
    )
    width = doc.width
    names = {team["team"]: team["name"] for team in document["teams"]}
    state = reports.state_label(reports.state_of(report))
    story = [
        Paragraph(_escape(title), styles.TITLE),
        Paragraph(
            _escape(
                " · ".join(
                    [
                        gettext("Season %(name)s") % {"name": group.league.season.name},
                        gettext("Match day %(number)d") % {"number": match_day.number},
                        date(match_day.date),
                        venue.title,
                    ]
                )
            ),
            styles.SUBTITLE,
        ),
        Paragraph(
            _escape(
                gettext("Status: %(state)s · %(binding)s")
                % {"state": state, "binding": reports.binding_sentence(report)}
            ),
            styles.SUBTITLE,
        ),
        Spacer(1, 6),
        Paragraph(_escape(gettext("Results")), styles.HEADING),
    ]
    series = document["series"]
    header = [gettext("Team")]
    for one in series:
        header += [
            gettext("S%(number)d GP") % {"number": one["number"]},
            gettext("S%(number)d TP") % {"number": one["number"]},
        ]
    header += [gettext("Sum GP"), gettext("Sum TP")]
    rows = [[Paragraph(_escape(cell), styles.CELL) for cell in header]]
    by_series = [{row["team"]: row for row in one["teams"]} for one in series]
    # The sum printed "07:02": what beating each other team was worth (ISPA 2, DSkV 1).
    per_team = points_per_team_beaten(group.league.scheme)
    at_stake = sum((len(one["teams"]) - 1) * per_team for one in series)
    missed = missed_series(document)
    for total in document["totals"]:
        team = total["team"]
        line = [Paragraph(_escape(names.get(team, "")), styles.CELL)]
        for one, by_team in zip(series, by_series, strict=True):
            row = by_team.get(team, {})
            if (one["number"], team) in missed:
                line += [NOT_PLAYED, NOT_PLAYED]  # not played: no result of 0 points
            else:
                line += [number(row.get("game_points", 0)), _points(row.get("team_points", "0"))]
        won = Decimal(total["team_points"])
        line += [number(total["game_points"]), points_pair(won, at_stake - won)]
        rows.append(line)
    first = width * 0.3
    rest = (width - first) / (len(header) - 1)
    story.append(_table(rows, [first] + [rest] * (len(header) - 1), bold_last=True))
    legend = gettext(
        "S1, S2, …: series; GP: game points (the players' list points); TP: team "
        "points (one per team with fewer game points, ties share)."
    )
    if missed:
        legend += " " + gettext("–: did not turn up for this series")
    story.append(Paragraph(_escape(legend), styles.BODY))

    story.append(Paragraph(_escape(gettext("Line-ups")), styles.HEADING))
    for team in document["teams"]:
        if team["no_show"]:
            text = gettext("%(team)s: did not turn up") % {"team": team["name"]}
        else:
            parts = []
            for seat in team["lineups"]:
                part = gettext("S%(series)d T%(table)d: %(name)s") % {
                    "series": seat["series"],
                    "table": seat["table"],
                    "name": seat["name"],
                }
                if seat["from_game"] != 1:
                    part += " " + gettext("(from game %(game)d)") % {"game": seat["from_game"]}
                if seat["until_game"]:
                    part += " " + gettext("(until game %(game)d)") % {"game": seat["until_game"]}
                parts.append(part)
            text = f"{team['name']}: " + "; ".join(parts)
        story.append(Paragraph(_escape(text), styles.BODY))

    story.append(Paragraph(_escape(gettext("Lists and their seals")), styles.HEADING))
    lists = [[gettext("Series"), gettext("Table"), gettext("Status"), gettext("Seal")]]
    for item in document["lists"]:
        status = str(ListTable.Status(item["status"]).label)
        lists.append([str(item["series"]), str(item["number"]), status, item["seal"] or "–"])
    story.append(_table(lists, [width * 0.1, width * 0.1, width * 0.15, width * 0.65]))

    if document.get("corrections"):
        story.append(Paragraph(_escape(gettext("Corrections by the group leader")), styles.HEADING))
        for correction in document["corrections"]:
            story.append(
                Paragraph(
                    _escape(
                        " ".join(
                            [
                                correction["at"][:16].replace("T", " "),
                                f"{correction['by']}:",
                                correction["reason"],
                            ]
                        )
                    ),
                    styles.BODY,
                )
            )

    story += _protests(report, names)

    story.append(Paragraph(_escape(gettext("Signatures of the captains")), styles.HEADING))
    signatures = {s.team_id: s for s in report.signatures.all()}
    for team in document["teams"]:
        if team["no_show"]:
            continue
        signature = signatures.get(team["team"])
        label = Paragraph(_escape(team["name"]), styles.CELL)
        if signature is None:
            cell = Paragraph(_escape(gettext("not signed")), styles.CELL)
        elif signature.method == "image" and bytes(signature.image):
            cell = SignatureImage(bytes(signature.image), width * 0.45)
        else:
            cell = Paragraph(
                _escape(gettext("confirmed with the PIN of the start card")), styles.CELL
            )
        when = date_time(signature.signed_at) if signature else ""
        story.append(
            _table([[label, cell, when]], [width * 0.3, width * 0.5, width * 0.2], header=False)
        )

    story.append(Spacer(1, 10))
    story.append(SealBlock(report.seal, verification_url(base_url, report.seal), width))
    doc.build(story, onFirstPage=_footer(title), onLaterPages=_footer(title))


def _protests(report: MatchReport, names: dict) -> list:
    """Every protest with its reason and the group leader's decision (or that it is open)."""
    protests = list(report.protests.order_by("lodged_at", "pk"))
    if not protests:
        return []
    story = [Paragraph(_escape(gettext("Protests")), styles.HEADING)]
    for protest in protests:
        text = gettext("%(team)s, %(at)s: %(reason)s") % {
            "team": names.get(protest.team_id, ""),
            "at": date_time(protest.lodged_at),
            "reason": protest.reason,
        }
        if protest.decision:
            text += " – " + gettext("%(decision)s on %(at)s: %(reason)s") % {
                "decision": protest.get_decision_display(),
                "at": date_time(protest.decided_at),
                "reason": protest.decision_reason,
            }
        else:
            text += " – " + gettext("not yet decided")
        story.append(Paragraph(_escape(text), styles.BODY))
    return story


def _footer(title: str):
    def draw(canvas, document):
        styles.page_footer(
            canvas, pdf_text(f"{title} · " + gettext("Page %(number)d") % {"number": document.page})
        )

    return draw
