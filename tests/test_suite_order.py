"""The order the test processes take modules in (tests/conftest.py)."""

from pathlib import Path

from tests.conftest import LONG_MODULES

ROOT = Path(__file__).resolve().parent.parent


def test_every_long_module_handed_out_first_exists():
    assert [path for path in LONG_MODULES if not (ROOT / path).is_file()] == []


def test_the_long_modules_are_named_once():
    assert len(set(LONG_MODULES)) == len(LONG_MODULES)
