"""Links that leave the screen (QR codes, printed links) use SITE_URL when it is set.

On the hall laptop the director may open the pages as ``localhost``; the phones need the
laptop's address in the hall's network, which ``make run`` sets as SITE_URL.
"""

from unittest import mock

import pytest

from tests import factories as f
from tournaments.exports import styles
from tournaments.services import table_access

pytestmark = pytest.mark.django_db

HALL = "http://192.168.178.20:8000"


def test_the_table_page_shows_the_hall_address_in_its_qr_link(director_client, settings):
    settings.SITE_URL = HALL
    settings.ALLOWED_HOSTS = ["localhost"]
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    page = director_client.get(f"/leitung/tische/{table.id}/", HTTP_HOST="localhost")

    assert f"{HALL}/tisch/code/{code}/" in page.content.decode()
    assert "http://localhost/tisch/code/" not in page.content.decode()


@pytest.mark.parametrize("site_url", ["", HALL])
def test_the_table_card_qr_code_points_to_the_site_address(director_client, settings, site_url):
    settings.SITE_URL = site_url
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    with mock.patch.object(styles, "draw_qr", wraps=styles.draw_qr) as draw_qr:
        response = director_client.get(f"/api/v1/tables/{table.id}/table-card.pdf")

    assert response.status_code == 200
    expected = (site_url or "http://testserver") + f"/tisch/code/{code}/"
    assert [call.args[1] for call in draw_qr.call_args_list] == [expected]


TABLES = "http://192.168.178.20:8001"


def test_in_hall_mode_the_table_qr_links_name_the_table_pool(director_client, settings):
    settings.SITE_URL, settings.TABLE_SITE_URL = HALL, TABLES
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()
    with mock.patch.object(styles, "draw_qr", wraps=styles.draw_qr) as draw_qr:
        card = director_client.get(f"/api/v1/tables/{table.id}/table-card.pdf")
        plan = director_client.get(f"/api/v1/series/{table.series_id}/table-plan-codes.pdf")

    link = f"{TABLES}/tisch/code/{code}/"
    assert f'href="{link}"' in page
    assert f"{HALL}/tisch/code/" not in page
    assert (card.status_code, plan.status_code) == (200, 200)
    assert [call.args[1] for call in draw_qr.call_args_list] == [link, link]
    assert f"{TABLES}/tisch/" in f.pdf_text(card.content)


def test_the_second_list_link_names_the_table_pool(director_client, settings):
    settings.SITE_URL, settings.TABLE_SITE_URL = HALL, TABLES
    table = f.make_two_list_table()
    code = table_access.issue_code(table, kept_list=table_access.LIST_B)

    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()

    assert f'href="{TABLES}/tisch/code/{code}/"' in page


def test_the_verification_link_of_a_list_stays_on_the_main_address(settings):
    """Players check a printed list on their phones: the hall pool, not the tables'."""
    from tournaments.api.downloads.base import base_url, table_base_url

    settings.SITE_URL, settings.TABLE_SITE_URL = HALL, TABLES

    assert (base_url(None), table_base_url(None)) == (HALL, TABLES)
