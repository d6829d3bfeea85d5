"""The report's PDF says whether its results are binding, and lists every protest with
the group leader's decision."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone, translation

from league.exports.report_pdf import report_pdf
from league.models import MatchReport
from league.services import reports
from tests import factories as f
from tests.league.factories import make_season
from tournaments.services import states

pytestmark = pytest.mark.django_db


@pytest.fixture
def report():
    """A published report of a match day held today, club 3's captain with a login."""
    group, teams = make_season()
    report = MatchReport.objects.select_related("venue__match_day").get()
    day = report.venue.match_day
    day.date = timezone.localdate()
    day.save()
    captain = get_user_model().objects.create_user("kapitaen")
    teams[2].captain_user = captain
    teams[2].save()
    return MatchReport.objects.get(pk=report.pk), group.leaders.get(), teams[2], captain


def _text(report) -> str:
    with translation.override("de"):
        return " ".join(f.pdf_text(report_pdf(MatchReport.objects.get(pk=report.pk))).split())


def test_a_decided_protest_is_in_the_pdf_with_its_decision(report):
    report, leader, team, captain = report
    until = reports.binding_date(report).strftime("%d.%m.%Y")

    untouched = _text(report)
    protest = states.apply(report, "protest", captain, "Tisch 2 falsch gezählt", team=team.pk)
    open_text = _text(report)
    reports.decide_protest(
        protest, {"decision": "rejected", "reason": "Zählung stimmt"}, user=leader
    )
    decided = _text(report)

    assert f"verbindlich ab {until}, wenn kein Einspruch eingelegt wird" in untouched
    assert "Einsprüche" not in untouched
    assert "Tisch 2 falsch gezählt – noch nicht entschieden" in open_text
    assert "nicht verbindlich, solange ein Einspruch offen ist" in open_text
    assert "Tisch 2 falsch gezählt – abgelehnt am" in decided
    assert "Zählung stimmt" in decided


def test_once_the_window_passed_the_pdf_says_binding_since(report):
    report, _leader, _team, _captain = report
    day = report.venue.match_day
    day.date = timezone.localdate() - datetime.timedelta(days=30)
    day.save()
    since = reports.binding_date(MatchReport.objects.get(pk=report.pk)).strftime("%d.%m.%Y")

    text = _text(report)

    assert f"Stand: verbindlich · seit {since}" in text
    assert "wenn kein Einspruch" not in text


def test_the_report_prints_each_team_s_team_points_as_won_to_lost(report, client):
    """One series at a venue of four: 3 points at stake, printed "03:00" … "00:03"."""
    report = report[0]
    pairs = []
    for total in report.document["totals"]:
        won = float(total["team_points"])
        whole, half = int(won), won % 1
        lost = 3 - won
        pairs.append(f"{whole:02d}{',5' if half else ''}:{int(lost):02d}{',5' if lost % 1 else ''}")

    text = _text(report)
    page = client.get(f"/liga/spielbericht/{report.pk}/").content.decode()

    assert all(pair in text for pair in pairs), (pairs, text)
    assert all(f'<td class="num total">{pair}</td>' in page for pair in pairs)
