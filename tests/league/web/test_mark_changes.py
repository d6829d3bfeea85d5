"""The group leader changes a team's promotion or relegation mark before confirming them
(a team that withdrew goes down in place of the last team; a team that waives promotion
stays), with a reason; the next season moves the teams by the marks as confirmed. After
the confirmation, confirming again with other marks replaces them."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from league.models import LeagueTeam
from league.services import reports, results, season_rollover
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)
from tournaments.models import AuditEntry
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_group():
    """A group of four teams after one published match day; place 1 goes up, place 4 down."""
    group = make_group(promotion=1, relegation=1, series=1, rounds=1)
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    teams = [make_league_team(group, name=f"Team {n}") for n in "ABCD"]
    venue = make_match_day(group, [teams]).venues.get()
    play_venue(venue)
    publish_report(reports.submit_report(venue), leader)
    rows = results.group_table(group, published_only=True).rows
    by_place = [LeagueTeam.objects.get(pk=row.team) for row in rows]
    return group, leader, by_place


def test_the_leader_changes_a_mark_before_confirming(played_group):
    group, leader, (first, second, third, last) = played_group

    marks = season_rollover.confirm_marks(
        group,
        changes={third.pk: "relegation", last.pk: "", first.pk: ""},
        reason="Mannschaft auf Platz 3 hat zurückgezogen; Platz 1 verzichtet",
        user=leader,
    )

    group.refresh_from_db()
    assert marks == group.confirmed_marks
    assert group.confirmed_marks == {
        str(first.pk): None,
        str(second.pk): None,
        str(third.pk): "relegation",
        str(last.pk): None,
    }
    entry = AuditEntry.objects.filter(action="marks_confirmed").latest("id")
    assert entry.reason == "Mannschaft auf Platz 3 hat zurückgezogen; Platz 1 verzichtet"
    assert entry.after["changed"] == {
        str(first.pk): None,
        str(third.pk): "relegation",
        str(last.pk): None,
    }


def test_a_changed_mark_needs_a_reason_and_a_mark_the_table_knows(played_group):
    group, leader, (first, _second, third, _last) = played_group

    with pytest.raises(Rejected) as unexplained:
        season_rollover.confirm_marks(group, changes={third.pk: "relegation"}, user=leader)
    with pytest.raises(Rejected) as unknown:
        season_rollover.confirm_marks(
            group, changes={third.pk: "withdrawn"}, reason="Rückzug", user=leader
        )
    other = make_league_team(make_group(), name="Fremd")
    with pytest.raises(Rejected) as foreign:
        season_rollover.confirm_marks(
            group, changes={other.pk: "relegation"}, reason="Rückzug", user=leader
        )
    unchanged = season_rollover.confirm_marks(group, changes={first.pk: "promotion"}, user=leader)

    assert unexplained.value.problems[0].field == "reason"
    assert unknown.value.problems[0].field == "marks"
    assert foreign.value.problems[0].field == "marks"
    assert unchanged[str(first.pk)] == "promotion"  # the table's own mark needs no reason


def test_the_leader_changes_marks_on_the_page_and_confirms_again_later(client, played_group):
    group, leader, (first, second, third, last) = played_group
    client.force_login(leader)
    url = f"/liga/leitung/staffel/{group.pk}/auf-und-abstieg/"
    form = {f"mark-{team.pk}": "" for team in (first, second, third, last)}
    form[f"mark-{first.pk}"] = "promotion"

    with translation.override("de"):
        page = client.get(url).content.decode()
        refused = client.post(url, {**form, f"mark-{third.pk}": "relegation"})
        changed = client.post(
            url, {**form, f"mark-{third.pk}": "relegation", "reason": "Rückzug von Platz 3"}
        )
        group.refresh_from_db()
        after_first = dict(group.confirmed_marks)
        again = client.post(url, {**form, f"mark-{last.pk}": "relegation", "reason": "Irrtum"})
        group.refresh_from_db()

    assert f'name="mark-{third.pk}"' in page
    assert refused.status_code == 400
    text = f.page_text(refused)
    assert "Begründung:" in text
    assert group.marks_confirmed_at is not None
    assert changed.status_code == 302
    assert after_first[str(third.pk)] == "relegation" and after_first[str(last.pk)] is None
    assert again.status_code == 302
    assert group.confirmed_marks[str(third.pk)] is None
    assert group.confirmed_marks[str(last.pk)] == "relegation"


def test_the_published_table_shows_the_marks_the_leader_confirmed(client, played_group):
    group, leader, (first, _second, third, last) = played_group
    season_rollover.confirm_marks(
        group,
        changes={third.pk: "relegation", last.pk: ""},
        reason="Rückzug von Platz 3",
        user=leader,
    )

    marks = {row.team: row.mark for row in results.group_table(group).rows}
    with translation.override("de"):
        page = client.get(f"/liga/staffel/{group.pk}/")
    rows = {row.team: row.mark for row in results.group_table(group, confirmed=False).rows}

    assert marks[third.pk] == "relegation" and marks[last.pk] is None
    assert marks[first.pk] == "promotion"
    assert rows[third.pk] is None and rows[last.pk] == "relegation"  # the table's own
    text = f.page_text(page)
    assert "Auf- und Abstieg wie vom Staffelleiter am" in text
    assert season_rollover.marks_of(group)[last.pk] == "relegation"
