"""PDFs kept in storage: a locked list by its seal, a big series made in the background."""

import os
import threading
import time

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from tests import factories as f
from tournaments.api.downloads import lists as export_views
from tournaments.exports.kept import background, files
from tournaments.services import states
from tournaments.services.lists import listkeeping

API = "/api/v1/"


@pytest.fixture(autouse=True)
def _storage(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def renders(monkeypatch):
    """Counts how often a game list is rendered."""
    calls = []
    real = export_views.game_list_pdf
    monkeypatch.setattr(
        export_views, "game_list_pdf", lambda *a, **k: calls.append(1) or real(*a, **k)
    )
    return calls


def body(response) -> bytes:
    return b"".join(response.streaming_content)


@pytest.mark.django_db
def test_locked_list_pdf_is_rendered_once_and_then_served_from_storage(client, renders):
    table = f.sign_all(f.make_complete_table())

    first = body(client.get(f"{API}tables/{table.pk}/list.pdf"))
    second = body(client.get(f"{API}tables/{table.pk}/list.pdf"))

    assert len(renders) == 1
    assert second == first
    assert table.seal in f.pdf_text(second)


@pytest.mark.django_db
def test_reopened_and_signed_again_list_gets_a_fresh_pdf(client, renders):
    table = f.sign_all(f.make_complete_table())
    old_seal = table.seal
    client.get(f"{API}tables/{table.pk}/list.pdf")

    director = f.make_staff_user()
    states.apply(table, "reopen", director, "Spiel 3 korrigiert")
    listkeeping.correct_game(table, 3, {"passed": True}, user=director, reason="eingepasst")
    table = f.sign_all(table)
    fresh = body(client.get(f"{API}tables/{table.pk}/list.pdf"))

    assert len(renders) == 2
    assert table.seal != old_seal
    assert table.seal in f.pdf_text(fresh)


@pytest.mark.django_db
def test_open_list_pdf_is_rendered_for_every_request(client, renders):
    table = f.make_complete_table()

    client.get(f"{API}tables/{table.pk}/list.pdf")
    client.get(f"{API}tables/{table.pk}/list.pdf")

    assert len(renders) == 2


@pytest.mark.django_db(transaction=True)
def test_big_series_pdf_is_prepared_in_the_background_then_downloaded(client, settings):
    settings.SERIES_PDF_INLINE_TABLES = 0
    table = f.sign_all(f.make_complete_table())
    path = f"{API}series/{table.series_id}/lists.pdf"

    waiting = client.get(path)
    for thread in background.running_threads():
        thread.join(timeout=60)
    ready = client.get(path)

    assert waiting.status_code == 202
    assert waiting["Refresh"] == "3"
    assert "wird erstellt" in waiting.content.decode()
    assert ready.status_code == 200
    assert table.seal in f.pdf_text(body(ready))


@pytest.mark.django_db
def test_series_pdf_being_written_elsewhere_is_not_started_twice(settings):
    table = f.make_complete_table()
    name = files.series_lists_name(table.series, "http://testserver")
    started = []

    first = background.start_in_background(name, lambda out: started.append(1) or out.write(b"x"))
    first.join(timeout=10)
    again = background.start_in_background(name, lambda out: started.append(1))

    assert started == [1]
    assert again is None


def test_second_start_while_the_first_is_still_writing_starts_nothing():
    name = "exports/series/running.pdf"
    go_on = threading.Event()
    first = background.start_in_background(name, lambda out: go_on.wait(10) and out.write(b"x"))

    again = background.start_in_background(name, lambda out: out.write(b"y"))
    go_on.set()
    first.join(timeout=10)

    assert again is None
    assert default_storage.open(name).read() == b"x"


def test_a_recent_marker_of_another_worker_stops_the_start():
    name = "exports/series/elsewhere.pdf"
    default_storage.save(name + ".pending", ContentFile(b""))

    started = background.start_in_background(name, lambda out: out.write(b"x"))

    assert started is None
    assert not default_storage.exists(name)


def test_a_marker_left_by_a_render_that_died_is_replaced_and_the_pdf_made():
    name = "exports/series/died.pdf"
    marker = default_storage.save(name + ".pending", ContentFile(b""))
    long_ago = time.time() - background.PENDING_SECONDS - 60
    os.utime(default_storage.path(marker), (long_ago, long_ago))

    started = background.start_in_background(name, lambda out: out.write(b"x"))
    started.join(timeout=10)

    assert default_storage.open(name).read() == b"x"
    assert not default_storage.exists(marker)


def test_a_failed_render_is_logged_stores_nothing_and_may_be_started_again(caplog):
    name = "exports/series/failing.pdf"

    def fail(out):
        raise ValueError("no font")

    background.start_in_background(name, fail).join(timeout=10)
    retried = background.start_in_background(name, lambda out: out.write(b"x"))
    retried.join(timeout=10)

    assert f"The PDF {name} could not be made" in caplog.text
    assert default_storage.open(name).read() == b"x"
    assert not default_storage.exists(name + ".pending")
