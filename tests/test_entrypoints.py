"""The WSGI and ASGI entry points load the project."""

import importlib

import pytest


@pytest.mark.parametrize("module", ["skatverein.wsgi", "skatverein.asgi"])
def test_entry_point_exposes_an_application(module):
    assert callable(importlib.import_module(module).application)
