"""Translation marker for the rules package.

The rules must not import Django, yet every message they produce is shown to users in
German or English. Strings are therefore written as English message ids, marked with
``gettext_noop`` so that ``makemessages`` extracts them, and translated by the interface
layer that passes its own ``gettext`` into :meth:`Problem.text` or :meth:`Evaluation.explain`.
"""

from collections.abc import Callable
from functools import cache

Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it."""
    return message


def identity(message: str) -> str:
    """The default translation: the English message id itself."""
    return message


@cache
def marked_messages() -> tuple[str, ...]:
    """Every message id this package marks, in source order: the texts its rules can show.

    The table device runs a copy of the rules (``static/js/rules/``) that speaks in these
    English ids; the page sends it their translations, so its messages read as the
    server's do.
    """
    import ast
    from pathlib import Path

    found: dict[str, None] = {}
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "gettext_noop"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found[node.args[0].value] = None
    return tuple(found)
