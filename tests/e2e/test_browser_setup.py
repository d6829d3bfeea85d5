"""The browser tests' own switch: skipped without Chromium, an error when CI requires them."""

import pytest

from tests.e2e import conftest


def test_missing_browser_is_a_skip_by_default(monkeypatch):
    monkeypatch.delenv(conftest.REQUIRE_BROWSER, raising=False)

    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        conftest._browser_unavailable("Chromium is not installed; apt-get install chromium")


@pytest.mark.parametrize("value", ["1", "true"])
def test_missing_browser_is_an_error_when_required(monkeypatch, value):
    monkeypatch.setenv(conftest.REQUIRE_BROWSER, value)

    with pytest.raises(pytest.fail.Exception, match="SKATVEREIN_REQUIRE_BROWSER is set"):
        conftest._browser_unavailable("Chromium is not installed")


def test_required_switch_off_with_zero(monkeypatch):
    monkeypatch.setenv(conftest.REQUIRE_BROWSER, "0")

    with pytest.raises(pytest.skip.Exception):
        conftest._browser_unavailable("Chromium is not installed")


def test_chromium_path_follows_the_environment(monkeypatch, tmp_path):
    binary = tmp_path / "chromium"
    binary.write_text("#!/bin/sh\n")
    monkeypatch.setenv(conftest.CHROMIUM_ENV, str(binary))
    assert conftest.chromium_path() == str(binary)

    monkeypatch.setenv(conftest.CHROMIUM_ENV, str(tmp_path / "missing"))
    assert conftest.chromium_path() is None
