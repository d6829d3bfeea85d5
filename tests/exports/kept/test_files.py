"""Ranking files kept in storage per tournament version: made once, made anew after a change."""

import pytest
from django.core.files.storage import FileSystemStorage, default_storage
from django.urls import resolve

from tests import factories as f
from tournaments.exports.kept import files

pytestmark = pytest.mark.django_db

API = "/api/v1/"
DOCUMENTS = [
    "series/{series}/ranking.xlsx",
    "series/{series}/ranking.pdf",
    "tournaments/{tournament}/ranking.xlsx",
    "tournaments/{tournament}/ranking.csv",
    "tournaments/{tournament}/teams/ranking.xlsx",
]


@pytest.fixture(autouse=True)
def _storage(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def counting_renders(monkeypatch, url: str) -> list:
    """Counts how often the download at ``url`` runs its exporter."""
    view = resolve(url.split("?")[0]).func.view_class
    real = view.exporter
    calls = []
    monkeypatch.setattr(
        view, "exporter", staticmethod(lambda *a, **k: calls.append(1) or real(*a, **k))
    )
    return calls


def body(response) -> bytes:
    assert response.status_code == 200, response.content
    return response.content


def stored_rankings() -> list[str]:
    if not default_storage.exists(files.RANKINGS):
        return []
    return default_storage.listdir(files.RANKINGS)[1]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_ranking_file_is_made_once_per_version_and_then_served_from_storage(
    client, monkeypatch, document
):
    table = f.make_seated_table(4)
    f.enter(table, passed=True)
    url = API + document.format(series=table.series_id, tournament=table.series.tournament_id)
    renders = counting_renders(monkeypatch, url)

    first = body(client.get(url))
    second = body(client.get(url))

    assert len(renders) == 1
    assert second == first
    assert len(stored_rankings()) == 1


def test_a_game_entered_makes_the_next_download_new_and_replaces_the_older_file(
    client, monkeypatch
):
    table = f.make_seated_table(4)
    url = f"{API}tournaments/{table.series.tournament_id}/ranking.csv"
    renders = counting_renders(monkeypatch, url)
    before = body(client.get(url)).decode("utf-8-sig")

    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    after = body(client.get(url)).decode("utf-8-sig")

    assert len(renders) == 2
    assert after != before
    assert ";98;" in after and ";98;" not in before  # (1 + 1) × 24 + 50 for the declarer
    assert len(stored_rankings()) == 1


def test_each_language_keeps_its_own_file(client, monkeypatch):
    table = f.make_seated_table(4)
    f.enter(table, passed=True)
    url = f"{API}tournaments/{table.series.tournament_id}/ranking.csv"
    renders = counting_renders(monkeypatch, url)

    german = body(client.get(url, HTTP_ACCEPT_LANGUAGE="de")).decode("utf-8-sig")
    english = body(client.get(url, HTTP_ACCEPT_LANGUAGE="en")).decode("utf-8-sig")
    german_again = body(client.get(url, HTTP_ACCEPT_LANGUAGE="de")).decode("utf-8-sig")

    assert len(renders) == 2
    assert german_again == german
    assert english != german
    assert len(stored_rankings()) == 2


def test_season_ranking_is_not_kept(client, monkeypatch):
    """A club's season spans tournaments, so no one tournament version names it."""
    club = f.make_club()
    tournament = f.make_tournament(rounds_per_series=1, club=club)
    f.enter(
        f.make_table(f.make_series(tournament), f.make_participants(tournament, 4)), passed=True
    )
    url = f"{API}clubs/{club.pk}/season-ranking.csv?year=2026"
    renders = counting_renders(monkeypatch, url)

    body(client.get(url))
    body(client.get(url))

    assert len(renders) == 2
    assert stored_rankings() == []


def test_a_kept_file_is_served_with_three_queries_whatever_the_size(
    client, django_assert_num_queries
):
    """The tournament (404 otherwise), its version, and whether an app withholds its results
    (services/result_access.py); the ranking is not computed again."""
    tournament = f.make_played_tournament(players=12, series=2)
    url = f"{API}tournaments/{tournament.pk}/ranking.xlsx"
    first = body(client.get(url))

    with django_assert_num_queries(3):
        again = body(client.get(url))

    assert again == first


def test_a_file_deleted_by_a_newer_download_in_another_worker_is_made_again(monkeypatch):
    """Another worker may store a newer version and delete this one right after this
    worker saw it; the download is then made again instead of failing."""
    name = f"{files.RANKINGS}/tournament-ranking-1-v3-123-de.csv"
    # seen, then deleted
    monkeypatch.setattr(FileSystemStorage, "exists", lambda storage, name: True)

    assert files.stored_ranking_file(name, lambda: b"made again") == b"made again"
