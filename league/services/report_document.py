"""The sealed document of a match report (Spielbericht) and checking its seal.

Built like a list's sealed document (tournaments/services/sealing/seal_document.py) and sealed
with the same HMAC under ``SEAL_SECRET``: the venue, its teams with their line-ups per
series (who sat, from which game), each series' game points and team points per team,
the seal of every list of the venue, the captains' signatures and the group leader's
corrections. Names are labels, left out of the comparison, so renaming a team or a
player later breaks no seal; everything else is content that verification compares with
the database as it is now.
"""

import hashlib
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from league.models import MatchReport, Venue
from tournaments.models import AuditEntry, Seat, Table
from tournaments.services.sealing.seal import (
    SEAL_PATTERN,
    Mismatch,
    find_mismatches,
    normalise_code,
)
from tournaments.services.sealing.seal_document import canonical, image_digest, seal_of, timestamp
from tournaments.skat.league import points_text

from .results import venue_result

DOCUMENT_FORMAT = 1
# Changed by signing and correcting; left out of the fingerprint a captain confirms.
_SIGNING_KEYS = ("signatures", "corrections")
_LABELS = ("name", "names", "format")
SEALING_ACTIONS = ("report_submitted", "report_signed", "report_corrected")


def report_content(venue: Venue) -> dict:
    """What the captains confirm, read from the database now (no signatures)."""
    match_day = venue.match_day
    group = match_day.group
    result = venue_result(venue)
    tournament = venue.tournament
    seated = {}
    for seat in (
        Seat.objects.filter(series__tournament=tournament)
        .select_related("participant__player")
        .order_by("series__number", "table__number", "number", "from_game")
        .values(
            "series__number",
            "participant",
            "participant__team",
            "participant__player__first_name",
            "participant__player__last_name",
            "table__number",
            "number",
            "from_game",
            "until_game",
        )
    ):
        seated.setdefault(seat["participant__team"], []).append(seat)
    teams = []
    for entry in venue.venue_teams.select_related("team").order_by("team__name", "team_id"):
        seats = seated.get(entry.tournament_team_id, [])
        teams.append(
            {
                "team": entry.team_id,
                "name": entry.team.name,
                "no_show": entry.no_show,
                "from_series": entry.from_series,  # a late team: absent in the series before
                "lineups": [
                    {
                        "series": seat["series__number"],
                        "participant": seat["participant"],
                        "name": f"{seat['participant__player__first_name']} "
                        f"{seat['participant__player__last_name']}",
                        "table": seat["table__number"],
                        "seat": seat["number"],
                        "from_game": seat["from_game"],
                        "until_game": seat["until_game"],
                    }
                    for seat in seats
                ],
            }
        )
    return {
        "format": DOCUMENT_FORMAT,
        "kind": "match_report",
        "season": group.league.season.name,
        "league": {"id": group.league_id, "name": group.league.name},
        "group": {"id": group.pk, "name": group.name},
        "match_day": {
            "id": match_day.pk,
            "number": match_day.number,
            "date": match_day.date.isoformat(),
            "central": match_day.central,
        },
        "venue": {"id": venue.pk, "number": venue.number, "host": venue.host_id},
        "tournament": {"id": tournament.pk, "name": tournament.name},
        "teams": teams,
        "series": [
            {
                "number": one.number,
                "teams": [
                    {
                        "team": score.team,
                        "game_points": score.game_points,
                        "team_points": points_text(score.team_points),
                    }
                    for score in one.teams
                ],
            }
            for one in result.series
        ],
        "totals": [
            {
                "team": score.team,
                "game_points": score.game_points,
                "team_points": points_text(score.team_points),
            }
            for score in result.teams
        ],
        "lists": [
            {
                "table": table["id"],
                "series": table["series__number"],
                "number": table["number"],
                "status": table["status"],
                "seal": table["seal"],
            }
            for table in Table.objects.filter(series__tournament=tournament)
            .order_by("series__number", "number")
            .values("id", "series__number", "number", "status", "seal")
        ],
    }


def report_document(report: MatchReport, content: dict | None = None) -> dict:
    """The whole document: the content, the signatures and the corrections."""
    document = dict(content if content is not None else report_content(report.venue))
    document["signatures"] = [
        {
            "team": signature.team_id,
            "signer": signature.signer_id,
            "method": signature.method,
            "signed_at": timestamp(signature.signed_at),
            "image_sha256": image_digest(signature.image),
            "confirmed": signature.report_digest,
        }
        for signature in report.signatures.order_by("signed_at", "id")
    ]
    document["corrections"] = list((report.document or {}).get("corrections", []))
    return document


def comparable(document: dict | None) -> dict | None:
    """The document without its labels (names) and format, its lists keyed by what they
    are about (team, series, table), so that a difference is named by its path, e.g.
    ``series.2.15.game_points`` (series 2, team 15). What verification compares."""
    if not isinstance(document, dict):
        return None
    stripped = _strip(document)
    try:
        return {**stripped, **_keyed(stripped)}
    except (KeyError, TypeError):  # a record altered into another shape: compared as is
        return stripped


def _keyed(document: dict) -> dict:
    def by(items, key):
        return {str(item[key]): item for item in items}

    return {
        "teams": {
            str(team["team"]): {
                **team,
                "lineups": {
                    f"{s['series']}/{s['table']}/{s['seat']}@{s['from_game']}": s
                    for s in team["lineups"]
                },
            }
            for team in document["teams"]
        },
        "series": {str(one["number"]): by(one["teams"], "team") for one in document["series"]},
        "totals": by(document["totals"], "team"),
        "lists": by(document["lists"], "table"),
        "signatures": by(document.get("signatures", []), "team"),
    }


def _strip(item):
    if isinstance(item, dict):
        return {
            key: _strip(value) for key, value in item.items() if key not in _LABELS + ("format",)
        }
    if isinstance(item, list):
        return [_strip(value) for value in item]
    return item


def content_digest(document: dict) -> str:
    """Fingerprint of what a captain confirms: the content without signatures and
    corrections (names left out)."""
    content = {k: v for k, v in comparable(document).items() if k not in _SIGNING_KEYS}
    return hashlib.sha256(canonical(content)).hexdigest()


def is_current(report: MatchReport) -> bool:
    """Whether the venue's results and lists are still what the report says."""
    return content_digest(report.document) == content_digest(report_content(report.venue))


# --- Verification ----------------------------------------------------------------------


REASONS = {
    "valid": gettext_noop("The match report is authentic and unchanged since it was sealed."),
    "malformed": gettext_noop(
        "This is not a seal code: a seal has 64 characters, digits 0-9 and letters a-f."
    ),
    "unknown": gettext_noop(
        "No match report has this seal. Check the code on the printed report character by "
        "character."
    ),
    "changed": gettext_noop(
        "The results changed after the report was sealed; the differences are listed below."
    ),
    "superseded": gettext_noop(
        "The report was sealed again later (a captain signed or the group leader corrected "
        "it); this printout is not the latest one."
    ),
    "not_reproducible": gettext_noop(
        "The seal cannot be confirmed: it was not made with this server's seal key, or the "
        "stored record of the report was altered."
    ),
}


@dataclass(frozen=True)
class ReportVerification:
    seal: str
    valid: bool
    reason: str
    report: int | None = None
    status: str = ""
    sealed_at: str | None = None
    facts: dict | None = None
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def message(self) -> str:
        return REASONS[self.reason]


def verify_report_seal(code: str) -> ReportVerification:
    """Check a report's seal against the report and the venue's results as they are now."""
    code = normalise_code(code)
    if not SEAL_PATTERN.match(code):
        return ReportVerification(code, False, "malformed")
    report = MatchReport.objects.filter(seal=code).select_related("venue__match_day").first()
    entry = (
        AuditEntry.objects.filter(action__in=SEALING_ACTIONS, after__seal=code)
        .order_by("-id")
        .first()
    )
    if report is None and entry is not None:
        report = MatchReport.objects.filter(pk=entry.after.get("report")).first()
    if report is None:
        return ReportVerification(code, False, "unknown")
    current_seal = report.seal == code
    stored = report.document if current_seal else (entry.after.get("document") if entry else None)
    genuine = isinstance(stored, dict) and seal_of(stored) == code
    facts = _facts(stored if genuine else report.document)
    sealed_at = (
        timestamp(report.sealed_at)
        if current_seal
        else (entry.after.get("sealed_at") if entry else None)
    )
    if not current_seal:
        reason = "superseded" if genuine else "not_reproducible"
        return ReportVerification(code, False, reason, report.pk, report.status, sealed_at, facts)
    if not genuine:
        return ReportVerification(
            code, False, "not_reproducible", report.pk, report.status, sealed_at, facts
        )
    now = comparable(report_document(report))
    mismatches = find_mismatches(comparable(stored), now)
    reason = "valid" if not mismatches else "changed"
    return ReportVerification(
        code, not mismatches, reason, report.pk, report.status, sealed_at, facts, mismatches
    )


def _facts(document) -> dict | None:
    if not isinstance(document, dict):
        return None
    return {key: document.get(key) for key in ("season", "league", "group", "match_day", "venue")}
