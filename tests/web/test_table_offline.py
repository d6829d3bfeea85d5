"""What the table pages give a device for offline use: the service worker, the manifest,
the data of the waiting-games script, and a touch save that answers a script in JSON."""

import json
import re

import pytest
from django.core.cache import cache

from tests.factories import make_seated_table, make_staff_user
from tournaments.models import Game
from tournaments.services import table_access

pytestmark = pytest.mark.django_db
KREUZ_WON = {"declarer": "2", "game": "clubs", "with_matadors": "true", "matadors": "2"}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table(db):
    return make_seated_table(players=3, rounds_per_series=2)


@pytest.fixture
def device(client, table):
    code = table_access.ensure_code(table)
    assert client.post("/tisch/", {"code": code}).status_code == 302
    return client


def offline_data(response) -> dict:
    found = re.search(
        r'<script id="offline-data" type="application/json">(.*?)</script>',
        response.content.decode(),
    )
    return json.loads(found.group(1))


def test_service_worker_is_served_under_the_table_pages(client):
    response = client.get("/tisch/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/tisch/"
    assert "skatverein-table-" in response.content.decode()


@pytest.mark.parametrize("suffix", ["", "tastatur/"])
def test_table_page_registers_the_worker_with_the_release_as_cache_version(
    device, table, settings, suffix
):
    settings.TABLE_DEVICE_CACHE_VERSION = "2026.11-b"

    content = device.get(f"/tisch/{table.pk}/{suffix}").content.decode()

    assert 'data-sw-url="/tisch/sw.js?v=2026.11-b&amp;static=%2Fstatic%2F"' in content
    assert f'data-table-code="{table.access_code}"' in content
    assert f'data-api-games-url="/api/v1/tables/{table.pk}/games/"' in content
    assert 'rel="manifest"' in content


def test_director_page_sends_no_table_code(client, table):
    client.force_login(make_staff_user())

    content = client.get(f"/tisch/{table.pk}/").content.decode()

    assert 'data-table-code=""' in content


def test_waiting_games_script_gets_seat_names_and_german_texts(device, table):
    data = offline_data(device.get(f"/tisch/{table.pk}/"))

    assert set(data["seats"]) == {"1", "2", "3"}
    assert data["texts"]["not_sent"] == "noch nicht gesendet"
    assert data["texts"]["waiting_many"] % {"count": 3} == "offline — 3 Spiele warten"


def test_code_page_lists_the_games_a_device_could_not_send(client, table):
    response = client.get(f"/tisch/{table.pk}/")

    assert response.status_code == 403
    assert 'id="offline-leftovers"' in response.content.decode()
    assert offline_data(response)["texts"]["leftovers"]


def test_manifest_scopes_the_app_to_the_table_pages(settings):
    manifest = json.loads((settings.BASE_DIR / "static" / "table.webmanifest").read_text())

    assert (manifest["scope"], manifest["start_url"]) == ("/tisch/", "/tisch/")
    assert (settings.BASE_DIR / "static" / manifest["icons"][0]["src"]).is_file()


def test_touch_save_answers_a_script_with_201(device, table):
    response = device.post(
        f"/tisch/{table.pk}/",
        {"number": "1", **KREUZ_WON, "won": "true"},
        HTTP_ACCEPT="application/json",
    )

    assert response.status_code == 201
    assert response.json() == {"ok": True, "saved": 1}
    assert Game.objects.filter(table=table).count() == 1


def test_refused_touch_save_answers_a_script_with_the_problem(device, table):
    response = device.post(
        f"/tisch/{table.pk}/", {"number": "1", **KREUZ_WON}, HTTP_ACCEPT="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "won"
    assert not Game.objects.filter(table=table).exists()
