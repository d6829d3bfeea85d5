"""The rules engine is pure Python: its tests run without Django.

``tests/conftest.py`` adjusts Django settings in an autouse fixture; overriding it here by
name keeps the pytest-django ``settings`` fixture out of these tests, so they also run with
``-p no:django``.
"""

import pytest


@pytest.fixture(autouse=True)
def _plain_http_and_static_files():
    """No Django settings to adjust for the rules engine."""
