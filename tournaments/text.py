"""How names sort for a German reader (DIN 5007-1, the order of dictionaries and phone books).

Ä sorts with A, Ö with O, Ü with U and ß as ss; letters from other languages sort with
their base letter (Ł with L, ı with i); case does not matter. One key for every list of
names: rankings (for players sharing a place), table plans, player search results,
the API's player list (through the stored :attr:`Player.sort_name`).
"""

import functools
import unicodedata

# Letters that have no decomposition into a base letter and a combining mark.
_BASE_LETTERS = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "ı": "i",
        "ø": "o",
        "Ø": "O",
        "ħ": "h",
        "Ħ": "H",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "þ": "th",
        "Þ": "TH",
    }
)


def sort_key(text: str) -> str:
    """``text`` as it sorts: without accents, ß as ss, case folded (``"Öz"`` → ``"oz"``)."""
    decomposed = unicodedata.normalize("NFKD", str(text).translate(_BASE_LETTERS))
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return unicodedata.normalize("NFKC", bare.casefold())


@functools.lru_cache(maxsize=16384)
def name_sort_key(last_name: str, first_name: str) -> str:
    """A person's key: last name, then first name (``"ozdemir, ali"``).

    Kept per process for the last 16,384 names: every ranking, list and export sorts the
    same people again, and Unicode normalisation is the costly part of sorting 2,000 rows.
    """
    return f"{sort_key(last_name).strip()}, {sort_key(first_name).strip()}"
