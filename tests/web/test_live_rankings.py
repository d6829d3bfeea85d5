"""Live rankings for many phones: 304 by version, cache per version, pages, find my name."""

import gzip
import re

import pytest
from django.test import RequestFactory

from tests import factories as f
from tournaments.benchmarks.ranking import build_championship
from tournaments.services import ranking
from tournaments.services.ranking_cache import pages_cache
from tournaments.web import live_table

KARO = {"game": "diamonds", "matadors": 1}
RANKINGS = ["rangliste/", "serie/1/rangliste/", "mannschaften/"]


@pytest.fixture
def running(db):
    """A running tournament with one table and one game entered."""
    tournament = f.make_tournament(rounds_per_series=1)
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 4))
    f.enter(table, declarer_seat=2, won=True, **KARO)
    return tournament, table


def url(tournament, suffix):
    return f"/turniere/{tournament.id}/{suffix}"


@pytest.mark.parametrize("suffix", RANKINGS)
def test_ranking_unchanged_since_last_request_answers_304(client, running, suffix):
    tournament, _ = running
    first = client.get(url(tournament, suffix))

    again = client.get(url(tournament, suffix), HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200
    assert again.status_code == 304
    assert again.content == b""


@pytest.mark.parametrize("suffix", RANKINGS)
def test_ranking_after_a_game_is_entered_answers_200_with_new_etag(client, running, suffix):
    tournament, table = running
    first = client.get(url(tournament, suffix))

    f.enter(table, declarer_seat=3, won=False, **KARO)
    again = client.get(url(tournament, suffix), HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert "no-cache" in again["Cache-Control"]


def test_version_endpoint_moves_when_a_game_is_entered(client, running):
    tournament, table = running
    before = client.get(url(tournament, "version/")).json()["version"]

    f.enter(table, declarer_seat=3, won=False, **KARO)
    after = client.get(url(tournament, "version/")).json()["version"]

    assert after > before


def test_version_endpoint_of_unknown_tournament_is_404(client, db):
    response = client.get("/turniere/999999/version/")

    assert response.status_code == 404
    assert "<h1>Seite nicht gefunden</h1>" in response.content.decode()


def test_ranking_is_computed_once_per_version(client, running, monkeypatch):
    tournament, table = running
    calls = []
    real = ranking.rank_tournament
    monkeypatch.setattr(ranking, "rank_tournament", lambda t: calls.append(1) or real(t))

    client.get(url(tournament, "rangliste/"))
    client.get(url(tournament, "rangliste/"))
    client.get(url(tournament, "rangliste/?fragment=1"))
    assert len(calls) == 1

    f.enter(table, declarer_seat=3, won=False, **KARO)
    fresh = client.get(url(tournament, "rangliste/")).content.decode()

    assert len(calls) == 2
    totals = {row.name: row.total for row in real(tournament)}
    assert all(f">{total}<".replace("-", "\u2212") in fresh for total in totals.values())


class Clock:
    """The live table's clock, moved by hand."""

    def __init__(self, monkeypatch):
        self.now = 1_000_000.0
        monkeypatch.setattr(live_table, "_now", lambda: self.now)


def version_of(client, tournament) -> int:
    return client.get(url(tournament, "version/")).json()["version"]


def shown_version(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


@pytest.mark.parametrize("suffix", RANKINGS)
def test_live_table_is_rendered_at_most_once_in_its_max_age(client, running, monkeypatch, suffix):
    tournament, table = running
    clock = Clock(monkeypatch)
    live = url(tournament, suffix + "?fragment=1")
    first = client.get(live).content.decode()
    renders = []
    cache = pages_cache()
    real = cache.set
    monkeypatch.setattr(cache, "set", lambda *a, **k: renders.append(1) or real(*a, **k))

    f.enter(table, declarer_seat=3, won=False, **KARO)
    clock.now += live_table.MAX_AGE_SECONDS - 1
    soon = client.get(live)
    f.enter(table, declarer_seat=1, won=True, **KARO)
    clock.now += 1
    later = client.get(live)
    again = client.get(live)

    assert soon.content.decode() == first
    assert renders == [1]
    assert shown_version(later.content.decode()) == version_of(client, tournament)
    assert again.content == later.content
    assert later.content != soon.content


def test_an_older_live_table_names_its_own_version_so_it_is_fetched_again(
    client, running, monkeypatch
):
    tournament, table = running
    Clock(monkeypatch)
    live = url(tournament, "rangliste/?fragment=1")
    first = client.get(live)
    before = version_of(client, tournament)

    f.enter(table, declarer_seat=3, won=False, **KARO)
    older = client.get(live)
    revalidated = client.get(live, HTTP_IF_NONE_MATCH=older["ETag"])

    assert version_of(client, tournament) > before
    assert shown_version(older.content.decode()) == before
    assert older["ETag"] == first["ETag"]
    assert revalidated.status_code == 200  # the current table is not the one it has


def test_while_one_request_renders_the_live_table_the_others_answer_with_the_newest(
    client, running, monkeypatch
):
    tournament, table = running
    clock = Clock(monkeypatch)
    live = url(tournament, "rangliste/?fragment=1")
    first = client.get(live).content
    f.enter(table, declarer_seat=3, won=False, **KARO)
    clock.now += live_table.MAX_AGE_SECONDS
    key = live_table.cache_key(RequestFactory().get(live))
    # Another request of this worker (a thread) renders it.
    assert pages_cache().add(live_table.rendering_lock(key), True)

    meanwhile = client.get(live).content
    pages_cache().delete(live_table.rendering_lock(key))
    afterwards = client.get(live).content

    assert meanwhile == first
    assert afterwards != first


def test_full_ranking_page_is_always_current(client, running, monkeypatch):
    tournament, table = running
    Clock(monkeypatch)
    client.get(url(tournament, "rangliste/?fragment=1"))

    f.enter(table, declarer_seat=3, won=False, **KARO)
    page = client.get(url(tournament, "rangliste/")).content.decode()

    assert shown_version(page) == version_of(client, tournament)


def test_public_ranking_is_compressed_for_browsers_that_accept_gzip(client, running):
    tournament, _ = running

    response = client.get(url(tournament, "rangliste/"), HTTP_ACCEPT_ENCODING="gzip")

    assert response["Content-Encoding"] == "gzip"
    assert b"<table" in gzip.decompress(response.content)


@pytest.fixture(scope="module")
def championship(module_db):
    """2000 players, built once for the module: the tests below only read it."""
    return build_championship(2000, 1, 1, seed=7)


def test_first_screen_of_a_2000_player_ranking_is_at_most_200_kb(client, championship):
    response = client.get(url(championship, "rangliste/"))

    assert response.status_code == 200
    assert len(response.content) <= 200 * 1024
    assert response.content.count(b'<td class="num rank">') == 100


@pytest.mark.parametrize("page", ["", "?seite=20"])
def test_every_page_of_a_2000_player_ranking_shows_100_rows(client, championship, page):
    content = client.get(url(championship, "rangliste/" + page)).content.decode()

    assert content.count('<td class="num rank">') == 100
    assert 'aria-current="page">1901–2000</a>' in content or page == ""


def test_find_my_name_jumps_to_the_page_with_the_player_and_highlights_the_row(
    client, championship
):
    rows = ranking.rank_tournament(championship)
    wanted = rows[1234]

    content = client.get(url(championship, "rangliste/"), {"name": wanted.name}).content.decode()

    assert 'aria-current="page">1201–1300</a>' in content
    found = content.split('class="found" id="found"')[1].split("</tr>")[0]
    assert wanted.name in found
    assert f"{wanted.rank}." in content


def test_find_my_name_without_a_match_says_so_and_shows_the_first_page(client, championship):
    content = client.get(url(championship, "rangliste/"), {"name": "Niemand"}).content.decode()

    assert "Niemand" in content
    assert 'class="found"' not in content
    assert 'aria-current="page">1–100</a>' in content


@pytest.mark.parametrize("kind", ["tournaments", "series"])
def test_api_ranking_answers_304_until_a_game_is_entered(client, running, kind):
    tournament, table = running
    path = f"/api/v1/{kind}/{tournament.id if kind == 'tournaments' else table.series_id}/ranking/"
    first = client.get(path)

    unchanged = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    f.enter(table, declarer_seat=3, won=False, **KARO)
    changed = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200
    assert unchanged.status_code == 304
    assert changed.status_code == 200
    assert changed.json() != first.json()
