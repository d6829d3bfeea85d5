"""Short notes other apps add beside a tournament's name on its public pages (e.g. the
publishing app's "vorläufig" for a tournament a hall published while it runs) and on the
director's dashboard.

The core never imports those apps: they register a function here from their
``AppConfig.ready``, which returns the note for a tournament or ``None``.
"""

from collections.abc import Callable

TOURNAMENT_NOTES: list[Callable] = []


def register_tournament_note(note: Callable) -> Callable:
    """Register ``note(tournament) -> str | None`` (usable as a decorator)."""
    if note not in TOURNAMENT_NOTES:
        TOURNAMENT_NOTES.append(note)
    return note


def tournament_notes(tournament) -> list[str]:
    return [text for note in TOURNAMENT_NOTES if (text := note(tournament))]


# The same for the director's dashboard of a tournament (e.g. what waits to be published).
DASHBOARD_NOTES: list[Callable] = []


def register_dashboard_note(note: Callable) -> Callable:
    """Register ``note(tournament) -> str | None`` for the director's dashboard."""
    if note not in DASHBOARD_NOTES:
        DASHBOARD_NOTES.append(note)
    return note


def dashboard_notes(tournament) -> list[str]:
    return [text for note in DASHBOARD_NOTES if (text := note(tournament))]
