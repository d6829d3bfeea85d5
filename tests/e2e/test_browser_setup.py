"""The browser tests' own switch: skipped without Chromium, an error when CI requires them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e import conftest

REPO = Path(__file__).resolve().parents[2]


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


# A tiny browser test module, run by a pytest of its own with the browser made unavailable.
SAMPLE = """
def test_opens_a_page(browser):
    pass


def test_opens_another_page(browser):
    pass


def test_needs_no_browser():
    pass
"""


def _pytest_without_browser(tmp_path, *options, require=False):
    """Run the sample through pytest with the project's conftests as plugins, Chromium
    pointed at a file that is not there; the output's lines and the exit code."""
    sample = tmp_path / "test_sample.py"
    sample.write_text(SAMPLE)
    environment = {**os.environ, conftest.CHROMIUM_ENV: str(tmp_path / "no-chromium")}
    environment.pop(conftest.REQUIRE_BROWSER, None)
    if require:
        environment[conftest.REQUIRE_BROWSER] = "1"
    command = [sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml")]
    command += ["-p", "tests.conftest", "-p", "tests.e2e.conftest", "-p", "no:cacheprovider"]
    finished = subprocess.run(
        [*command, *options, str(sample)],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return finished.stdout.splitlines(), finished.returncode


def _closing_lines(lines):
    """The last two lines with text: the browser line, then pytest's own count."""
    return [line for line in lines if line.strip()][-2:]


@pytest.mark.parametrize("options", [("-p", "no:xdist"), ("-n", "2")], ids=["alone", "xdist"])
def test_a_run_without_the_browser_ends_saying_what_was_skipped_and_how_to_install(
    tmp_path, options
):
    lines, exit_code = _pytest_without_browser(tmp_path, *options)

    browser_line, count_line = _closing_lines(lines)
    assert exit_code == 0
    assert browser_line == (
        "2 browser tests skipped (Chromium is not installed). To run them, install: "
        "sudo apt-get install chromium-headless-shell chromium chromium-driver"
    )
    assert "1 passed, 2 skipped" in count_line


def test_a_run_that_requires_the_browser_fails_instead(tmp_path):
    lines, exit_code = _pytest_without_browser(tmp_path, "-p", "no:xdist", require=True)

    assert exit_code == 1
    assert "2 errors" in lines[-1]
    assert not any("browser tests skipped (" in line for line in lines)
