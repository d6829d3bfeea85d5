"""Every address an anonymous visitor can open, and every file it can download, names the
players of a tournament only as they consented (docs/privacy.md): a player who gave
"short" never with the last name, a player who gave "none" never by name.

The crawl takes every route of the site and of the API, fills in the ids of one played,
sealed tournament, opens each without login, and follows the links of the pages it finds.
"""

import io
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from openpyxl import load_workbook

from tests import factories as f
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
LEGAL_LINKS = ('href="/datenschutz/"', 'href="/impressum/"')
SKIPPED_PREFIXES = ("/leitung/", "/admin/", "/anmelden/", "/abmelden/", "/static/", "/kasse/")


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


def _routes(patterns=None, prefix=""):
    """Every route of the site as a path pattern with its converters, e.g.
    ``api/v1/tournaments/<int:pk>/ranking/``."""
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            route = prefix + str(entry.pattern)
            if "^" in route:  # a router's regular expression: its named groups as <name>
                if "\\." in route or "(?P<format>" in route:
                    continue
                route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", route)
                route = route.replace("^", "").replace("$", "")
            yield route


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


def _addresses(table):
    """The routes with the tournament's ids filled in (regex and unknown ones left out)."""
    ids = _ids(table)
    for route in _routes():
        if any(("/" + route).startswith(p) for p in SKIPPED_PREFIXES):
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if any(name not in ids for name in names):
            continue
        addresses = ["/" + route]
        for name in names:
            values = ids[name]
            if name == "pk":  # the resource before it says what the id is of
                resource = route.split("<")[0].rstrip("/").split("/")[-1]
                values = ids.get(resource, [])
            addresses = [
                re.sub(rf"<(?:\w+:)?{name}>", str(value), address, count=1)
                for address in addresses
                for value in values
            ]
        yield from addresses


def _text(response) -> str:
    kind = response.get("Content-Type", "")
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if kind.startswith("application/pdf"):
        return f.pdf_text(content)
    if "spreadsheetml" in kind:
        workbook = load_workbook(io.BytesIO(content), read_only=True)
        return "\n".join(
            str(value)
            for sheet in workbook.worksheets
            for row in sheet.iter_rows(values_only=True)
            for value in row
            if value is not None
        )
    return content.decode("utf-8", errors="replace")


def _links(text: str) -> set[str]:
    return {
        link.split("#")[0]
        for link in re.findall(r'href="(/[^"]*)"', text)
        if not link.startswith(SKIPPED_PREFIXES)
    }


def test_no_anonymous_address_names_a_player_against_their_consent(client, played):
    to_visit = list(dict.fromkeys(_addresses(played)))
    seen, leaks, opened, unlinked = set(), [], 0, []
    while to_visit:
        address = to_visit.pop()
        if address in seen:
            continue
        seen.add(address)
        response = client.get(address)
        if response.status_code != 200:
            continue
        opened += 1
        text = _text(response)
        leaks += [(address, name) for name in FORBIDDEN if name in text]
        if "html" in response.get("Content-Type", ""):
            to_visit += [link for link in _links(text) if link not in seen]
            if not all(link in text for link in LEGAL_LINKS):
                unlinked.append(address)

    assert leaks == []
    assert unlinked == []  # every page's footer links the privacy notice and the imprint
    assert opened > 30  # the crawl reached the pages, the API and the files


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
