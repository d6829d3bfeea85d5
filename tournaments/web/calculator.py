"""The game value calculator page (Spielwertrechner) at ``/rechner/``.

The page renders the controls; ``static/js/calculator.js`` values the game on the device
with the rules' copy (``static/js/rules/``, held equal to ``tournaments/skat`` by a
differential test) and reads the form as the touch entry does. ``POST
/api/v1/game-value/`` reads the same form the same way (``services/lists/game_form.py``).
"""

from django.shortcuts import render
from django.utils.formats import get_format
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tournaments.skat import NULL_VALUES, POSSIBLE_GAME_VALUES, GameType
from tournaments.skat.games import MAX_MATADORS
from tournaments.web.table.offline import catalogue

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
        "device": {"catalogue": catalogue(), "thousands": get_format("THOUSAND_SEPARATOR")},
    }
    return render(request, "calculator.html", context)
