"""Every address an anonymous visitor can open, and every file it can download, names the
players of a tournament only as they consented (docs/privacy.md): a player who gave
"short" never with the last name, a player who gave "none" never by name.

The crawl (tests/security/crawling.py) takes every route of the site and of the API, fills
in the ids of one played, sealed tournament, opens each without login, and follows the
links of the pages it finds.
"""

import pytest

from tests import factories as f
from tests.security.crawling import crawl
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db

CONSENTS = [
    ("Fulvia", "Vollmann", "full"),
    ("Kurt", "Kurzmann", "short"),
    ("Nina", "Nichtmann", "none"),
    ("Fritz", "Fullberg", "full"),
]
# What must never reach an anonymous visitor.
FORBIDDEN = ("Kurzmann", "Nichtmann", "Nina")


@pytest.fixture
def played():
    """One sealed table of four players, one of each consent (and a second in full),
    named so before they sign: the seal's snapshot holds their names."""
    table = f.make_complete_table(players=4, rounds_per_series=1)
    club = f.make_club(name="Skatfreunde Nord")
    seats = table.seats.select_related("participant__player").order_by("number")
    for seat, (first_name, last_name, publication) in zip(seats, CONSENTS, strict=True):
        player = seat.participant.player
        player.first_name, player.last_name = first_name, last_name
        player.publication, player.club = publication, club
        player.save()
    table = f.sign_all(table)
    tournament = table.series.tournament
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    return table


def _ids(table) -> dict:
    series = table.series
    tournament = series.tournament
    return {
        "tournaments": [tournament.pk],
        "series": [series.pk],
        "tables": [table.pk],
        "players": list(Player.objects.values_list("pk", flat=True)),
        "clubs": list(Player.objects.values_list("club_id", flat=True).distinct()),
        "tournament_id": [tournament.pk],
        "series_id": [series.pk],
        "table_id": [table.pk],
        "player_id": list(Player.objects.values_list("pk", flat=True)),
        "participant_id": list(tournament.participants.values_list("pk", flat=True)),
        "number": [1],
        "seal": [table.seal],
        "pk": [table.pk],
    }


def test_no_anonymous_address_names_a_player_against_their_consent(client, played):
    found = crawl(client, _ids(played), FORBIDDEN)

    assert found.leaks == []
    assert found.unlinked == []  # every page's footer links the privacy notice and the imprint
    assert len(found.opened) > 30  # the crawl reached the pages, the API and the files


def test_the_public_ranking_shows_each_level_as_consented(client, played):
    tournament = played.series.tournament

    page = client.get(f"/turniere/{tournament.pk}/rangliste/").content.decode()

    assert "Fulvia Vollmann" in page
    assert "Kurt K." in page
    assert f"Teilnehmer {_start_number('Nichtmann')}" in page


def test_a_player_who_consented_to_no_name_has_no_public_page(client, played):
    hidden = Player.objects.get(last_name="Nichtmann")
    shown = Player.objects.get(last_name="Kurzmann")

    assert client.get(f"/spieler/{hidden.pk}/").status_code == 404
    assert client.get(f"/spieler/{shown.pk}/").status_code == 200


def test_the_director_keeps_the_full_names(director_client, played):
    tournament = played.series.tournament

    page = director_client.get(f"/leitung/turniere/{tournament.pk}/teilnehmer/").content.decode()

    assert "Nina Nichtmann" in page
    assert "Kurt Kurzmann" in page


def _start_number(last_name: str) -> int:
    return Player.objects.get(last_name=last_name).participations.get().start_number
