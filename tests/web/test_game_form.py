"""The calculator and the touch entry share one game form script and one stylesheet."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def touch_page(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=1)
    return table, director_client.get(f"/tisch/{table.pk}/").content.decode()


def test_touch_page_loads_the_calculators_game_form_script_and_styles(touch_page):
    _table, content = touch_page

    assert '<script type="module" src="/static/js/table/touch.js"></script>' in content
    assert 'href="/static/css/calculator.css"' in content
    assert 'rel="modulepreload" href="/static/js/table/game-form.js"' in content


def test_touch_form_asks_its_tables_preview(touch_page):
    table, content = touch_page

    form = re.search(r'<form id="touch-form"[^>]*>', content, re.S).group(0)
    assert f'data-api-url="/tisch/{table.pk}/vorschau/"' in form


def test_every_game_form_function_is_written_once():
    """The touch entry, the correction and the calculator import one game form."""
    scripts = {
        path: path.read_text(encoding="utf-8")
        for path in (Path(finders.find("js/calculator.js")).parent).rglob("*.js")
    }
    for name in ("setCheckbox", "syncControls", "freshForm", "gameFields", "nullValue"):
        defined = [path.name for path, text in scripts.items() if f"function {name}(" in text]
        assert len(defined) == 1, (name, defined)
