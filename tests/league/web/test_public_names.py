"""The league's public pages, API and files name players as they consented
(docs/privacy.md): a short name without the last name, no name at all for "none"."""

import pytest

from league.services import reports
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    """A group with one played, published venue; one host player of each consent."""
    group = make_group(series=1, rounds=1)
    host = make_league_team(group)
    others = [make_league_team(group) for _ in range(3)]
    venue = make_match_day(group, [[host, *others]]).venues.get()
    players = [entry.player for entry in host.roster.select_related("player")[:2]]
    for player, (last_name, publication) in zip(
        players, [("Kurzmann", "short"), ("Nichtmann", "none")], strict=True
    ):
        player.first_name, player.last_name, player.publication = "Nina", last_name, publication
        player.save()
    play_venue(venue)
    leader = f.make_staff_user()
    group.leaders.add(leader)
    report = publish_report(reports.submit_report(venue), leader)
    return group, host, report


def test_the_public_league_pages_and_files_name_players_as_they_consented(client, group):
    group, host, _report = group
    answers = [
        client.get(f"/liga/staffel/{group.pk}/einzelwertung/").content.decode(),
        client.get(f"/liga/mannschaft/{host.pk}/").content.decode(),
        client.get(f"/api/v1/groups/{group.pk}/player-ranking/").content.decode(),
    ]

    for text in answers:
        assert "Kurzmann" not in text
        assert "Nichtmann" not in text
    assert "Nina K." in answers[0]
    assert "Nina K." in answers[1]
    assert "Nina K." in answers[2]
