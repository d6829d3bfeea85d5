"""The apps stand on the core, never the reverse (docs/architecture.md, "Floors").

``tournaments/`` is the core; every other top-level folder with an ``apps.py`` is an app
built on it (the league today; publishing or the door tomorrow, covered as soon as they
exist). The core imports none of them, not even lazily inside a function, by a dotted
string (``import_module("league.services")``), a model label (``"league.Venue"``) or a URL
name (``"league:mine"``): an app hooks its states, roles, demo part and benchmark into the
core's registries from its ``AppConfig.ready()``. Between the apps no import circle runs.
Every ``.py`` file counts, migrations included: a migration that needed another app would
name it in its ``dependencies``, which this reads as an import too.
"""

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORE = "tournaments"
# Calls that import by a string: importlib's, Python's own, and Django's model lookups.
IMPORTING_CALLS = frozenset({"import_module", "__import__", "get_model", "get_app_config"})


def project_apps() -> list[str]:
    """The project's Django apps: the top-level folders with an ``apps.py``."""
    return sorted(path.parent.name for path in REPO.glob("*/apps.py"))


def app_references(path: Path, apps: list[str]) -> list[tuple[str, int, str]]:
    """Every reference in ``path`` to one of ``apps``: (app, line, how), read from the AST.

    Counted: ``import x``/``from x import``, an importing call with a string (``"x.y"`` or
    ``"x"`` as app label), and a string constant that is a dotted path, a model label or a
    URL name of the app (``"x.Model"``, ``"x:page"``); prose mentioning the app is not.
    """
    names = "|".join(re.escape(app) for app in apps)
    reference = re.compile(rf"({names})(?:\.[A-Za-z_]\w*)+|({names}):[\w-]+")
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno, "import") for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno, "import"))
        elif isinstance(node, ast.Call) and _called_name(node) in IMPORTING_CALLS:
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.value.split(".")[0], node.lineno, "import by name"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = reference.fullmatch(node.value)
            if match:
                found.append((match.group(1) or match.group(2), node.lineno, repr(node.value)))
    return [(app, line, how) for app, line, how in found if app in apps]


def _called_name(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def import_graph(apps: list[str]) -> dict[str, set[str]]:
    """Which app imports which other app, over every ``.py`` file of each."""
    graph = {app: set() for app in apps}
    for app in apps:
        for path in sorted((REPO / app).rglob("*.py")):
            graph[app] |= {other for other, _line, _how in app_references(path, apps)}
        graph[app].discard(app)
    return graph


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports between apps (``[a, b, a]``), or ``[]`` when there is none:
    a depth-first walk that meets an app still on its own path has closed a circle."""
    done: set[str] = set()

    def walk(app: str, path: list[str]) -> list[str]:
        if app in path:
            return [*path[path.index(app) :], app]
        if app in done:
            return []
        for other in sorted(graph[app]):
            cycle = walk(other, [*path, app])
            if cycle:
                return cycle
        done.add(app)
        return []

    for app in sorted(graph):
        cycle = walk(app, [])
        if cycle:
            return cycle
    return []


def test_the_apps_are_found_by_their_app_configs():
    assert CORE in project_apps()
    assert "league" in project_apps()


def test_the_core_imports_no_app_built_on_it():
    above = [app for app in project_apps() if app != CORE]
    references = [
        f"{path.relative_to(REPO)}:{line} {app} ({how})"
        for path in sorted((REPO / CORE).rglob("*.py"))
        for app, line, how in app_references(path, above)
    ]

    assert references == []


def test_no_import_circle_runs_between_the_apps():
    graph = import_graph(project_apps())

    assert import_cycle(graph) == []
    assert graph["league"] == {CORE}


def test_a_lazy_import_a_label_and_a_url_name_count_as_references(tmp_path):
    """The reader itself: what the core may not do is seen, wherever it hides."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import importlib\n"
        "def f():\n"
        "    from league.services import reports\n"
        "    importlib.import_module('league.benchmarks')\n"
        "    return 'league.MatchReport', 'league:mine', 'the league app', 'leagues.x'\n"
    )

    found = sorted(app_references(sample, ["league"]), key=lambda ref: (ref[1], ref[2]))

    assert found == [
        ("league", 3, "import"),
        ("league", 4, "'league.benchmarks'"),
        ("league", 4, "import by name"),
        ("league", 5, "'league.MatchReport'"),
        ("league", 5, "'league:mine'"),
    ]


def test_a_circle_is_found_and_a_ladder_is_not():
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": set(), "b": {"a"}, "c": {"a", "b"}}) == []
