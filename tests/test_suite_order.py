"""How the test processes run: the order they take modules in, and the garbage collector
(tests/conftest.py)."""

import gc
from pathlib import Path

from tests.conftest import LONG_MODULES

ROOT = Path(__file__).resolve().parent.parent


def test_every_long_module_handed_out_first_exists():
    assert [path for path in LONG_MODULES if not (ROOT / path).is_file()] == []


def test_the_long_modules_are_named_once():
    assert len(set(LONG_MODULES)) == len(LONG_MODULES)


def test_the_garbage_collector_is_on_again_once_the_tests_are_collected():
    """It is off while collecting; left off, every reference cycle a test makes would stay."""
    assert gc.isenabled()
    assert gc.get_threshold() == (50_000, 50, 100)
    assert gc.get_freeze_count() > 0
