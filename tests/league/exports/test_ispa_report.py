"""An ISPA report (team points on the scale of 6 per series) prints won and lost team
points as the table does: the lost side is what the scale put at stake and the team did
not win, never below zero."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from league.exports.report_pdf import report_pdf
from league.models import MatchReport
from league.services import reports, results
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_ispa_league,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def ispa_report():
    group = make_group(league=make_ispa_league(6))
    teams = [make_league_team(group, players=6, substitutes=2, name=f"Team {n}") for n in "ABCD"]
    venue = play_venue(make_match_day(group, [teams]).venues.get())
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    report = reports.submit_report(venue)
    publish_report(report, leader)
    pairs = {row.name: row.points_pair for row in results.group_table(group).rows}
    return MatchReport.objects.get(pk=report.pk), pairs


def test_the_ispa_report_prints_team_points_as_the_table_does(client, ispa_report):
    report, pairs = ispa_report

    with translation.override("de"):
        pdf = f.pdf_words(report_pdf(report))
        page = f.page_text(client.get(f"/liga/spielbericht/{report.pk}/"))
    # The results tables, after the titles (which name the host).
    pdf, page = pdf[pdf.index("Ergebnisse") :], page[page.index("Ergebnisse") :]

    assert sorted(pairs.values()) == ["00:06", "02:04", "04:02", "06:00"]
    for name, pair in pairs.items():
        assert f" {pair}" in pdf[pdf.index(name) :][:60], name
        assert f" {pair}" in page[page.index(name) :][:60], name
    assert ":-" not in pdf and ":-" not in page
