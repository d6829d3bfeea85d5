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
