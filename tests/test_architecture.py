"""The promises of docs/architecture.md, checked against the code.

Each rule of the map is a test here, so a change that breaks one fails instead of making
the map wrong: every path the map names exists, games are valued only by the rules and the
one entry path, roles are asked only in services/roles.py, no module imports another's
private names, and no interface imports another.
"""

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("tournaments", "league", "door", "skatverein")
MAP = REPO / "docs" / "architecture.md"
# A path the map names: a word with a slash or a file name ending in .py/.html/.js/.md.
PATH = re.compile(r"`([\w./{}-]+(?:/|\.py|\.html|\.js|\.md)[\w./-]*)`")
# Where the map's short paths start (``services/roles.py`` is tournaments/services/roles.py).
ROOTS = ("", "tournaments/", "templates/", "static/", "docs/")


def python_files(*packages):
    for package in packages:
        yield from sorted((REPO / package).rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def named_paths() -> list[tuple[str, str]]:
    """Every path the map names, with the folder it is read in: a bare file name in a row
    of the wings' table (``amounts.py``) is a file of the folder the row starts with."""
    paths = []
    for line in MAP.read_text().splitlines():
        names = [
            name
            for name in PATH.findall(line)
            if not name.startswith(("/", "var/")) and "{" not in name  # addresses, run time
        ]
        folder = names[0] if names and names[0].endswith("/") else ""
        paths += [(folder if "/" not in name else "", name) for name in names]
    return paths


def test_every_path_the_map_names_exists():
    named = named_paths()
    missing = [
        folder + name
        for folder, name in named
        if not any((REPO / root / folder / name.rstrip("/")).exists() for root in ROOTS)
    ]

    assert len(named) > 100
    assert missing == []


def test_games_are_valued_only_by_the_rules_and_the_stored_games_reading():
    """The one entry path (services/lists/listkeeping.value_game) asks the rules' entry
    check, which values the game; readers of a stored game call Game.evaluation."""
    callers = [
        relative(path)
        for path in python_files("tournaments", "league")
        if "evaluate(" in path.read_text() and "tournaments/skat/" not in relative(path)
    ]

    assert callers == ["tournaments/models/games.py"]


def test_roles_are_asked_only_in_roles_py():
    places = [
        relative(path)
        for path in [*python_files(*PACKAGES), *sorted((REPO / "templates").rglob("*.html"))]
        if "is_staff" in path.read_text() and path.name != "roles.py"
    ]

    assert places == []


def test_no_module_imports_a_private_name_of_another():
    imports = []
    for path in [*python_files(*PACKAGES, "tests")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                imports += [
                    f"{relative(path)}: {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]

    assert imports == []


INTERFACES = ("api", "web", "exports")


@pytest.mark.parametrize("app", ["tournaments", "league", "door"])
def test_no_interface_imports_another(app):
    """The API and the web pages both serve files of exports/; neither imports the other,
    and exports/ imports neither."""
    allowed = {"api": {"exports"}, "web": {"exports"}, "exports": set()}
    crossings = []
    for interface in INTERFACES:
        for path in python_files(f"{app}/{interface}"):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                    continue
                parts = node.module.split(".")
                other = parts[1] if len(parts) > 1 and parts[0] in PACKAGES else None
                if other in INTERFACES and other != interface and other not in allowed[interface]:
                    crossings.append(f"{relative(path)} imports {node.module}")

    assert crossings == []


def test_the_map_shows_every_app_as_a_floor_over_the_core():
    """Every app (a top-level folder with an apps.py) stands in the floors' diagram, so a
    new app cannot arrive without the map saying where it stands."""
    floors = MAP.read_text().split("## Floors", 1)[-1].split("\n## ", 1)[0]
    diagram = floors.split("```", 2)[1] if floors.count("```") >= 2 else ""
    apps = sorted(path.parent.name for path in REPO.glob("*/apps.py"))

    assert "tournaments" in apps
    assert [app for app in apps if f"{app}/" not in diagram] == []
