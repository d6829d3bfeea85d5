"""What the table pages give a device for offline use: the service worker, the manifest,
the data of the waiting-games script, and a touch save that answers a script in JSON."""

import json
import posixpath
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from tests import factories as f
from tournaments.models import Game
from tournaments.web.table.offline import DEVICE_MODULES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
KREUZ_WON = {"declarer": "2", "game": "clubs", "with_matadors": "true", "matadors": "2"}


@pytest.fixture
def table(db):
    return f.make_seated_table(players=3, rounds_per_series=2)


def offline_data(response, name="offline-data") -> dict:
    found = re.search(
        rf'<script id="{name}" type="application/json">(.*?)</script>',
        response.content.decode(),
    )
    return json.loads(found.group(1))


def table_data(response) -> dict:
    return offline_data(response, "table-data")


def test_service_worker_is_served_under_the_table_pages(client):
    response = client.get("/tisch/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/tisch/"
    assert "skatverein-table-" in response.content.decode()


@pytest.mark.parametrize("suffix", ["", "tastatur/"])
def test_table_page_registers_the_worker_with_the_release_as_cache_version(
    device_client, table, settings, suffix
):
    settings.TABLE_DEVICE_CACHE_VERSION = "2026.11-b"

    response = device_client.get(f"/tisch/{table.pk}/{suffix}")
    data = table_data(response)

    assert data["urls"]["sw"] == "/tisch/sw.js?v=2026.11-b&static=%2Fstatic%2F"
    assert data["code"] == table.access_code
    assert data["urls"]["games"] == f"/api/v1/tables/{table.pk}/games/"
    assert 'rel="manifest"' in response.content.decode()


def test_director_page_sends_no_table_code(client, table):
    client.force_login(f.make_staff_user())

    data = table_data(client.get(f"/tisch/{table.pk}/"))

    assert data["code"] == ""


def test_the_device_gets_the_deals_totals_names_and_german_texts(device_client, table):
    data = table_data(device_client.get(f"/tisch/{table.pk}/"))

    seats = {seat.participant_id: seat.participant.player.full_name for seat in table.seats.all()}
    assert data["people"] == {str(key): name for key, name in seats.items()}
    assert [deal["number"] for deal in data["deals"]] == list(range(1, 7))
    assert data["deals"][0] == {
        "number": 1,
        "dealer": 1,
        "seats": [1, 2, 3],
        "active": [2, 3, 1],
        "table_size": 3,
        "participants": {str(s.number): s.participant_id for s in table.seats.all()},
    }
    assert data["totals"] == {}
    assert data["scheme"]["won_bonus"] == 50
    assert data["catalogue"]["Clubs"] == "Kreuz"
    assert data["catalogue"]["Say whether the game was won or lost, or enter the eyes."] != (
        "Say whether the game was won or lost, or enter the eyes."
    )
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


def test_touch_save_answers_a_script_with_201(device_client, table):
    response = device_client.post(
        f"/tisch/{table.pk}/",
        {"number": "1", **KREUZ_WON, "won": "true"},
        HTTP_ACCEPT="application/json",
    )

    assert response.status_code == 201
    assert response.json() == {"ok": True, "saved": 1}
    assert Game.objects.filter(table=table).count() == 1


def test_refused_touch_save_answers_a_script_with_the_problem(device_client, table):
    response = device_client.post(
        f"/tisch/{table.pk}/", {"number": "1", **KREUZ_WON}, HTTP_ACCEPT="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "won"
    assert not Game.objects.filter(table=table).exists()


def test_the_table_pages_name_every_module_they_load_for_the_service_worker():
    """A module missing from the list would not be kept: the page fails to load offline."""
    static = Path(finders.find("js/table/touch.js")).parents[2]
    seen, todo = set(), ["js/table/touch.js", "js/table/keyboard.js", "js/table/sign.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (static / name).read_text(encoding="utf-8")
        for imported in re.findall(r'from "([^"]+)"', text):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), imported)))

    assert seen <= set(DEVICE_MODULES)
    assert len(seen) > 15


@pytest.mark.parametrize(
    ("host", "secure", "said"),
    [
        ("192.168.1.20:8000", False, True),
        ("localhost:8000", False, False),
        ("skat.example", True, False),
    ],
)
def test_the_dashboard_says_what_needs_https_when_reached_over_plain_http(
    client, table, settings, host, secure, said
):
    settings.ALLOWED_HOSTS = ["192.168.1.20", "localhost", "skat.example"]
    client.force_login(f.make_staff_user())

    response = client.get(
        f"/leitung/turniere/{table.series.tournament_id}/", HTTP_HOST=host, secure=secure
    )

    assert response.status_code == 200
    assert ('data-testid="offline-https-note"' in response.content.decode()) is said
