"""The calculator and the touch entry share one game form script and one stylesheet."""

import re

import pytest
from django.contrib.staticfiles import finders

from tests.factories import make_seated_table, make_staff_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def touch_page(client):
    table = make_seated_table(players=4, rounds_per_series=1)
    client.force_login(make_staff_user())
    return table, client.get(f"/tisch/{table.pk}/").content.decode()


def test_touch_page_loads_the_calculators_game_form_script_and_styles(touch_page):
    _table, content = touch_page

    assert '<script src="/static/js/calculator.js" defer></script>' in content
    assert 'href="/static/css/calculator.css"' in content


def test_touch_form_asks_its_tables_preview(touch_page):
    table, content = touch_page

    form = re.search(r'<form id="touch-form"[^>]*>', content, re.S).group(0)
    assert f'data-api-url="/tisch/{table.pk}/vorschau/"' in form


def test_touch_entry_script_keeps_no_copy_of_the_game_form():
    entry = open(finders.find("js/entry.js"), encoding="utf-8").read()
    shared = open(finders.find("js/calculator.js"), encoding="utf-8").read()

    for function in ("function setCheckbox", "function updateStepButtons", "function nullValue"):
        assert function not in entry
        assert shared.count(function) == 1
