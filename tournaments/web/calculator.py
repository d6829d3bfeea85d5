"""The game value calculator page (Spielwertrechner) at ``/rechner/``.

The page only renders the controls; the browser posts the form as it is to
``POST /api/v1/game-value/`` for every value, where the touch entry's form reader
(``services/game_preview.py``) reads it, so both screens ask the rules engine the same way.
"""

from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.skat import NULL_VALUES, POSSIBLE_GAME_VALUES, GameType
from tournaments.skat.games import MAX_MATADORS

SUIT_SYMBOLS = {
    GameType.DIAMONDS: "♦",
    GameType.HEARTS: "♥",
    GameType.SPADES: "♠",
    GameType.CLUBS: "♣",
}
RED_SUITS = (GameType.DIAMONDS, GameType.HEARTS)


@require_safe
def calculator(request):
    """Render the calculator with the games to choose from and every possible bid."""
    games = [
        {
            "value": game.value,
            "label": gettext(game.label),
            "symbol": SUIT_SYMBOLS.get(game, ""),
            "red": game in RED_SUITS,
            "max_matadors": MAX_MATADORS[game],
        }
        for game in GameType
    ]
    null_values = {
        "plain": NULL_VALUES[(False, False)],
        "hand": NULL_VALUES[(False, True)],
        "ouvert": NULL_VALUES[(True, False)],
        "ouvert_hand": NULL_VALUES[(True, True)],
    }
    context = {
        "games": games,
        "possible_game_values": POSSIBLE_GAME_VALUES,
        "null_values": null_values,
    }
    return render(request, "calculator.html", context)
