"""Short notes other apps add beside a tournament's name on its public pages (e.g. the
publishing app's "vorläufig" for a tournament a hall published while it runs).

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
