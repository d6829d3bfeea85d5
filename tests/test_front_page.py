"""The README is a front page (docs/architecture.md names the rest of the docs).

A newcomer finds what Skatverein is and the two commands on the first screen, a tour with
links into ``docs/``, and why each pinned dependency is there (``requirements*.txt``
point to that section); the measurements live in docs/performance.md.
"""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
PERFORMANCE = REPO / "docs" / "performance.md"
MAX_LINES = 300


def _section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_fits_a_front_page_with_the_two_commands_first():
    lines = README.read_text().splitlines()

    assert len(lines) <= MAX_LINES
    first_screen = "\n".join(lines[:20])
    assert "make run" in first_screen
    assert "make test" in first_screen


def test_every_link_of_the_readme_into_docs_exists():
    links = re.findall(r"\]\((docs/[^)#]+)", README.read_text())

    assert len(links) >= 10
    assert [link for link in links if not (REPO / link).exists()] == []


def test_every_pinned_dependency_says_in_the_readme_why_it_is_there():
    named = _section(README.read_text(), "Dependencies").lower()
    pinned = [
        re.split(r"[\[=<>]", line, maxsplit=1)[0].strip().lower()
        for requirements in ("requirements.txt", "requirements-dev.txt")
        for line in (REPO / requirements).read_text().splitlines()
        if line.strip() and not line.startswith(("#", "-r"))
    ]

    unnamed = [
        name
        for name in pinned
        if not re.search(rf"\*\*{re.escape(name)}(\[\w+\])?\*\*", named)  # psycopg[binary]
    ]

    assert len(pinned) > 20
    assert unnamed == []


def test_the_measurements_live_in_docs_performance_not_in_the_readme():
    performance = PERFORMANCE.read_text()
    figures = _section(performance, "Current figures, `bench all`")

    assert "| measured | goal | SQLite | PostgreSQL |" in figures
    assert re.search(r"\| machine \|", figures)
    assert re.search(r"Measured on \d{4}-\d{2}-\d{2} at commit [0-9a-f]{7}", figures)
    assert "## History" in performance
    assert "| measured |" not in README.read_text()
