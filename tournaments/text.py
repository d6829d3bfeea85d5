"""How names sort for a German reader, and how a typed part of a name finds them.

Sorting (DIN 5007-1, the order of dictionaries and phone books): Ä sorts with A, Ö with O,
Ü with U and ß as ss; letters from other languages sort with their base letter (Ł with L,
ı with i); case does not matter. One key for every list of names: rankings (for players
sharing a place), table plans, player search results, the API's player list (through the
stored :attr:`Player.sort_name`).

Finding (:func:`search_terms`, :func:`search_text`, :func:`name_matches`): one rule for
every name search (the rankings' "find my name", the registration desk, the API's player
and participant searches, through the stored :attr:`Player.search_name`). A player types
their name as their keyboard and habit allow: "muller", "mueller" or "Müller" for Müller,
"lukasz" for Łukasz, "ivanov" or "Iwanow" for Иванов.
"""

import functools
import unicodedata

from anyascii import anyascii

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


# Spellings a player may use for one sound, folded alike on both sides of a search: the
# German umlauts written out (Müller, Mueller), and the German and English spellings of
# names from Cyrillic (Iwanow, Ivanov; Dmitrij, Dmitriy).
_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("w", "v"), ("j", "i"), ("y", "i"))
# Between the plain and the folded key of a name; no search term holds it.
_BETWEEN = " | "


def _plain(text: str) -> str:
    """Latin letters and digits only (Иванов → ivanov, Łukasz → lukasz, Weiß → weiss),
    case folded; a hyphen or an apostrophe joins its neighbours (Karl-Heinz → karlheinz).

    Digits other than 0-9 stay as they are: "³" or "１" is no one's name, and read as 3 or
    1 it would find every name with that digit in it.
    """
    text = unicodedata.normalize("NFC", text)
    latin = "".join(_latin(char) for char in text).casefold()
    kept = "".join(char for char in latin if char.isalnum() or char.isspace())
    return " ".join(kept.split())


def _latin(char: str) -> str:
    return char if char.isdigit() and not char.isascii() else anyascii(char)


def _folded(plain: str) -> str:
    for written, folded in _SPELLINGS:
        plain = plain.replace(written, folded)
    return plain


@functools.lru_cache(maxsize=16384)
def search_text(name: str) -> str:
    """What a search looks in for ``name``: its plain key and its folded key.

    Both, because folding "ue" also folds where it is no umlaut: "el" is in "manuel"
    but not in its folded "manul".
    """
    plain = _plain(str(name))
    return f"{plain}{_BETWEEN}{_folded(plain)}"


def search_terms(query) -> list[tuple[str, str]]:
    """The words of a typed query, each as its (plain, folded) key; words without letters
    or digits are left out, so "" and "-" have none."""
    if not isinstance(query, str):
        return []
    keys = (_plain(word) for word in query.split())
    return [(key, _folded(key)) for key in keys if key]


def name_matches(terms: list[tuple[str, str]], text: str) -> bool:
    """Whether every term is in ``text`` (a :func:`search_text`), plain or folded."""
    return all(plain in text or folded in text for plain, folded in terms)
