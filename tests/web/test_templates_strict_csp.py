"""Templates keep scripts and styles in static files, so a strict Content-Security-Policy
(``script-src 'self'``, ``style-src 'self'``) can be enforced without breaking a page."""

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = sorted(Path(settings.BASE_DIR, "templates").rglob("*.html"))
# <script …> without src, unless it only holds data (json_script renders type=application/json).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]*\sstyle\s*=", re.I)
STYLE_ELEMENT = re.compile(r"<style[\s>]", re.I)


def test_there_are_templates_to_check():
    assert len(TEMPLATES) > 30


@pytest.mark.parametrize(
    "pattern", [INLINE_SCRIPT, EVENT_HANDLER, STYLE_ATTRIBUTE, STYLE_ELEMENT], ids=str
)
def test_no_template_has_inline_script_or_style(pattern):
    found = [
        f"{path.relative_to(settings.BASE_DIR)}: {match.group(0)}"
        for path in TEMPLATES
        for match in pattern.finditer(path.read_text(encoding="utf-8"))
    ]

    assert found == []


@pytest.mark.parametrize(
    "pattern",
    ["<script>alert(1)</script>", '<a onclick="x()">', '<p style="color:red">', "<style>"],
)
def test_the_checks_catch_inline_code(pattern):
    patterns = (INLINE_SCRIPT, EVENT_HANDLER, STYLE_ATTRIBUTE, STYLE_ELEMENT)

    assert any(p.search(pattern) for p in patterns)


def test_json_data_blocks_are_allowed():
    assert not INLINE_SCRIPT.search('<script id="data" type="application/json">{}</script>')


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "stylesheet"),
    [
        ("/rechner/", "/static/css/calculator.css"),
        ("/tisch/", "/static/css/entry.css"),
        ("/anmelden/", "/static/css/director.css"),
        ("/verify/", "/static/css/verify.css"),
    ],
)
def test_page_stylesheets_load_in_the_head(client, url, stylesheet):
    content = client.get(url).content.decode()
    head = content.split("</head>")[0]

    assert f'<link rel="stylesheet" href="{stylesheet}">' in head
