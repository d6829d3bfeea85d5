"""One static root: every script and stylesheet of the pages lives in ``static/``."""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from PIL import Image

STATIC_ROOT_IN_REPO = Path(settings.BASE_DIR, "static")


def test_no_app_keeps_its_own_static_folder():
    assert not Path(settings.BASE_DIR, "tournaments", "static").exists()


@pytest.mark.parametrize(
    "name",
    [
        "css/site.css",
        "css/calculator.css",
        "css/entry.css",
        "css/director.css",
        "css/verify.css",
        "js/calculator.js",
        "js/table/touch.js",
        "js/director.js",
        "js/live.js",
        "js/table/signature-pad.js",
    ],
)
def test_static_file_is_found_in_the_one_static_root(name):
    assert Path(finders.find(name)) == STATIC_ROOT_IN_REPO / name


def test_the_favicon_answers_as_an_icon(client):
    response = client.get("/favicon.ico")

    icon = b"".join(response.streaming_content)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert icon[:4] == b"\x00\x00\x01\x00"  # the ICO header
    assert Image.open(io.BytesIO(icon)).format == "ICO"
