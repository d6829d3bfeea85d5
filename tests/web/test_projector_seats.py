"""The projector's "Tisch und Platz": after the draw every participant finds their seat.

Everyone seated in the series, alphabetically by the German sort key (Ö with O, ß as ss),
with table and seat, in pages of 25 names that turn every 10 seconds; named by the public
naming rule, since the projector is public. Players who consented to no name come last,
by start number, so their place in the alphabet tells nothing about their name.
"""

import re
from html import unescape

import pytest

from tests import factories as f
from tournaments.models import Player, Publication, Seat
from tournaments.services import draw, participants
from tournaments.text import name_sort_key

pytestmark = pytest.mark.django_db

LAST_NAMES = ["Öztürk", "Ochs", "Müller", "Mueller", "Straße", "Strasse", "Zander", "Abel"]


@pytest.fixture
def drawn():
    """Series 1 of 60 players (15 tables), drawn; two short names and two without a name."""
    tournament = f.make_tournament(rounds_per_series=1)
    players = []
    for index in range(60):
        last = f"{LAST_NAMES[index % len(LAST_NAMES)]} {index:02d}"
        publication = Publication.FULL
        if index in (3, 17):
            publication = Publication.SHORT
        if index in (5, 40):
            publication = Publication.NONE
        players.append(
            Player(first_name=f"Vorname{index}", last_name=last, publication=publication)
        )
    participants.register_many(tournament, [participants.Registration(p, None) for p in players])
    series = f.make_series(tournament)
    draw.draw_series(series, seed=11)
    return series


def url(series) -> str:
    return f"/turniere/{series.tournament_id}/leinwand/serie/{series.number}/plaetze/"


def expected_rows(series) -> list[tuple[str, int, int]]:
    """(public name, table, seat) of every seat of ``series``, in the order they are shown."""
    seats = Seat.objects.filter(series=series).select_related("participant__player", "table")
    named, unnamed = [], []
    for seat in seats:
        player, number = seat.participant.player, seat.participant.start_number
        if player.publication == Publication.NONE:
            unnamed.append((number, (f"Teilnehmer {number}", seat.table.number, seat.number)))
            continue
        if player.publication == Publication.SHORT:
            name = f"{player.first_name} {player.last_name[0]}."
        else:
            name = f"{player.first_name} {player.last_name}"
        key = name_sort_key(player.last_name, player.first_name)
        named.append((key, (name, seat.table.number, seat.number)))
    return [row for _key, row in sorted(named)] + [row for _n, row in sorted(unnamed)]


def shown_rows(html: str) -> list[tuple[str, int, int]]:
    pattern = re.compile(
        r'<tr data-testid="seat-row">\s*<th scope="row">(.*?)</th>\s*'
        r'<td class="num seat-table"[^>]*>(\d+)</td>\s*<td class="num"[^>]*>(\d+)</td>',
        re.S,
    )
    return [(unescape(n), int(t), int(s)) for n, t, s in pattern.findall(html)]


def test_every_participant_once_in_order_with_table_and_seat_in_pages_of_25(client, drawn):
    response = client.get(url(drawn))

    html = response.content.decode()
    assert response.status_code == 200
    rows = shown_rows(html)
    assert len(rows) == 60
    assert rows == expected_rows(drawn)
    assert len({name for name, _t, _s in rows}) == 60
    assert html.count('data-testid="projector-page"') == 3  # 25, 25 and 10 names
    assert 'data-seconds="10"' in html
    assert 'data-rows="25"' in html
    # The German key: "Müller" and "Mueller" sort as "muller"/"mueller", Ö with O.
    names = [name for name, _t, _s in rows]
    assert names.index("Vorname7 Abel 07") < names.index("Vorname2 Müller 02")
    assert names.index("Vorname1 Ochs 01") < names.index("Vorname0 Öztürk 00")
    assert names[-2:] == ["Teilnehmer 6", "Teilnehmer 41"]


def test_the_public_never_sees_a_name_beyond_the_players_consent(client, drawn):
    html = client.get(url(drawn)).content.decode()

    assert "Vorname3 M." in html and "Mueller 03" not in html
    assert "Strasse 05" not in html and "Vorname5<" not in html
    assert "Vorname40" not in html


def test_a_series_not_drawn_yet_says_so(client):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 8)
    series = f.make_series(tournament)

    response = client.get(url(series))

    assert response.status_code == 200
    assert "noch nicht ausgelost" in response.content.decode()
    assert shown_rows(response.content.decode()) == []


def test_an_unknown_series_is_404(client, drawn):
    response = client.get(f"/turniere/{drawn.tournament_id}/leinwand/serie/9/plaetze/")

    assert response.status_code == 404


def test_the_series_page_links_the_seat_finder_for_the_projector(director_client, drawn):
    page = director_client.get(f"/leitung/serien/{drawn.id}/").content.decode()

    assert f'href="{url(drawn)}"' in page
