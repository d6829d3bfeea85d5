"""The WSGI and ASGI entry points load the project."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("module", ["skatverein.wsgi", "skatverein.asgi"])
def test_entry_point_exposes_an_application(module):
    assert callable(importlib.import_module(module).application)


def test_wsgi_entry_point_loads_the_url_configuration_before_the_first_request():
    """gunicorn imports the entry point as a worker starts, or once for all workers with
    ``--preload`` (``manage.py bench`` starts it so). Django would import the URL
    configuration, and with it every view and the PDF and spreadsheet libraries, only at
    the first request: each worker, also each one restarted after ``max_requests``, would
    spend about a second of CPU on it while a visitor waits."""
    code = "import sys, skatverein.wsgi; print('skatverein.urls' in sys.modules)"

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )

    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "True"


def test_wsgi_entry_point_fills_the_url_tables_of_every_language_before_the_first_request():
    """Compiling every URL pattern for the first ``reverse`` cost a worker's first request
    about 250 ms of CPU; the entry point does it once, in the master, for each language
    and each included resolver."""
    code = (
        "import skatverein.wsgi\n"
        "from django.urls import URLResolver, get_resolver\n"
        "def walk(r):\n"
        "    yield r\n"
        "    for p in r.url_patterns:\n"
        "        if isinstance(p, URLResolver):\n"
        "            yield from walk(p)\n"
        "print(sorted({tuple(sorted(r._reverse_dict)) for r in walk(get_resolver())}))\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )

    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "[('de', 'en')]"
