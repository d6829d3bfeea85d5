"""Translation marker for the rules package.

The rules must not import Django, yet every message they produce is shown to users in
German or English. Strings are therefore written as English message ids, marked with
``gettext_noop`` so that ``makemessages`` extracts them, and translated by the interface
layer that passes its own ``gettext`` into :meth:`Problem.text` or :meth:`Evaluation.explain`.
"""

from collections.abc import Callable

Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it."""
    return message


def identity(message: str) -> str:
    """The default translation: the English message id itself."""
    return message
