"""docs/director-guide.md shows every page of the evening: each picture it names exists, and
each picture the browser test takes is in the guide (tests/e2e/test_director_guide.py)."""

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_picture_of_the_guide_exists_and_every_picture_is_used():
    guide = (DOCS / "director-guide.md").read_text(encoding="utf-8")

    named = set(re.findall(r"\]\((guide/[^)]+)\)", guide))
    stored = {f"guide/{path.name}" for path in (DOCS / "guide").iterdir()}

    assert named == stored
    assert len(named) >= 20


def test_the_guide_starts_with_make_run_and_the_wifi():
    guide = (DOCS / "director-guide.md").read_text(encoding="utf-8")

    assert guide.index("make run") < guide.index("## 1.")
    assert "WLAN" in guide[: guide.index("## 1.")]
