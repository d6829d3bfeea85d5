"""The browser tests' own switch: skipped without Chromium, an error when CI requires them."""

import pytest

from tests.e2e import conftest


def test_missing_browser_is_a_skip_by_default(monkeypatch):
    monkeypatch.delenv(conftest.REQUIRE_BROWSER, raising=False)

    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        conftest.browser_unavailable("Chromium is not installed; apt-get install chromium")


@pytest.mark.parametrize("value", ["1", "true"])
def test_missing_browser_is_an_error_when_required(monkeypatch, value):
    monkeypatch.setenv(conftest.REQUIRE_BROWSER, value)

    with pytest.raises(pytest.fail.Exception, match="SKATVEREIN_REQUIRE_BROWSER is set"):
        conftest.browser_unavailable("Chromium is not installed")


def test_required_switch_off_with_zero(monkeypatch):
    monkeypatch.setenv(conftest.REQUIRE_BROWSER, "0")

    with pytest.raises(pytest.skip.Exception):
        conftest.browser_unavailable("Chromium is not installed")


def test_chromium_path_follows_the_environment(monkeypatch, tmp_path):
    binary = tmp_path / "chromium"
    binary.write_text("#!/bin/sh\n")
    monkeypatch.setenv(conftest.CHROMIUM_ENV, str(binary))
    assert conftest.chromium_path() == str(binary)

    monkeypatch.setenv(conftest.CHROMIUM_ENV, str(tmp_path / "missing"))
    assert conftest.chromium_path() is None


def _installed(folder, *names):
    for name in names:
        binary = folder / name
        binary.write_text("#!/bin/sh\n")
        binary.chmod(0o755)


def test_chromium_path_takes_the_headless_shell_when_it_is_installed(monkeypatch, tmp_path):
    """Debian's ``chromium-headless-shell`` is the old headless mode, without the full
    browser around the page (the one Playwright itself runs headless): the same pages,
    about half of the full browser's CPU time."""
    monkeypatch.delenv(conftest.CHROMIUM_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    _installed(tmp_path, "chromium", "chromium-headless-shell")

    assert conftest.chromium_path() == str(tmp_path / "chromium-headless-shell")


def test_chromium_path_falls_back_to_the_full_browser(monkeypatch, tmp_path):
    monkeypatch.delenv(conftest.CHROMIUM_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    _installed(tmp_path, "chromium")

    assert conftest.chromium_path() == str(tmp_path / "chromium")
